import { z } from 'zod';
import type { AccountType } from '../accounts/account-lists';

// ingestion-analysis.md 3 "Client batch": a batch is one bank relationship x one template type of a
// client's open report (ingestion.md "Batches").
export const BATCH_TEMPLATE_TYPES = ['Transaction', 'Investment', 'Treasury', 'Hybrid'] as const;
export type BatchTemplateType = (typeof BATCH_TEMPLATE_TYPES)[number];

/**
 * The account type whose accounts a batch of this template type holds (ingestion.md: Start Ingestion
 * chooses account types): the Batches filter's Account Type, and the 'account type' of the Validate
 * Batch and staging dialogs' titles (spec 2).
 */
export const BATCH_ACCOUNT_TYPES: Record<BatchTemplateType, AccountType> = {
  Transaction: 'Transaction',
  Investment: 'Investment',
  Hybrid: 'Hybrid',
  Treasury: 'Treasury Services',
};

/** How the web names a template type: Treasury is shown as 'Analysis' (spec 2 "Batches filter"). */
export const BATCH_TEMPLATE_TYPE_LABELS: Record<BatchTemplateType, string> = {
  Transaction: 'Transaction',
  Investment: 'Investment',
  Treasury: 'Analysis',
  Hybrid: 'Hybrid',
};

/**
 * A batch's Validation Status, derived from its files and accounts: NOT STARTED until a file is
 * uploaded, IN PROGRESS while files are extracted and accounts validated, VALIDATED once the batch was
 * validated (spec 2 filter: In Progress, Not Started). EXTRACTION FAILED is ours (issue 42 point 3):
 * a file of the open batch failed extraction and waits for a template, a retry or its removal.
 */
export const BATCH_STATUS = {
  notStarted: 'NOT STARTED',
  inProgress: 'IN PROGRESS',
  extractionFailed: 'EXTRACTION FAILED',
  validated: 'VALIDATED',
} as const;
export const BATCH_STATUSES = [
  BATCH_STATUS.notStarted,
  BATCH_STATUS.inProgress,
  BATCH_STATUS.extractionFailed,
  BATCH_STATUS.validated,
] as const;

/** "2 failed": the failed files of a batch row (issue 42 point 3). */
export const failedFilesLabel = (count: number) => `${count.toLocaleString('en-US')} failed`;

export const BATCH_MSG = {
  notFound: 'Batch not found.',
  deleted: 'Batch deleted successfully.',
  deleteFailed: 'Failed to Delete Batch.',
  deleteWarning: 'WARNING: This action cannot be undone.',
  // Ours (ingestion.md "Reporting cycle"): Upload Files or Pull Transaction Data on a validated batch.
  validatedTitle: 'Batch Already Validated',
  addToValidated:
    'This batch was already validated. Files added now reopen it: their accounts need validating again, ' +
    "and the report's analysis status will read 'New Files Added' until the batch is validated again.",
} as const;

/**
 * GET /api/data-ingestion/batches/all/{clientId} and /batches/{id}: spec 3's fields plus the batch's
 * period, relationship and numberOfFiles (the '# of Files' column: every upload not replaced).
 * accountName is the Account/Group column: the accounts' names, or for a Treasury batch the account
 * group its template names.
 */
export const ClientBatchSchema = z.object({
  batchId: z.number().int(),
  openReportId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  bankClientRelId: z.number().int(),
  bankId: z.number().int(),
  bankName: z.string(),
  templateId: z.number().int().nullable(),
  templateType: z.enum(BATCH_TEMPLATE_TYPES),
  accountName: z.string().nullable(),
  accountCount: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  sourcesRequired: z.number().int(),
  numberOfFiles: z.number().int(),
  collectionType: z.string(),
  status: z.enum(BATCH_STATUSES),
  hasNotes: z.boolean(),
  /** Files queued or being read: the upload dashboard polls while any batch has one. */
  inProgressCount: z.number().int(),
  /** Files whose extraction failed (not retried, replaced or removed since): '2 failed' on the row. */
  failedCount: z.number().int(),
  validatedAt: z.string().nullable(),
});
export type ClientBatch = z.infer<typeof ClientBatchSchema>;

/**
 * GET /api/data-ingestion/batches/summary/{clientId}: what the dashboard polls every 4 seconds while
 * extraction runs (spec 4 "Extraction polling"); a batch whose inProgressCount dropped is refetched.
 */
export const BatchSummarySchema = z.object({
  batchId: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  numberOfFiles: z.number().int(),
  inProgressCount: z.number().int(),
  failedCount: z.number().int(),
  needsFilesCount: z.number().int(),
  needsValidationCount: z.number().int(),
  validatedCount: z.number().int(),
  ignoredCount: z.number().int(),
});
export type BatchSummary = z.infer<typeof BatchSummarySchema>;

export const BatchIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
/** Routes that take a batch id beside others' ids (accounts/all, extraction-status). */
export const BatchRefParamsSchema = z.object({ batchId: z.coerce.number().int().positive() });
export const BatchClientParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });

/**
 * What a delete removed, for the toast and the audit: batches, batch accounts, batch files, staging rows
 * (all five tables) and stored files. Validated transactions and investments are never touched.
 */
export const IngestionDeletionSchema = z.object({
  batches: z.number().int(),
  batchAccounts: z.number().int(),
  batchFiles: z.number().int(),
  stagingRows: z.number().int(),
  storedFiles: z.number().int(),
});
export type IngestionDeletion = z.infer<typeof IngestionDeletionSchema>;

export const BatchDeletedSchema = z.object({ msg: z.string(), deleted: IngestionDeletionSchema });
