import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { StagingTransaction } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';
import { StagingTransactionsDialog } from './staging-transactions-dialog';
import type { StagingTransactionsView } from './staging-transactions-table';

// Whole records for the staging transactions tests' fake API answers; the test names what matters.

export const BATCH: ClientBatch = {
  batchId: 21,
  openReportId: 10,
  clientId: 1,
  clientName: 'Acme County',
  bankClientRelId: 5,
  bankId: 3,
  bankName: 'First National',
  templateId: 8,
  templateType: 'Transaction',
  accountName: 'Operating',
  accountCount: 2,
  startDate: '2026-07-01',
  endDate: '2026-09-30',
  createdAt: '2026-07-02T12:00:00.000Z',
  sourcesRequired: 3,
  numberOfFiles: 2,
  collectionType: 'File Upload',
  status: 'IN PROGRESS',
  hasNotes: false,
  inProgressCount: 0,
  failedCount: 0,
  validatedAt: null,
};

export const ALL_PERMISSIONS: Permission[] = [
  'VIEW_STAGING_TRANSACTIONS',
  'EDIT_STAGING_TRANSACTIONS',
  'VALIDATE_STAGING_TRANSACTIONS',
  'INVALIDATE_STAGING_TRANSACTIONS',
  'DELETE_STAGING_TRANSACTIONS',
];

export function rowOf(
  over: Partial<StagingTransaction> & Pick<StagingTransaction, 'stagingTransactionId'>,
): StagingTransaction {
  return {
    transactionId: over.stagingTransactionId,
    batchAccountId: 31,
    accountNumber: '0001234',
    transactionDate: '2026-07-03',
    transactionDescription: `Item ${over.stagingTransactionId}`,
    keyword: 'Tax',
    keywordId: 4,
    amount: 100,
    validationStatus: 'No',
    duplicateReason: null,
    duplicateRule: null,
    duplicateDecision: null,
    isBooked: false,
    fileName: 'july.csv',
    rowNumber: over.stagingTransactionId,
    ...over,
  };
}

export const KEYWORDS = [
  { label: 'Tax', value: 4 },
  { label: 'Payroll', value: 5 },
];

export type Routes = Record<string, FakeHandler | FakeResponse>;

/** The decision a flagged row's filter reads: 'undecided' until kept or dropped; none when not flagged. */
const decisionOf = (r: StagingTransaction) =>
  r.duplicateReason === null ? null : (r.duplicateDecision ?? 'undecided');

/**
 * The inspect answer, paged: `validationStatus` answers the title's pageSize 1 question, and
 * `duplicateDecision` the duplicates to decide.
 */
export function inspectRoute(rows: StagingTransaction[]): FakeHandler {
  return ({ body }) => {
    const {
      filters,
      pageSize = 50,
      pageIndex = 0,
    } = body as {
      filters: { id: string; value: unknown }[];
      pageSize?: number;
      pageIndex?: number;
    };
    const valueOf = (id: string) => filters.find((f) => f.id === id)?.value;
    const status = valueOf('validationStatus');
    const decision = valueOf('duplicateDecision');
    const matching = rows.filter(
      (r) =>
        (status === undefined || r.validationStatus === status) &&
        (decision === undefined || decisionOf(r) === decision),
    );
    const results = matching.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
    return {
      body: {
        results,
        pageCount: Math.max(1, Math.ceil(matching.length / pageSize)),
        resultCount: matching.length,
        totalCount: rows.length,
      },
    };
  };
}

/** A possible duplicate of a booked transaction, undecided unless told. */
export function duplicateOf(
  over: Partial<StagingTransaction> & Pick<StagingTransaction, 'stagingTransactionId'>,
): StagingTransaction {
  return rowOf({
    duplicateReason: `Same date, amount and description as transaction 88${over.stagingTransactionId} in the books: 1 row alike in this file, 1 row alike in the books.`,
    duplicateRule: 'match',
    ...over,
  });
}

/** The dialog alone, signed in with `permList`, over two batch accounts (31 and 32). */
export function openDialog(
  rows: StagingTransaction[],
  permList = ALL_PERMISSIONS,
  routes: Routes = {},
  view?: StagingTransactionsView,
) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/transactions/keywords': { body: KEYWORDS },
    'POST /api/transactions/staging/inspect': inspectRoute(rows),
    ...routes,
  });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <StagingTransactionsDialog
        batch={BATCH}
        batchAccountIds={[31, 32]}
        view={view}
        onClose={() => undefined}
      />
    </AppProviders>,
  );
  return { api, queryClient, user: userEvent.setup({ delay: null }) };
}

export async function findTable() {
  return screen.findByRole('table', { name: 'Inspect Staging Transactions' });
}

/** The row showing `text`, once the table has it. */
export async function findRow(text: string) {
  const table = await findTable();
  return (await within(table).findByText(text)).closest('tr')!;
}

export const inspectCalls = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.path === '/api/transactions/staging/inspect');
