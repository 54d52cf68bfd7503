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

/** The inspect answer: `notValidated` rows answer the title's pageSize 1 question. */
export function inspectRoute(rows: StagingTransaction[]): FakeHandler {
  return ({ body }) => {
    const { filters } = body as { filters: { id: string; value: unknown }[] };
    const status = filters.find((f) => f.id === 'validationStatus')?.value;
    const results = status ? rows.filter((r) => r.validationStatus === status) : rows;
    return { body: { results, pageCount: 1, resultCount: results.length, totalCount: rows.length } };
  };
}

/** The dialog alone, signed in with `permList`, over two batch accounts (31 and 32). */
export function openDialog(rows: StagingTransaction[], permList = ALL_PERMISSIONS, routes: Routes = {}) {
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
      <StagingTransactionsDialog batch={BATCH} batchAccountIds={[31, 32]} onClose={() => undefined} />
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
