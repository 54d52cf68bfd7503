import type { Permission } from '@tideline/contracts/access/permissions';
import type { InvestmentGroup } from '@tideline/contracts/investments/investment-groups.schemas';
import type { Investment } from '@tideline/contracts/investments/investments.schemas';
import type { FakeApi, FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

// Test data of the investment screens: two investments of client 1 and one group.

export { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

export function investmentOf(overrides: Partial<Investment> & Pick<Investment, 'id'>): Investment {
  return {
    clientId: 1,
    clientName: 'Springfield',
    accountId: 10,
    accountName: 'General Fund',
    fileId: 1,
    clientAccountRelationship: 'Springfield, General Fund',
    faceValue: 1_000_000,
    maturityDate: '2026-06-30',
    investmentTypeId: 2,
    investmentTypeName: 'Treasury Bill',
    investmentType: 'Treasury Bill',
    fund: null,
    interestRate: 4.25,
    liquidityLevel: null,
    daysUntilMaturity: 45,
    investmentId: '912797KX4',
    couponRate: 3.5,
    callDate: '2026-03-31',
    settlementDate: '2025-12-31',
    settlementAmount: 990_000,
    interestAtMaturity: 27_452.05,
    premiumDiscount: 'Discount',
    bank: 'First Bank',
    createdAt: '2025-12-31T10:00:00.000Z',
    investmentGroupIdList: [],
    ...overrides,
  };
}

export const T_BILL = investmentOf({ id: 1 });
export const AGENCY_NOTE = investmentOf({
  id: 2,
  investmentId: '3133EPXY1',
  investmentTypeId: 3,
  investmentTypeName: 'Agency Note',
  investmentType: 'Agency Note',
  fileId: 44,
  liquidityLevel: 3,
});

export const RESERVES: InvestmentGroup = {
  groupId: 7,
  groupName: 'Reserves',
  countInvestments: 1,
  settlementAmountSum: 990_000,
  updatedAt: '2026-01-05T12:00:00.000Z',
};

export function pageOf(rows: Investment[], totalCount = rows.length) {
  return { body: { results: rows, pageCount: 1, resultCount: rows.length, totalCount } };
}

export const BASE_ROUTES: Record<string, FakeHandler | FakeResponse> = {
  'POST /api/investments/all/': pageOf([T_BILL, AGENCY_NOTE]),
  'GET /api/investments/types/list': {
    body: [
      { label: 'Treasury Bill', value: 2, callable: false },
      { label: 'Agency Note', value: 3, callable: false },
      { label: 'Callable Agency Note', value: 4, callable: true },
    ],
  },
  'GET /api/investments/groups': { body: [RESERVES] },
  'GET /api/investments/groups/single/7': { body: RESERVES },
  'GET /api/dashboard/users/maturing-investments/3': {
    body: { windowStart: '2026-05-01', windowEnd: '2026-07-30', maturityLimitDays: 90, clients: [] },
  },
};

/** Opens a route of the app (guards and all) as a signed-in user, with an optional navigation state. */
export function openInvestments(
  path: string,
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
  state?: unknown,
) {
  const [pathname = path, search = ''] = path.split('?');
  const opened = openAppAs({ pathname, search, state }, ['VIEW_INVESTMENTS', ...permList], {
    ...BASE_ROUTES,
    ...routes,
  });
  return { ...opened, currentPath: () => opened.currentPath() + opened.currentSearch() };
}

/** The bodies the investments lists were asked with, in order. */
export function listRequests(api: FakeApi, path = '/api/investments/all/') {
  return api.calls
    .filter((c) => c.method === 'POST' && c.path === path)
    .map((c) => c.body as { filters: { id: string; value: unknown }[]; pageSize: number; pageIndex: number });
}
