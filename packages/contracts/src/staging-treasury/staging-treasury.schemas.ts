import { z } from 'zod';
import { MSG } from '../common/messages';
import { BATCH_ACCOUNT_STATUSES } from '../data-ingestion/batch-accounts.schemas';
import {
  STAGING_ROW_MSG,
  StagingChangeResultSchema,
  stagingRowIdsSchema,
  VALIDATION_STATUSES,
} from '../data-ingestion/staging-rows.schemas';

// ingestion-analysis.md 2 "Treasury staging dialog", 3 "Staging fee", "Staging balance", "Staging account
// balance", 4 "Staging row validationStatus", 5 (edit staging account balance / balance / fee, bulk fee
// edit), 7 "Treasury services" (/api/data-ingestion-treasury-services), 8 and 9.

export const STAGING_TREASURY_MSG = {
  required: MSG.required,
  fieldMustBeNumber: MSG.fieldMustBeNumber,
  ecrBelowZero: 'ECR can not be less than 0%.',
  // The web's defaults when the server sends no msg (spec 8).
  editAccountBalanceFailed: 'Failed to edit Staging Account Balance.',
  editFeesFailed: 'Failed to edit Staging Fees.',
  editBalanceFailed: 'Failed to edit Staging Balance.',
  /** Also the default of invalidate (spec 8). */
  validateBalancesFailed: 'Failed to validate balances.',
  validateAccountBalancesFailed: 'Failed to validate account balances.',
  deleteBalanceFailed: 'Failed to delete balance',
  deleteFeeFailed: 'Failed to delete fee',
  // Ours: the server's msg on success (the spec shows whatever msg the server sends).
  loaded: 'Staging rows loaded.',
  listLoaded: 'List loaded.',
  balanceUpdated: 'Staging Balance updated successfully.',
  feesUpdated: 'Staging Fees updated successfully.',
  accountBalanceUpdated: 'Staging Account Balance updated successfully.',
  balancesValidated: 'Successfully validated balances.',
  balancesInvalidated: 'Successfully invalidated balances.',
  feesValidated: 'Successfully validated fees.',
  feesInvalidated: 'Successfully invalidated fees.',
  accountBalancesValidated: 'Successfully validated account balances.',
  accountBalancesInvalidated: 'Successfully invalidated account balances.',
  balancesDeleted: 'Balance(s) deleted successfully.',
  feesDeleted: 'Fee(s) deleted successfully.',
  batchNotFound: 'Batch not found.',
  /** Rows of a validated batch were promoted into the books; an Ignored section waits for Restore. */
  ...STAGING_ROW_MSG,
  unknownStandardDescription: 'Choose a standardized description from the list.',
  unknownCategory: 'Choose a category from the list.',
  unknownSubCategory: 'Choose a sub category of the chosen category.',
  unknownBankLevelException: 'Choose a bank level exception from the list.',
  unknownClientLevelException: 'Choose a client level exception from the list.',
  unknownAmountColumn: 'An amount names a column the row does not have.',
} as const;

/** The three kinds of treasury staging row, as the 400 for foreign ids names them. */
export const STAGING_TREASURY_KINDS = {
  fee: 'Staging fee(s)',
  balance: 'Staging balance(s)',
  accountBalance: 'Staging account balance(s)',
} as const;
export type StagingTreasuryKind = keyof typeof STAGING_TREASURY_KINDS;

/** The 400 for ids that are not rows of the batch's section (or do not exist); nothing changes. */
export function notInTreasuryBatchMessage(
  kind: StagingTreasuryKind,
  ids: readonly number[],
  batchId: number,
): string {
  return `${STAGING_TREASURY_KINDS[kind]} ${ids.join(', ')} are not rows of batch ${batchId}.`;
}

/** Spec 9: rate rows are shown and edited x100 (percent) and saved /100. */
export const ECR_CONVERSION_FACTOR = 100;

/** A rate row's saved fraction as the dialog shows and edits it (percent). */
export function ecrForDisplay(saved: number): number {
  return Number((saved * ECR_CONVERSION_FACTOR).toFixed(4));
}

/** A rate row's percent as the edit dialog saves it (a fraction, 6 places like the column). */
export function ecrForSave(percent: number): number {
  return Number((percent / ECR_CONVERSION_FACTOR).toFixed(6));
}

/** Spec 9: the fee, balance and account balance tables page on the web in these sizes. */
export const TREASURY_PAGE_SIZES = [10, 25, 50, 75, 100] as const;
export const TREASURY_DEFAULT_PAGE_SIZE = 10;

/**
 * Spec 3: a balance or account balance row whose description is 'ecr' (any case), or contains the word
 * Rate (any case, as a whole word), is a rate: its amounts are percentages, never below 0.
 */
export function isRateRow(description: string | null | undefined): boolean {
  const text = (description ?? '').trim();
  return text.toLowerCase() === 'ecr' || /\brate\b/i.test(text);
}

/** Spec 5: an ECR (rate row) amount below 0 is refused; the value is compared as saved (already /100). */
export function isNegativeEcr(isRate: boolean, value: number | string | null | undefined): boolean {
  if (!isRate || value === null || value === undefined || value === '') return false;
  return Number(value) < 0;
}

const validationStatus = z.enum(VALIDATION_STATUSES);

/**
 * A dynamic column's value: [headerIndex, value]. headerIndex points into the row's headers; a pair
 * whose first item is null is unused (spec 3).
 */
export const AmountPairSchema = z.tuple([z.number().int().nullable(), z.number().nullable()]);
export type AmountPair = z.infer<typeof AmountPairSchema>;

/** What every treasury staging row carries besides its figures. */
const stagingTreasuryRowBase = {
  batchId: z.number().int(),
  batchAccountId: z.number().int(),
  /** The file and its row (1-based) or entry number the row was read from. */
  fileName: z.string(),
  rowNumber: z.number().int(),
  /**
   * Column labels of the dynamic amount columns. A statement that states one figure per line (camt.086)
   * has the single header 'Amount' (fees: volumes under the same header).
   */
  headers: z.array(z.string()),
  amounts: z.array(AmountPairSchema),
  validationStatus,
};

/** GET /fees/staging/{batchId}: one service charge line (spec 3 "Staging fee"). */
export const StagingFeeSchema = z.object({
  stagingFeeId: z.number().int(),
  ...stagingTreasuryRowBase,
  accountNumber: z.string(),
  bankCategory: z.string().nullable(),
  description: z.string(),
  bankCode: z.string().nullable(),
  afpCode: z.string().nullable(),
  /** The chosen fee category and sub category by name, and their list ids (null when not in the lists). */
  category: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  subCategory: z.string().nullable(),
  subCategoryId: z.number().int().nullable(),
  bankLevelException: z.string().nullable(),
  bankLevelExceptionId: z.number().int().nullable(),
  clientLevelException: z.string().nullable(),
  clientLevelExceptionId: z.number().int().nullable(),
  unitPrice: z.number().nullable(),
  volumes: z.array(AmountPairSchema),
  currency: z.string().nullable(),
});
export type StagingFee = z.infer<typeof StagingFeeSchema>;

/** GET /balances/staging/{batchId}: a statement-level balance or rate (spec 3 "Staging balance"). */
export const StagingBalanceSchema = z.object({
  stagingBalanceId: z.number().int(),
  /** The spec's `id`: the same as stagingBalanceId. */
  id: z.number().int(),
  ...stagingTreasuryRowBase,
  accountNumber: z.string(),
  afpCode: z.string().nullable(),
  description: z.string(),
  standardizedDescription: z.string().nullable(),
  standardDescriptionId: z.number().int().nullable(),
  /** isRateRow(description) or read as a rate: amounts are fractions, shown x ECR_CONVERSION_FACTOR. */
  isRate: z.boolean(),
  volumes: z.array(AmountPairSchema),
});
export type StagingBalance = z.infer<typeof StagingBalanceSchema>;

/** GET /account-balances/staging/{batchId}: one account's balance line (spec 3). */
export const StagingAccountBalanceSchema = z.object({
  stagingAccountBalanceId: z.number().int(),
  ...stagingTreasuryRowBase,
  accountNumber: z.string(),
  afpCode: z.string().nullable(),
  description: z.string(),
  standardizedDescription: z.string().nullable(),
  standardDescriptionId: z.number().int().nullable(),
  isRate: z.boolean(),
});
export type StagingAccountBalance = z.infer<typeof StagingAccountBalanceSchema>;

/** The section's batch account: the dialog's badge and its refresh after a change. Null: no such section. */
export const TreasurySectionAccountSchema = z
  .object({ batchAccountId: z.number().int(), status: z.enum(BATCH_ACCOUNT_STATUSES) })
  .nullable();

/** A section's full list (one analysis statement: small); the web pages it in TREASURY_PAGE_SIZES. */
function sectionListSchema<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    msg: z.string(),
    batchId: z.number().int(),
    batchAccount: TreasurySectionAccountSchema,
    results: z.array(row),
    resultCount: z.number().int(),
  });
}
export const StagingFeeListSchema = sectionListSchema(StagingFeeSchema);
export type StagingFeeList = z.infer<typeof StagingFeeListSchema>;
export const StagingBalanceListSchema = sectionListSchema(StagingBalanceSchema);
export type StagingBalanceList = z.infer<typeof StagingBalanceListSchema>;
export const StagingAccountBalanceListSchema = sectionListSchema(StagingAccountBalanceSchema);
export type StagingAccountBalanceList = z.infer<typeof StagingAccountBalanceListSchema>;

export const TreasuryBatchParamsSchema = z.object({ batchId: z.coerce.number().int().positive() });

// The four pick lists (tables seeded by the migration treasury_lists).

/** GET /standardized-description/list: the names balances and account balances are standardized to. */
export const StandardizedDescriptionSchema = z.object({
  standardDescriptionId: z.number().int(),
  name: z.string(),
  /** A rate (the earnings credit rate): rows standardized to it are percentages. */
  isRate: z.boolean(),
});
export type StandardizedDescription = z.infer<typeof StandardizedDescriptionSchema>;

/** GET /bank-level-exception/list and /client-level-exception/list: how a charge is treated. */
export const BankLevelExceptionSchema = z.object({
  bankLevelExceptionId: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type BankLevelException = z.infer<typeof BankLevelExceptionSchema>;
export const ClientLevelExceptionSchema = z.object({
  clientLevelExceptionId: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type ClientLevelException = z.infer<typeof ClientLevelExceptionSchema>;

/** GET /fee-categories/list: AFP service code families (category) and common services in each. */
export const FeeSubCategorySchema = z.object({
  subCategoryId: z.number().int(),
  categoryId: z.number().int(),
  /** The AFP service code when the seeded list states one; null otherwise. */
  code: z.string().nullable(),
  name: z.string(),
});
export type FeeSubCategory = z.infer<typeof FeeSubCategorySchema>;
export const FeeCategorySchema = z.object({
  categoryId: z.number().int(),
  /** The AFP family, two digits, e.g. '01'. */
  code: z.string(),
  name: z.string(),
  subCategories: z.array(FeeSubCategorySchema),
});
export type FeeCategory = z.infer<typeof FeeCategorySchema>;

function listResponseSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({ msg: z.string(), results: z.array(item) });
}
export const StandardizedDescriptionListSchema = listResponseSchema(StandardizedDescriptionSchema);
export const BankLevelExceptionListSchema = listResponseSchema(BankLevelExceptionSchema);
export const ClientLevelExceptionListSchema = listResponseSchema(ClientLevelExceptionSchema);
export const FeeCategoryListSchema = listResponseSchema(FeeCategorySchema);

// Request bodies. Every body names its batch (the GET's batchId): ids that are not rows of the batch's
// section answer 400 naming them, and nothing changes.

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const DECIMAL = /^-?\d{1,14}(\.\d+)?$/;
const MAX_SCALE = 6;

/** A decimal sent as a number or a string, returned as a canonical string rounded to 6 places. */
function toDecimalText(v: unknown): unknown {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return 'NaN';
    return trimZeros(v.toFixed(MAX_SCALE));
  }
  if (typeof v !== 'string') return v;
  const s = v.trim().replace(/,/g, '');
  if (!DECIMAL.test(s)) return s;
  const decimals = s.split('.')[1] ?? '';
  return decimals.length > MAX_SCALE ? trimZeros(Number(s).toFixed(MAX_SCALE)) : s;
}
function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

const decimalText = z.string({ error: MSG.fieldMustBeNumber }).regex(DECIMAL, MSG.fieldMustBeNumber);
/** A numeric field that may be left blank (null). */
const optionalDecimal = z.preprocess((v) => toDecimalText(blankToNull(v)), decimalText.nullable());
/** A numeric field that must be filled ('Required!'). */
const requiredDecimal = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? undefined : toDecimalText(v)),
  z.string({ error: MSG.required }).regex(DECIMAL, MSG.fieldMustBeNumber),
);

const id = z.number({ error: MSG.required }).int().positive();
const requiredId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id);
const ids = stagingRowIdsSchema;
const batchId = z.number().int().positive();

/** [headerIndex, amount]: the amount under the row's header; blank allowed (null). Spec 5: numeric. */
export const BalanceAmountPairSchema = z.tuple([z.number().int().min(0), optionalDecimal]);
/** [headerIndex, amount]: spec 5, each account balance amount is required. */
export const AccountBalanceAmountPairSchema = z.tuple([z.number().int().min(0), requiredDecimal]);

/**
 * PUT /balances/staging, payload `balance`: one row's standardized description (required) and amounts.
 * Rate rows' amounts arrive already divided by ECR_CONVERSION_FACTOR and are stored as sent; below 0 is
 * refused ('ECR can not be less than 0%.').
 */
export const StagingBalanceEditSchema = z.object({
  batchId,
  stagingBalanceId: z.number().int().positive(),
  standardDescriptionId: requiredId,
  balanceAmounts: z.array(BalanceAmountPairSchema).max(500),
});
export type StagingBalanceEdit = z.input<typeof StagingBalanceEditSchema>;
export const StagingBalanceEditBodySchema = z.object({ balance: StagingBalanceEditSchema });
export type StagingBalanceEditBody = z.input<typeof StagingBalanceEditBodySchema>;

/** PUT /balances/staging/validate and /invalidate, DELETE /balances/staging: payload `balance`. */
export const StagingBalanceIdsSchema = z.object({ batchId, stagingBalanceIds: ids() });
export const StagingBalanceIdsBodySchema = z.object({ balance: StagingBalanceIdsSchema });
export type StagingBalanceIdsBody = z.input<typeof StagingBalanceIdsBodySchema>;

/**
 * Bulk Edit Staging Fee category (spec 5): Category and Sub Category both required; the sub category
 * must be one of the category's.
 */
export const StagingFeeBulkCategoryEditSchema = z.object({
  batchId,
  categoryId: requiredId,
  subCategoryId: requiredId,
  feeIds: ids(),
});
export type StagingFeeBulkCategoryEdit = z.input<typeof StagingFeeBulkCategoryEditSchema>;

/**
 * PUT /fees/staging, payload `fees`: the edit fee dialog sends categoryId, subCategoryId, unitPrice
 * (numeric, blank clears it), bankLevelException and clientLevelException (list ids, null for none) for
 * feeIds; the bulk category edit sends only categoryId, subCategoryId and feeIds. A field left out is
 * not changed.
 */
export const StagingFeeEditSchema = StagingFeeBulkCategoryEditSchema.extend({
  unitPrice: optionalDecimal.optional(),
  bankLevelException: z.number().int().positive().nullable().optional(),
  clientLevelException: z.number().int().positive().nullable().optional(),
});
export type StagingFeeEdit = z.input<typeof StagingFeeEditSchema>;
export const StagingFeeEditBodySchema = z.object({ fees: StagingFeeEditSchema });
export type StagingFeeEditBody = z.input<typeof StagingFeeEditBodySchema>;

/** PUT /fees/staging/validate and /invalidate, DELETE /fees/staging: payload `fees`. */
export const StagingFeeIdsSchema = z.object({ batchId, stagingFeesIds: ids() });
export const StagingFeeIdsBodySchema = z.object({ fees: StagingFeeIdsSchema });
export type StagingFeeIdsBody = z.input<typeof StagingFeeIdsBodySchema>;

/**
 * PUT /account-balances/staging, payload `balance`: one row's amounts, each required; rate (ECR) rows
 * arrive divided by ECR_CONVERSION_FACTOR and may not be below 0.
 */
export const StagingAccountBalanceEditSchema = z.object({
  batchId,
  stagingAccountBalanceId: z.number().int().positive(),
  accountBalanceAmounts: z.array(AccountBalanceAmountPairSchema).max(500),
});
export type StagingAccountBalanceEdit = z.input<typeof StagingAccountBalanceEditSchema>;
export const StagingAccountBalanceEditBodySchema = z.object({ balance: StagingAccountBalanceEditSchema });
export type StagingAccountBalanceEditBody = z.input<typeof StagingAccountBalanceEditBodySchema>;

/** PUT /account-balances/staging/validate and /invalidate: payload `accountBalances`. */
export const StagingAccountBalanceIdsSchema = z.object({ batchId, stagingAccountBalanceIds: ids() });
export const StagingAccountBalanceIdsBodySchema = z.object({
  accountBalances: StagingAccountBalanceIdsSchema,
});
export type StagingAccountBalanceIdsBody = z.input<typeof StagingAccountBalanceIdsBodySchema>;

/** Every change answers with msg and how many rows it touched. */
export const StagingTreasuryChangeResultSchema = StagingChangeResultSchema;
export type StagingTreasuryChangeResult = z.infer<typeof StagingTreasuryChangeResultSchema>;
