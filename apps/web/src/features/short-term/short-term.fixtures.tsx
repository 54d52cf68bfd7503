import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { AccountGroup } from '@tideline/contracts/accounts/account-groups.schemas';
import type {
  CashPositionForecast,
  DayToDayVariance,
  ShortTermForecast,
  ShortTermModelRow,
  ShortTermStep2Row,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';

// Records and a renderer for the Short Term Model tab's tests (API faked at the fetch boundary).

export const ALL_PERMISSIONS: Permission[] = [
  'VIEW_SHORT_TERM_MODEL',
  'RUN_SHORT_TERM_MODEL',
  'DELETE_SHORT_TERM_MODEL',
  'DOWNLOAD_FILES',
];

export const GROUPS: AccountGroup[] = [
  {
    groupID: 7,
    groupName: 'All Accounts',
    numberOfAccounts: 3,
    updatedAt: '2026-01-02T00:00:00.000Z',
    validationStatus: 'YES',
    minDate: '2023-07-03',
    isAllAccounts: true,
  },
  {
    groupID: 8,
    groupName: 'Operating',
    numberOfAccounts: 1,
    updatedAt: '2026-01-02T00:00:00.000Z',
    validationStatus: 'YES',
    minDate: '2024-02-01',
    isAllAccounts: false,
  },
];

export function modelRow(overrides: Partial<ShortTermModelRow> = {}): ShortTermModelRow {
  return {
    shortTermModelId: 1,
    shortTermModelName: 'Year-end forecast',
    groupId: 7,
    groupName: 'All Accounts',
    createdAt: '2026-01-05T15:00:00.000Z',
    startDateRange: '2023-07-03',
    endDateRange: '2025-12-31',
    stepStatus: 'YES',
    dataHasChanged: 'NO',
    fileUrl: '0b0c2f1e-1111-4222-8333-444455556666',
    balanceAdjustments: [{ date: '2026-01-15', amount: -50000 }],
    state: 'done',
    progress: 100,
    message: null,
    jobId: null,
    completedAt: '2026-01-05T15:01:00.000Z',
    ...overrides,
  };
}

export function step2Row(overrides: Partial<ShortTermStep2Row> = {}): ShortTermStep2Row {
  return { ...modelRow(), accuracy: null, modelAccuracy: null, strategicLiquidityNote: null, ...overrides };
}

export function forecastOf(id: number, name: string): ShortTermForecast {
  return {
    shortTermModelId: id,
    shortTermModelName: name,
    groupName: 'All Accounts',
    rows: [
      {
        date: '2026-01-02',
        forecastBalance: 251000,
        singleVariance: 1000,
        sevenDayVariance: -250.5,
        fourteenDayVariance: 0,
        monthlyVariance: 3000,
      },
    ],
  };
}

export function dayToDayOf(id: number): DayToDayVariance {
  return {
    shortTermModelId: id,
    shortTermModelName: 'Year-end forecast',
    groupName: 'All Accounts',
    rows: [
      { date: '2025-12-31', actual: -300, forecast: null },
      { date: '2026-01-02', actual: null, forecast: 1000 },
    ],
  };
}

export function cashPositionOf(id: number, weeks = 2): CashPositionForecast {
  return {
    shortTermModelId: id,
    shortTermModelName: 'Year-end forecast',
    groupName: 'All Accounts',
    strategicLiquidityNote: null,
    rows: Array.from({ length: weeks }, (_, index) => ({
      week: index + 1,
      dateRange: `2026-01-${String(1 + index * 7).padStart(2, '0')} - 2026-01-${String(7 + index * 7).padStart(2, '0')}`,
      forecast: 250000 + index * 1000,
      priorYearActual: 240000,
      strategicLiquidity: 180000,
      actual: null,
    })),
  };
}

/** The panel's three reads of a viewed model. */
export function panelRoutes(id: number, name: string, groupId = 7): Record<string, FakeResponse> {
  return {
    [`GET /api/analytics/short-term/forecast/${groupId}?shortTermModelId=${id}`]: {
      body: forecastOf(id, name),
    },
    [`GET /api/analytics/short-term/day-to-day-variance/${groupId}?shortTermModelId=${id}`]: {
      body: dayToDayOf(id),
    },
    [`GET /api/analytics/short-term/cash-position-forecast/1/${groupId}?shortTermModelId=${id}`]: {
      body: cashPositionOf(id),
    },
  };
}

export type Routes = Record<string, FakeHandler | FakeResponse>;

/** Renders `ui` alone with the app's providers, signed in with `permList`. */
export function renderAlone(ui: ReactNode, permList: Permission[] = ALL_PERMISSIONS, routes: Routes = {}) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}
