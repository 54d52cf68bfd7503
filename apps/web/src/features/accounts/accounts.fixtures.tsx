import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { AccountGroup } from '@tideline/contracts/accounts/account-groups.schemas';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import type { Transaction } from '@tideline/contracts/transactions/transactions.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { openAppAs, TEST_USER } from '../../test/open-app';

// Test data of the account screens: client 1 with two banks, two accounts, one staging account.

export { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
export { accountOf } from '../../test/fixture-records';
import { accountOf } from '../../test/fixture-records';

export const OPERATING = accountOf({ accountId: 10, accountName: 'Operating' });
export const PAYROLL = accountOf({ accountId: 11, accountName: 'Payroll', accountCategory: 'Payroll' });
export const STAGED = accountOf({
  accountId: 12,
  accountName: 'Uploaded Savings',
  accountType: null,
  accountCategory: null,
  accountAlias: null,
  bankId: null,
  bankName: null,
  accountBalance: null,
  accountBalanceDate: null,
  collectionType: null,
  defaultCollectionType: null,
  bankDataGatheringFrequency: null,
  isStaging: true,
});

export const RELATIONSHIPS: BankClientRelationship[] = [
  {
    bankClientRelId: 1,
    clientId: 1,
    bankId: 5,
    bankName: 'First Bank',
    numOfAccounts: 2,
    avgBalance12Months: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    status: 1,
    collectionType: 'Email',
  },
  {
    bankClientRelId: 2,
    clientId: 1,
    bankId: 6,
    bankName: 'Second Bank',
    numOfAccounts: 0,
    avgBalance12Months: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    status: 1,
    collectionType: 'SFTP',
  },
];

function groupOf(
  overrides: Partial<AccountGroup> & Pick<AccountGroup, 'groupID' | 'groupName'>,
): AccountGroup {
  return {
    numberOfAccounts: 2,
    updatedAt: '2025-02-01T00:00:00.000Z',
    validationStatus: 'NO',
    minDate: null,
    isAllAccounts: false,
    ...overrides,
  };
}
export const ALL_ACCOUNTS_GROUP = groupOf({ groupID: 1, groupName: 'All Accounts', isAllAccounts: true });
export const SWEEP_GROUP = groupOf({ groupID: 2, groupName: 'Sweep', numberOfAccounts: 1 });

export function transactionOf(id: number, amount: number, date = '2025-03-01'): Transaction {
  return {
    transactionId: id,
    accountId: 10,
    transactionDate: date,
    transactionDescription: `Item ${id}`,
    amount,
    keyword: null,
    keywordId: null,
  };
}

export const BASE_ROUTES: Record<string, FakeHandler | FakeResponse> = {
  'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
  'GET /api/accounts/all/1': { body: [OPERATING, PAYROLL] },
  'GET /api/accounts/review/1': { body: [STAGED] },
  'GET /api/accounts/list/1': {
    body: [OPERATING, PAYROLL].map(({ accountId, accountName, accountNumber }) => ({
      accountId,
      accountName,
      accountNumber,
    })),
  },
  'GET /api/accounts/types': { body: ['Transaction', 'Investment'] },
  'GET /api/accounts/categories': { body: ['Operating', 'Payroll'] },
  'GET /api/clients/banks/all/1': { body: RELATIONSHIPS },
  'GET /api/banks/default-data-gathering-frequencies': {
    body: [
      { bankId: 5, defaultDataGatheringFrequency: 3 },
      { bankId: 6, defaultDataGatheringFrequency: 6 },
    ],
  },
  'GET /api/accounts/groups/all/1': { body: [ALL_ACCOUNTS_GROUP, SWEEP_GROUP] },
  'GET /api/transactions/keywords': {
    body: [
      { label: 'Payroll', value: 3 },
      { label: 'Tax', value: 4 },
    ],
  },
};

/** Renders one of the client-profile tabs on its own, over the fake API. */
export function renderTab(
  element: React.ReactElement,
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
) {
  const me = { ...TEST_USER, permList: [...permList] };
  useSessionStore.getState().setUser(me);
  const api = fakeApi({ ...BASE_ROUTES, 'GET /api/users/logged-user': { body: me }, ...routes });
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </AppProviders>,
  );
  return { api, ...result };
}

/** Opens a route of the app (guards and all) as a signed-in user. */
export function openRoute(
  path: string,
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
) {
  return openAppAs(path, permList, { ...BASE_ROUTES, ...routes });
}

export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { name, level: 1 }, { timeout: 10_000 });
}
