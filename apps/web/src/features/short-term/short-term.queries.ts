import { queryOptions } from '@tanstack/react-query';
import type { ShortTermModelRow } from '@tideline/contracts/short-term/short-term-results.schemas';
import {
  fetchAccountGroups,
  fetchCashPositionForecast,
  fetchClientCashPosition,
  fetchClientDayToDayVariance,
  fetchClientShortTermForecast,
  fetchDayToDayVariance,
  fetchForecast,
  fetchModelOptions,
  fetchStep1Rows,
  fetchStep2Rows,
} from './short-term.api';

// One key factory per area (style.md "Web"). The tables are read again every 2 s while a step of
// theirs is queued or running; a finished model's forecast changes only when it is run again.

const RUNNING_POLL_MS = 2_000;
const isUnfinished = (row: ShortTermModelRow) => row.state === 'queued' || row.state === 'running';
const pollWhileRunning = (rows: readonly ShortTermModelRow[] | undefined) =>
  rows?.some(isUnfinished) ? RUNNING_POLL_MS : false;

export const shortTermKeys = {
  all: () => ['short-term'] as const,
  client: (clientId: number) => [...shortTermKeys.all(), 'client', clientId] as const,
  model: (shortTermModelId: number) => [...shortTermKeys.all(), 'model', shortTermModelId] as const,
};

export const shortTermQueries = {
  step1: (clientId: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.client(clientId), 'step-1'] as const,
      queryFn: () => fetchStep1Rows(clientId),
      refetchInterval: (query) => pollWhileRunning(query.state.data),
    }),
  step2: (clientId: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.client(clientId), 'step-2'] as const,
      queryFn: () => fetchStep2Rows(clientId),
      refetchInterval: (query) => pollWhileRunning(query.state.data),
    }),
  options: (clientId: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.client(clientId), 'options'] as const,
      queryFn: () => fetchModelOptions(clientId),
    }),
  /** Shares the accounts feature's key, so a group added there shows here. */
  accountGroups: (clientId: number) =>
    queryOptions({
      queryKey: ['account-groups', clientId, 'all'] as const,
      queryFn: () => fetchAccountGroups(clientId),
    }),
  forecast: (groupId: number, shortTermModelId: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.model(shortTermModelId), 'forecast', groupId] as const,
      queryFn: () => fetchForecast(groupId, shortTermModelId),
      retry: false,
    }),
  dayToDay: (groupId: number, shortTermModelId: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.model(shortTermModelId), 'day-to-day', groupId] as const,
      queryFn: () => fetchDayToDayVariance(groupId, shortTermModelId),
      retry: false,
    }),
  cashPosition: (clientId: number, groupId: number, shortTermModelId: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.model(shortTermModelId), 'cash-position', clientId, groupId] as const,
      queryFn: () => fetchCashPositionForecast(clientId, groupId, shortTermModelId),
      retry: false,
    }),
  clientDayToDay: (clientId: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.client(clientId), 'widget', 'day-to-day'] as const,
      queryFn: () => fetchClientDayToDayVariance(clientId),
    }),
  clientForecast: (clientId: number, weeks: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.client(clientId), 'widget', 'forecast', weeks] as const,
      queryFn: () => fetchClientShortTermForecast(clientId, weeks),
    }),
  clientCashPosition: (clientId: number, weeks: number) =>
    queryOptions({
      queryKey: [...shortTermKeys.client(clientId), 'widget', 'cash-position', weeks] as const,
      queryFn: () => fetchClientCashPosition(clientId, weeks),
    }),
};
