import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { LiquidityLevels } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type {
  DurationCapabilityGraph,
  MonteCarloResults,
  MonteCarloTotalBalance,
} from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import type { MonteCarloRun } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';

// Whole records for the Monte Carlo tests' fake API answers; each test names what matters.

export const CLIENT_ID = 7;
export const ANALYST: Permission[] = [
  'VIEW_MONTE_CARLO_ANALYSIS',
  'RUN_MONTE_CARLO_MODEL',
  'DELETE_MONTE_CARLO_MODEL',
  'EDIT_ACCOUNT_GROUPS',
  'VIEW_ACCOUNT_GROUPS',
  'VIEW_LIQUIDITY_LEVELS',
  'EDIT_LIQUIDITY_LEVELS',
];

export function runOf(over: Partial<MonteCarloRun> & Pick<MonteCarloRun, 'monteCarloId'>): MonteCarloRun {
  return {
    monteCarloName: `Run ${over.monteCarloId}`,
    groupId: 40,
    groupName: 'All Accounts',
    createdAt: `2026-10-${String(20 - over.monteCarloId).padStart(2, '0')}T12:00:00.000Z`,
    startDateRange: '2023-09-30',
    endDateRange: '2026-09-30',
    numberOfYears: 3,
    dataHasChanged: 'NO',
    state: 'done',
    progress: 100,
    message: null,
    jobId: null,
    completedAt: '2026-10-01T12:00:05.000Z',
    ...over,
  };
}

export function levelsOf(monteCarloId: number, over: Partial<LiquidityLevels> = {}): LiquidityLevels {
  const amounts = {
    levelOne: 100_000,
    levelTwo: 200_000,
    levelThree: 150_000,
    levelFour: 250_000,
    levelFive: 250_000,
    cushion: 50_000,
  };
  return {
    monteCarloId,
    accountGroupId: 40,
    dateRange: 6,
    startBalance: 1_000_000,
    ...amounts,
    shortTermDollars: 300_000,
    strategicLiquidity: 850_000,
    isOverridden: false,
    overridden: {
      levelOne: false,
      levelTwo: false,
      levelThree: false,
      levelFour: false,
      levelFive: false,
      cushion: false,
    },
    defaults: amounts,
    updatedAt: null,
    ...over,
  };
}

export function resultsOf(run: MonteCarloRun): MonteCarloResults {
  const levels = levelsOf(run.monteCarloId);
  const fields = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive'] as const;
  const horizons = [
    '0 to 30 days',
    '30 days to 30 weeks',
    '30 weeks to 1 year',
    '1 year to 30 months',
    '30 months and longer',
  ];
  return {
    monteCarloId: run.monteCarloId,
    monteCarloName: run.monteCarloName,
    groupId: run.groupId,
    groupName: run.groupName,
    createdAt: run.createdAt,
    startDateRange: run.startDateRange,
    endDateRange: run.endDateRange,
    numberOfYears: run.numberOfYears,
    seed: 42,
    paths: 10_000,
    bootstrap: 'seasonal',
    bootstrapBlock:
      'one calendar month at a time, each taken from one of the last 2 years of history at random, in calendar order',
    dataAsOf: run.createdAt,
    startBalance: 1_000_000,
    minimumBalance: 800_000,
    monteResult: [
      { row: 'Raw Output', year1: 700_000, year2: 600_000, year3: 550_000, year4: 500_000, year5: 450_000 },
      { row: 'From Min Bal', year1: 500_000, year2: 400_000, year3: 350_000, year4: 300_000, year5: 250_000 },
    ],
    durationCapability: [],
    levels,
    rateTable: fields.map((field, index) => ({
      field,
      levelNumber: index + 1,
      amount: levels[field],
      duration: horizons[index]!,
      benchmark: 'Rate',
      seriesId: 'EFFR',
      indicativeRate: 4.5,
      rateDate: '2026-09-29',
      benchmarkInterest: levels[field] * 0.045,
    })),
    totalBenchmarkInterest: 42_750,
    stability: {
      levelRanges: Object.fromEntries(
        [...fields, 'cushion' as const].map((field) => [
          field,
          { low: levels[field] - 10_000, high: levels[field] + 5_000 },
        ]),
      ) as MonteCarloResults['stability']['levelRanges'],
      leftOutYears: [1, 2],
      coherentShare: 0.912,
      expectedShortfall: [],
      meanBlockLength: 6.4,
      blockLengthSource: 'automatic',
      annualDrift: 0,
      operatingNeed: levels.levelOne,
      worstThirtyDayOutflow: levels.levelOne + levels.cushion,
    },
  };
}

const graphOf = (monteCarloId: number): DurationCapabilityGraph => ({
  monteCarloId,
  startBalance: 1_000_000,
  cushion: 50_000,
  isOverridden: false,
  points: [0, 1, 2].map((month) => ({
    month,
    date: `2026-1${month}-01`,
    durationCapability: 950_000 - month * 100_000,
    cushion: 50_000,
  })),
});

const totalOf = (monteCarloId: number): MonteCarloTotalBalance => ({
  monteCarloId,
  endDate: '2026-09-30',
  startBalance: 1_000_000,
  minimumBalance: 800_000,
  points: [0, 1, 2].map((month) => ({
    month,
    date: `2026-1${month}-01`,
    medianBalance: 1_000_000,
    lowerBalance: 900_000,
    upperBalance: 1_100_000,
  })),
});

export type Routes = Record<string, FakeHandler | FakeResponse>;

/** The answers a run's results panel reads. */
export function resultRoutes(runs: readonly MonteCarloRun[]): Routes {
  return Object.fromEntries(
    runs.flatMap((run) => [
      [`GET /api/analytics/monte-carlo/results/${run.monteCarloId}`, { body: resultsOf(run) }],
      [
        `GET /api/analytics/monte-carlo/duration-capability-cushion-graph/${run.monteCarloId}`,
        { body: graphOf(run.monteCarloId) },
      ],
      [
        `GET /api/analytics/monte-carlo/total-balance/${run.monteCarloId}`,
        { body: totalOf(run.monteCarloId) },
      ],
    ]),
  );
}

/** Renders `ui` alone (providers and a router), signed in with `permList`, against a fake API. */
export function renderWithApi(ui: ReactNode, permList: readonly Permission[] = ANALYST, routes: Routes = {}) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList: [...permList] });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    [`GET /api/accounts/groups/list/${CLIENT_ID}`]: {
      body: [
        { label: 'All Accounts', value: 40, isAllAccounts: true },
        { label: 'Operating', value: 41, isAllAccounts: false },
      ],
    },
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}
