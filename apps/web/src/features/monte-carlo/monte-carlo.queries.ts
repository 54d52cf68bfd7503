import { queryOptions } from '@tanstack/react-query';
import type { LiquidityDateRange } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { MonteCarloRun } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import {
  fetchAssetsWidget,
  fetchCapabilityGraph,
  fetchCurrentLevels,
  fetchDefaultLevels,
  fetchGroupOptions,
  fetchInvestedByLevel,
  fetchMonteCarloResults,
  fetchMonteCarloRuns,
  fetchTotalBalance,
  validateMonteCarloRun,
} from './monte-carlo.api';

// One key factory per area (style.md "Web"). A run's panel reads stored results: they change only when
// the run is run again or its levels are set, and those invalidate ['monte-carlo'].

/** How often the history is read again while a run of it is queued or running. */
const RUNNING_POLL_MS = 2_000;
const isUnfinished = (run: MonteCarloRun) => run.state === 'queued' || run.state === 'running';

export const monteCarloKeys = {
  all: () => ['monte-carlo'] as const,
  runs: (clientId: number) => [...monteCarloKeys.all(), 'runs', clientId] as const,
  run: (monteCarloId: number) => [...monteCarloKeys.all(), 'run', monteCarloId] as const,
};

export const monteCarloQueries = {
  runs: (clientId: number) =>
    queryOptions({
      queryKey: monteCarloKeys.runs(clientId),
      queryFn: () => fetchMonteCarloRuns(clientId),
      refetchInterval: (query) => (query.state.data?.some(isUnfinished) ? RUNNING_POLL_MS : false),
    }),
  validation: (groupId: number, endDate: string, numberOfYears: number) =>
    queryOptions({
      queryKey: [...monteCarloKeys.all(), 'validation', groupId, endDate, numberOfYears] as const,
      queryFn: () => validateMonteCarloRun(groupId, endDate, numberOfYears),
      staleTime: 30_000,
      retry: false,
    }),
  results: (monteCarloId: number) =>
    queryOptions({
      queryKey: [...monteCarloKeys.run(monteCarloId), 'results'] as const,
      queryFn: () => fetchMonteCarloResults(monteCarloId),
      retry: false,
    }),
  totalBalance: (monteCarloId: number) =>
    queryOptions({
      queryKey: [...monteCarloKeys.run(monteCarloId), 'total-balance'] as const,
      queryFn: () => fetchTotalBalance(monteCarloId),
      retry: false,
    }),
  graph: (monteCarloId: number) =>
    queryOptions({
      queryKey: [...monteCarloKeys.run(monteCarloId), 'graph'] as const,
      queryFn: () => fetchCapabilityGraph(monteCarloId),
      retry: false,
    }),
  currentLevels: (monteCarloId: number) =>
    queryOptions({
      queryKey: [...monteCarloKeys.run(monteCarloId), 'levels', 'current'] as const,
      queryFn: () => fetchCurrentLevels(monteCarloId),
    }),
  defaultLevels: (monteCarloId: number, dateRange: LiquidityDateRange) =>
    queryOptions({
      queryKey: [...monteCarloKeys.run(monteCarloId), 'levels', 'default', dateRange] as const,
      queryFn: () => fetchDefaultLevels(monteCarloId, dateRange),
      staleTime: 0,
    }),
  /** Shares the accounts feature's key, so a group added there shows here. */
  groupOptions: (clientId: number) =>
    queryOptions({
      queryKey: ['account-groups', clientId, 'options'] as const,
      queryFn: () => fetchGroupOptions(clientId),
    }),
  assetsWidget: (clientId: number) =>
    queryOptions({
      queryKey: [...monteCarloKeys.all(), 'widgets', 'assets', clientId] as const,
      queryFn: () => fetchAssetsWidget(clientId),
    }),
  investedByLevel: (clientId: number, groupId: number) =>
    queryOptions({
      queryKey: [...monteCarloKeys.all(), 'widgets', 'invested-by-level', clientId, groupId] as const,
      queryFn: () => fetchInvestedByLevel(clientId, groupId),
    }),
};
