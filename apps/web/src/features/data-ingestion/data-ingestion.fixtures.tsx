import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ExtractionFile } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import type {
  ReconciledStatement,
  Reconciliation,
} from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import type { OpenReportRow } from '@tideline/contracts/data-ingestion/open-reports.schemas';
import type { ValidationHistoryRow } from '@tideline/contracts/data-ingestion/validation-history.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';

// Whole records for the data-ingestion tests' fake API answers: every field filled, the test names
// what matters.

export function openReportOf(over: Partial<OpenReportRow> & Pick<OpenReportRow, 'clientId' | 'clientName'>) {
  return {
    openReportId: over.clientId * 10,
    createdAt: '2026-07-01T12:00:00.000Z',
    startDate: '2026-07-01',
    endDate: '2026-09-30',
    dueDate: null,
    sourcesRequired: 6,
    collectionType: 'File Upload',
    status: 'IN PROGRESS',
    analysisStatus: 'Data Ingestion',
    numberOfBatches: 2,
    hasNotes: false,
    ...over,
  } satisfies OpenReportRow;
}

export function batchOf(over: Partial<ClientBatch> & Pick<ClientBatch, 'batchId'>): ClientBatch {
  return {
    openReportId: 10,
    clientId: 1,
    clientName: 'Acme County',
    bankClientRelId: 5,
    bankId: 3,
    bankName: 'First National',
    templateId: 8,
    templateType: 'Transaction',
    accountName: 'Operating',
    accountCount: 1,
    startDate: '2026-07-01',
    endDate: '2026-09-30',
    createdAt: '2026-07-02T12:00:00.000Z',
    sourcesRequired: 3,
    numberOfFiles: 0,
    collectionType: 'File Upload',
    status: 'NOT STARTED',
    hasNotes: false,
    inProgressCount: 0,
    failedCount: 0,
    validatedAt: null,
    ...over,
  };
}

export function extractionFileOf(
  over: Partial<ExtractionFile> & Pick<ExtractionFile, 'fileAuditId' | 'fileName'>,
): ExtractionFile {
  return {
    batchId: 21,
    clientId: 1,
    templateType: 'Transaction',
    headerRow: 'Date,Description,Amount',
    headerRowNumber: 0,
    firstCell: 'Date',
    fileStatus: 'Extracted',
    extractionMessage: null,
    timestamp: '2026-07-03T12:00:00.000Z',
    isTransaction: true,
    hasExcel: true,
    sourceFileId: over.fileAuditId + 100,
    excelFileId: over.fileAuditId + 200,
    allowOverwrite: false,
    rowCount: 12,
    jobId: null,
    uploadedAt: '2026-07-03T11:00:00.000Z',
    ...over,
  };
}

export function batchAccountOf(
  over: Partial<BatchAccount> & Pick<BatchAccount, 'batchAccountId'>,
): BatchAccount {
  return {
    batchId: 21,
    clientId: 1,
    accountId: 40,
    account: '0001234',
    accountName: 'Operating',
    type: null,
    startDate: '2026-07-01',
    endDate: '2026-07-31',
    startBalance: 1000,
    endBalance: 2500.5,
    totalCharges: null,
    status: 'Needs Validation',
    restoreStatus: null,
    statementMonths: 3,
    fileIdList: [],
    promotedAt: null,
    reconciliation: reconciliationOf({ status: 'Reconciled' }),
    duplicates: { undecided: 0, kept: 0, dropped: 0 },
    updatedAt: '2026-07-03T12:00:00.000Z',
    ...over,
  };
}

/** One statement of july.csv: $1,000.00 + $1,500.50 of rows = $2,500.50, unless told otherwise. */
export function statementOf(over: Partial<ReconciledStatement> = {}): ReconciledStatement {
  return {
    batchFileId: 61,
    fileName: 'july.csv',
    statementRef: null,
    fromDate: '2026-07-01',
    toDate: '2026-07-31',
    openingBalance: 1000,
    closingBalance: 2500.5,
    balanceSource: 'statement',
    rowCount: 12,
    stagedSum: 1500.5,
    difference: 0,
    ...over,
  };
}

/** A batch account's reconciliation: by default its one statement adds up. */
export function reconciliationOf(
  over: Partial<Reconciliation> & Pick<Reconciliation, 'status'>,
): Reconciliation {
  return {
    explanation:
      '1 statement: the opening balance $1,000.00 plus 12 rows ($1,500.50) gives the closing balance $2,500.50, to the cent.',
    problems: [],
    statements: [statementOf()],
    override: null,
    ...over,
  };
}

export function historyRowOf(
  over: Partial<ValidationHistoryRow> & Pick<ValidationHistoryRow, 'batchId'>,
): ValidationHistoryRow {
  return {
    bankName: 'First National',
    accountName: 'Operating',
    templateType: 'Transaction',
    createdAt: '2026-04-02T12:00:00.000Z',
    totalFiles: 1,
    completedAt: '2026-04-20T12:00:00.000Z',
    files: [],
    overrides: [],
    ...over,
  };
}

export type Routes = Record<string, FakeHandler | FakeResponse>;

/** Renders one dialog or table of the feature alone, signed in as TEST_USER with `permList`. */
export function renderAlone(ui: ReactNode, permList: Permission[], routes: Routes = {}) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    ...routes,
  });
  const queryClient = createQueryClient();
  render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  return { api, queryClient, user: userEvent.setup({ delay: null }) };
}
