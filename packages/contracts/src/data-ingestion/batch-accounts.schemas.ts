import { z } from 'zod';
import { DuplicateCountsSchema, ReconciliationSchema } from './reconciliation.schemas';

// ingestion-analysis.md 3 "Batch account" and 4 "Batch account status"; ingestion.md "Batches and
// batch accounts": a batch account is one account of the batch's relationship, or for a Treasury batch
// one section of the analysis statement.

/**
 * Needs Files -> (a file extracted for it) Needs Validation -> Validated, or Ignored; Restore returns an
 * Ignored one to the status it was ignored from.
 */
export const BATCH_ACCOUNT_STATUSES = ['Needs Files', 'Needs Validation', 'Validated', 'Ignored'] as const;
export type BatchAccountStatus = (typeof BATCH_ACCOUNT_STATUSES)[number];

/** What Restore may return an Ignored batch account to. */
export const RESTORABLE_BATCH_ACCOUNT_STATUSES = ['Needs Files', 'Needs Validation'] as const;

/** platform.md 4.5: a batch stays open while one of its accounts is neither Validated nor Ignored. */
export const CLOSED_BATCH_ACCOUNT_STATUSES = ['Validated', 'Ignored'] as const;

/** The treasury staging dialog's three modes: one batch account each in a Treasury batch. */
export const TREASURY_SECTION_TYPES = ['Balance', 'Fees', 'Account Balance'] as const;
export type TreasurySectionType = (typeof TREASURY_SECTION_TYPES)[number];

export const BATCH_ACCOUNT_MSG = {
  notFound: 'Batch account not found.',
} as const;

/**
 * GET /api/data-ingestion/accounts/all/{batchId} and /accounts/{id}. For an account row: account (its
 * number), accountName, the first and last staged transaction dates (startDate, endDate) and the
 * statements' opening and closing balances (the first statement's opening, the last one's closing). For a treasury section: type and,
 * for Fees, totalCharges (the staged fees' amounts). fileIdList holds the batch files (fileAuditIds)
 * extracted into it.
 */
export const BatchAccountSchema = z.object({
  batchAccountId: z.number().int(),
  batchId: z.number().int(),
  clientId: z.number().int(),
  accountId: z.number().int().nullable(),
  account: z.string().nullable(),
  accountName: z.string().nullable(),
  type: z.enum(TREASURY_SECTION_TYPES).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startBalance: z.number().nullable(),
  endBalance: z.number().nullable(),
  totalCharges: z.number().nullable(),
  status: z.enum(BATCH_ACCOUNT_STATUSES),
  /** Set while Ignored: the status Restore returns to. */
  restoreStatus: z.enum(RESTORABLE_BATCH_ACCOUNT_STATUSES).nullable(),
  /** Statement months of the batch period this account is expected to deliver (its share of sourcesRequired). */
  statementMonths: z.number().int(),
  fileIdList: z.array(z.number().int()),
  /** When VALIDATE THIS BATCH put its validated rows in the books; null until then (isEligibleForPromotion). */
  promotedAt: z.string().nullable(),
  /**
   * Issue 39: the statements against the staged rows (null for a treasury section or an investment
   * account, which have no running balance), and the possible duplicates by decision. startBalance and
   * endBalance are the first statement's opening and the last one's closing balance.
   */
  reconciliation: ReconciliationSchema.nullable(),
  duplicates: DuplicateCountsSchema,
  updatedAt: z.string(),
});
export type BatchAccount = z.infer<typeof BatchAccountSchema>;

export const BatchAccountIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
