import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import type { StagingInvestment } from '@tideline/contracts/staging-investments/staging-investments.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';
import { StagingInvestmentsDialog } from './staging-investments-dialog';

// Whole records for the staging investments tests' fake API answers; the test names what matters.

export const BATCH: ClientBatch = {
  batchId: 21,
  openReportId: 10,
  clientId: 1,
  clientName: 'Acme County',
  bankClientRelId: 5,
  bankId: 3,
  bankName: 'First National',
  templateId: 8,
  templateType: 'Investment',
  accountName: 'Ladder',
  accountCount: 1,
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

export const ALL_PERMISSIONS: Permission[] = [
  'VIEW_STAGING_INVESTMENTS',
  'EDIT_STAGING_INVESTMENTS',
  'VALIDATE_STAGING_INVESTMENTS',
  'INVALIDATE_STAGING_INVESTMENTS',
  'DELETE_STAGING_INVESTMENTS',
];

export const TYPES = [
  { label: 'Treasury Bill', value: 1 },
  { label: 'Commercial Paper', value: 2 },
];

export function investmentOf(
  over: Partial<StagingInvestment> & Pick<StagingInvestment, 'id'>,
): StagingInvestment {
  return {
    stagingInvestmentId: over.id,
    batchAccountId: 31,
    faceValue: 100000,
    maturityDate: '2027-01-01',
    investmentTypeName: 'Treasury Bill',
    investmentTypeId: 1,
    fund: null,
    interestRate: 4.5,
    liquidityLevel: null,
    daysUntilMaturity: 120,
    investmentId: `CUSIP${over.id}`,
    couponRate: 2,
    callDate: null,
    settlementDate: '2026-07-01',
    settlementAmount: 99000,
    interestAtMaturity: 2008.22,
    premiumDiscount: 'Discount',
    validationStatus: 'No',
    fileName: 'holdings.csv',
    rowNumber: over.id + 1,
    ...over,
  };
}

export type Routes = Record<string, FakeHandler | FakeResponse>;

/** The list answer: a validationStatus filter answers the title's pageSize 1 question. */
export function listRoute(rows: StagingInvestment[]): FakeHandler {
  return ({ body }) => {
    const { filters } = body as { filters: { id: string; value: unknown }[] };
    const status = filters.find((f) => f.id === 'validationStatus')?.value;
    const results = status ? rows.filter((r) => r.validationStatus === status) : rows;
    return { body: { results, pageCount: 1, resultCount: results.length, totalCount: rows.length } };
  };
}

/** The dialog alone on batch account 31, signed in with `permList`. */
export function openDialog(rows: StagingInvestment[], permList = ALL_PERMISSIONS, routes: Routes = {}) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/investments/types/list': { body: TYPES },
    'POST /api/investments/staging/all/31': listRoute(rows),
    ...routes,
  });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <StagingInvestmentsDialog batch={BATCH} batchAccountIds={[31]} onClose={() => undefined} />
    </AppProviders>,
  );
  return { api, queryClient, user: userEvent.setup({ delay: null }) };
}

export async function findTable() {
  return screen.findByRole('table', { name: 'Inspect Staging Investments' });
}

/** The row showing `text`, once the table has it. */
export async function findRow(text: string) {
  const table = await findTable();
  return (await within(table).findByText(text)).closest('tr')!;
}
