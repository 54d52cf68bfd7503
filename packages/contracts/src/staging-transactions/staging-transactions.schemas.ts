import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText } from '../common/number-text';
import {
  notRowsOfBatchAccountMessage,
  STAGING_ROW_MSG,
  StagingChangeResultSchema,
  stagingRowIdsSchema,
  VALIDATION_STATUSES,
} from '../data-ingestion/staging-rows.schemas';
import { pagedListSchema, PagedListRequestSchema, SERVER_PAGE_SIZES } from '../paging/paging.schemas';
import { DUPLICATE_DECISIONS, DUPLICATE_RULES, StagingMatchingSchema } from './staging-duplicates.schemas';

export { VALIDATION_STATUSES, type ValidationStatus } from '../data-ingestion/staging-rows.schemas';

// ingestion-analysis.md 2 "Staging transactions dialog", 3 "Staging transaction", 4 "Staging row
// validationStatus", 5 (edit and bulk edit rules), 7 "Staging transactions" (/api/transactions/staging).

export const STAGING_TRANSACTION_MSG = {
  notFound: 'Staging transaction not found.',
  validated: 'Successfully validated transactions.',
  invalidated: 'Successfully invalidated Transactions',
  validateFailed: 'Failed to validate transactions.',
  invalidateFailed: 'Failed to Invalidate Transactions',
  editFailed: 'Failed to edit transaction',
  bulkEditFailed: 'Failed to edit transaction.',
  updated: 'Transaction updated successfully.',
  deleted: 'Transaction(s) deleted successfully.',
  deleteFailed: 'Failed to delete transaction(s).',
  mustBeFourDigit: 'Must be four digit',
  ...STAGING_ROW_MSG,
} as const;

/** The spec's 400 for ids that are not rows of the named batch account (or do not exist). */
export function notInBatchAccountMessage(ids: readonly number[], batchAccountId: number): string {
  return notRowsOfBatchAccountMessage('Staging transaction(s)', ids, batchAccountId);
}

/** The inspect list pages on the server in these sizes, default 50 (spec 9). */
export const STAGING_TRANSACTION_PAGE_SIZES = SERVER_PAGE_SIZES;

/**
 * Columns the inspect list filters and sorts by. accountNumber, transactionDescription (text prefix; the
 * search box matches anywhere in the description), transactionDate (date range), amount (number range),
 * keyword (a list of keyword ids), validationStatus ('Yes' or 'No'), duplicate (true: only possible
 * duplicates, false: only the others), duplicateDecision ('undecided', 'keep', 'drop': flagged rows by
 * decision). Default order: transactionDate, then row order in its file.
 */
export const STAGING_TRANSACTION_COLUMNS = [
  'accountNumber',
  'transactionDate',
  'transactionDescription',
  'keyword',
  'amount',
  'validationStatus',
  'duplicate',
  'duplicateDecision',
] as const;
export type StagingTransactionColumn = (typeof STAGING_TRANSACTION_COLUMNS)[number];

/**
 * One staged statement line. stagingTransactionId is also sent as transactionId (spec 3). duplicateReason
 * explains a possible duplicate (ingestion.md step 6): which booked or staged row it matches, by which
 * rule, with the count of identical rows on both sides; null when the row is not one; fileName and
 * rowNumber (1-based, as a person counts) place the row in its statement.
 */
export const StagingTransactionSchema = z.object({
  stagingTransactionId: z.number().int(),
  transactionId: z.number().int(),
  batchAccountId: z.number().int(),
  accountNumber: z.string(),
  transactionDate: z.string(),
  transactionDescription: z.string(),
  /** The keyword's name, null when none was assigned. */
  keyword: z.string().nullable(),
  keywordId: z.number().int().nullable(),
  /** Signed: credits positive, debits negative. */
  amount: z.number(),
  validationStatus: z.enum(VALIDATION_STATUSES),
  duplicateReason: z.string().nullable(),
  /** Issue 39: the rule that raised the flag, and the decision on it (null: undecided, or not flagged). */
  duplicateRule: z.enum(DUPLICATE_RULES).nullable(),
  duplicateDecision: z.enum(DUPLICATE_DECISIONS).nullable(),
  /** Already in the books (promoted): it can no longer change in staging. */
  isBooked: z.boolean(),
  fileName: z.string(),
  rowNumber: z.number().int(),
});
export type StagingTransaction = z.infer<typeof StagingTransactionSchema>;

/** POST /api/transactions/staging/inspect: the paged list request of spec 7 over batch accounts. */
export const StagingInspectRequestSchema = PagedListRequestSchema.extend({
  batchAccountIds: z.array(z.number().int().positive()).min(1, MSG.required).max(100),
});
export type StagingInspectRequest = z.input<typeof StagingInspectRequestSchema>;

export const StagingTransactionPageSchema = pagedListSchema(StagingTransactionSchema);

export const StagingTransactionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const StagingTransactionUpdateParamsSchema = z.object({
  stagingTransactionId: z.coerce.number().int().positive(),
});

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const AMOUNT = /^-?\d{1,16}(\.\d{1,2})?$/;
const amountField = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .regex(AMOUNT, MSG.fieldMustBeNumber);
// Thousands separators are taken out ('12,000', issue 20 point 7).
const amountInput = (v: unknown) =>
  typeof v === 'number' ? String(v) : plainNumberText(blankToUndefined(v));
const isoDateField = z
  .string({ error: MSG.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.')
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a real date.');

/**
 * PUT /api/transactions/staging/update/{stagingTransactionId}: one row's edit. Amount, description,
 * keyword (a keyword id) and date are all required (spec 5).
 */
export const StagingTransactionEditBodySchema = z.object({
  stagingTransactionId: z.number().int().positive().optional(),
  amount: z.preprocess(amountInput, amountField),
  description: z.preprocess(
    blankToUndefined,
    z.string({ error: MSG.required }).trim().min(1, MSG.required).max(1000, 'At most 1000 characters.'),
  ),
  keyword: z.preprocess(blankToUndefined, z.number({ error: MSG.required }).int().positive()),
  date: z.preprocess(blankToUndefined, isoDateField),
});
export type StagingTransactionEditBody = z.input<typeof StagingTransactionEditBodySchema>;

/**
 * PUT /api/transactions/staging/update: bulk edit of the selected rows. Every field is optional and only
 * the sent ones change (spec 5). `year` replaces the year of each row's date (a statement printed
 * without years), four digits, sent as a number; a date of 'Invalid date' arrives empty and is ignored.
 */
export const StagingTransactionBulkEditBodySchema = z.object({
  stagingTransactionIds: z.array(z.number().int().positive()).min(1, MSG.required).max(500),
  amount: z.preprocess(amountInput, amountField.optional()),
  description: z.preprocess(
    blankToUndefined,
    z.string().trim().max(1000, 'At most 1000 characters.').optional(),
  ),
  keyword: z.preprocess(blankToUndefined, z.number().int().positive().optional()),
  date: z.preprocess(blankToUndefined, isoDateField.optional()),
  year: z.preprocess(
    blankToUndefined,
    z
      .number({ error: STAGING_TRANSACTION_MSG.mustBeFourDigit })
      .int(STAGING_TRANSACTION_MSG.mustBeFourDigit)
      .min(1000, STAGING_TRANSACTION_MSG.mustBeFourDigit)
      .max(9999, STAGING_TRANSACTION_MSG.mustBeFourDigit)
      .optional(),
  ),
});
export type StagingTransactionBulkEditBody = z.input<typeof StagingTransactionBulkEditBodySchema>;

/** PUT /api/transactions/staging/validate and /invalidate: rows of one batch account. */
export const StagingTransactionValidationBodySchema = z
  .object({
    batchAccountId: z.number().int().positive(),
    stagingTransactionIds: stagingRowIdsSchema().optional(),
    /** Ours (issue 39): every row of the account matching the list's filters and search, not only a page. */
    matching: StagingMatchingSchema.omit({ batchAccountIds: true }).optional(),
  })
  .refine((s) => (s.stagingTransactionIds === undefined) !== (s.matching === undefined), {
    message: 'Send either stagingTransactionIds or matching.',
  });
export type StagingTransactionValidationBody = z.input<typeof StagingTransactionValidationBodySchema>;

/** DELETE /api/transactions/staging: stagingTransactionId as a list (spec 7). */
export const StagingTransactionDeleteBodySchema = z
  .object({
    stagingTransactionId: stagingRowIdsSchema().optional(),
    /** Ours (issue 39): every row matching the list's filters and search. */
    matching: StagingMatchingSchema.optional(),
  })
  .refine((s) => (s.stagingTransactionId === undefined) !== (s.matching === undefined), {
    message: 'Send either stagingTransactionId or matching.',
  });
export type StagingTransactionDeleteBody = z.input<typeof StagingTransactionDeleteBodySchema>;

/** Every change answers with the spec's msg and how many rows it touched. */
export const StagingTransactionChangeResultSchema = StagingChangeResultSchema;
export type StagingTransactionChangeResult = z.infer<typeof StagingTransactionChangeResultSchema>;

export const StagingTransactionResultSchema = z.object({
  msg: z.string(),
  transaction: StagingTransactionSchema,
});
