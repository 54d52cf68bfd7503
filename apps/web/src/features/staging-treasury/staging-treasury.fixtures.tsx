import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import type {
  StagingAccountBalance,
  StagingBalance,
  StagingFee,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';
import { TreasuryStagingDialog } from './treasury-staging-dialog';

// Whole records for the treasury staging tests' fake API answers; the test names what matters.

export const BATCH: ClientBatch = {
  batchId: 22,
  openReportId: 10,
  clientId: 1,
  clientName: 'Acme County',
  bankClientRelId: 5,
  bankId: 3,
  bankName: 'First National',
  templateId: 9,
  templateType: 'Treasury',
  accountName: 'Analysis',
  accountCount: 3,
  startDate: '2026-07-01',
  endDate: '2026-09-30',
  createdAt: '2026-07-02T12:00:00.000Z',
  sourcesRequired: 1,
  numberOfFiles: 1,
  collectionType: 'File Upload',
  status: 'IN PROGRESS',
  hasNotes: false,
  inProgressCount: 0,
  failedCount: 0,
  validatedAt: null,
};

export const TITLE = 'Validate/Inspect/Edit: Acme County / First National / Analysis Statements';

/** The batch account of each section of BATCH. */
export const SECTION_ACCOUNT = { Balance: 41, Fees: 42, 'Account Balance': 43 } as const;

export const ALL_PERMISSIONS: Permission[] = (['FEES', 'BALANCES', 'ACCOUNT_BALANCES'] as const).flatMap(
  (what) => {
    const verbs = [
      'VIEW',
      'EDIT',
      'VALIDATE',
      'INVALIDATE',
      ...(what === 'ACCOUNT_BALANCES' ? [] : ['DELETE']),
    ];
    return verbs.map((verb) => `${verb}_STAGING_${what}` as Permission);
  },
);

const base = (headers: string[], amounts: [number | null, number | null][]) => ({
  batchId: BATCH.batchId,
  fileName: 'analysis.xml',
  rowNumber: 1,
  headers,
  amounts,
  validationStatus: 'No' as const,
});

export function balanceOf(over: Partial<StagingBalance> & Pick<StagingBalance, 'stagingBalanceId'>) {
  return {
    id: over.stagingBalanceId,
    batchAccountId: SECTION_ACCOUNT.Balance,
    ...base(['July'], [[0, 1500]]),
    accountNumber: '0001234',
    afpCode: null,
    description: `Balance ${over.stagingBalanceId}`,
    standardizedDescription: null,
    standardDescriptionId: null,
    isRate: false,
    volumes: [],
    ...over,
  } satisfies StagingBalance;
}

export function feeOf(over: Partial<StagingFee> & Pick<StagingFee, 'stagingFeeId'>) {
  return {
    batchAccountId: SECTION_ACCOUNT.Fees,
    ...base(['Amount'], [[0, 12.5]]),
    accountNumber: '0001234',
    bankCategory: 'Deposits',
    description: `Fee ${over.stagingFeeId}`,
    bankCode: '100',
    afpCode: '010000',
    category: null,
    categoryId: null,
    subCategory: null,
    subCategoryId: null,
    bankLevelException: null,
    bankLevelExceptionId: null,
    clientLevelException: null,
    clientLevelExceptionId: null,
    unitPrice: 0.25,
    volumes: [[0, 50]],
    currency: 'USD',
    ...over,
  } satisfies StagingFee;
}

export function accountBalanceOf(
  over: Partial<StagingAccountBalance> & Pick<StagingAccountBalance, 'stagingAccountBalanceId'>,
) {
  return {
    batchAccountId: SECTION_ACCOUNT['Account Balance'],
    ...base(['July'], [[0, 2500]]),
    accountNumber: '0009876',
    afpCode: null,
    description: `Account balance ${over.stagingAccountBalanceId}`,
    standardizedDescription: null,
    standardDescriptionId: null,
    isRate: false,
    ...over,
  } satisfies StagingAccountBalance;
}

const listOf = (batchAccountId: number, results: unknown[]) => ({
  body: {
    msg: 'Staging rows loaded.',
    batchId: BATCH.batchId,
    batchAccount: { batchAccountId, status: 'Needs Validation' },
    results,
    resultCount: results.length,
  },
});

export const CATEGORIES = [
  {
    categoryId: 1,
    code: '01',
    name: 'Balance and Compensation',
    subCategories: [{ subCategoryId: 11, categoryId: 1, code: '010000', name: 'Balance Services' }],
  },
  {
    categoryId: 2,
    code: '10',
    name: 'Depository Services',
    subCategories: [{ subCategoryId: 21, categoryId: 2, code: '100000', name: 'Deposits Posted' }],
  },
];

export type Routes = Record<string, FakeHandler | FakeResponse>;
const API = '/api/data-ingestion-treasury-services';
export const api = (path: string) => `${API}${path}`;

export interface Sections {
  balances?: StagingBalance[];
  fees?: StagingFee[];
  accountBalances?: StagingAccountBalance[];
}

/** The dialog alone, signed in with `permList`, opened on the batch accounts of the sections given. */
export function openDialog(sections: Sections, permList = ALL_PERMISSIONS, routes: Routes = {}) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  const batchAccountIds = [
    ...(sections.balances ? [SECTION_ACCOUNT.Balance] : []),
    ...(sections.fees ? [SECTION_ACCOUNT.Fees] : []),
    ...(sections.accountBalances ? [SECTION_ACCOUNT['Account Balance']] : []),
  ];
  const fake = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    [`GET ${API}/balances/staging/22`]: () => listOf(SECTION_ACCOUNT.Balance, sections.balances ?? []),
    [`GET ${API}/fees/staging/22`]: () => listOf(SECTION_ACCOUNT.Fees, sections.fees ?? []),
    [`GET ${API}/account-balances/staging/22`]: () =>
      listOf(SECTION_ACCOUNT['Account Balance'], sections.accountBalances ?? []),
    [`GET ${API}/fee-categories/list`]: { body: { msg: 'List loaded.', results: CATEGORIES } },
    [`GET ${API}/standardized-description/list`]: {
      body: {
        msg: 'List loaded.',
        results: [
          { standardDescriptionId: 5, name: 'Average Ledger Balance', isRate: false },
          { standardDescriptionId: 6, name: 'Earnings Credit Rate', isRate: true },
        ],
      },
    },
    [`GET ${API}/bank-level-exception/list`]: {
      body: { msg: 'List loaded.', results: [{ bankLevelExceptionId: 3, name: 'Waived', description: '' }] },
    },
    [`GET ${API}/client-level-exception/list`]: {
      body: {
        msg: 'List loaded.',
        results: [{ clientLevelExceptionId: 4, name: 'Disputed', description: '' }],
      },
    },
    ...routes,
  });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <TreasuryStagingDialog batch={BATCH} batchAccountIds={batchAccountIds} onClose={() => undefined} />
    </AppProviders>,
  );
  return { api: fake, queryClient, user: userEvent.setup({ delay: null }) };
}

export const findTable = (name: string) => screen.findByRole('table', { name });

/** The row of `table` showing `text`, once the table has it. */
export async function findRow(tableName: string, text: string) {
  const table = await findTable(tableName);
  return (await within(table).findByText(text)).closest('tr')!;
}

export async function chooseRowAction(
  user: ReturnType<typeof userEvent.setup>,
  tableName: string,
  rowText: string,
  action: string,
) {
  await user.click(within(await findRow(tableName, rowText)).getByRole('button', { name: /^Actions for/ }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

export const bodiesOf = (fake: ReturnType<typeof fakeApi>, method: string, path: string) =>
  fake.calls.filter((c) => c.method === method && c.path === api(path)).map((c) => c.body);
