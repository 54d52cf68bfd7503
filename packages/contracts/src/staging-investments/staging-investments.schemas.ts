import { z } from 'zod';
import {
  notRowsOfBatchAccountMessage,
  STAGING_ROW_MSG,
  StagingChangeResultSchema,
  stagingRowIdsSchema,
  VALIDATION_STATUSES,
} from '../data-ingestion/staging-rows.schemas';
import { INVESTMENT_MSG, InvestmentInputSchema, PREMIUM_DISCOUNT } from '../investments/investments.schemas';
import { pagedListSchema, SERVER_PAGE_SIZES } from '../paging/paging.schemas';

// ingestion-analysis.md 2 "Staging investments dialog", 3 "Staging investment", 4 "Staging row
// validationStatus", 7 "Staging investments" (/api/investments/staging), 8, 9.

export const STAGING_INVESTMENT_MSG = {
  notFound: 'Staging investment not found.',
  validated: 'Successfully validated investments.',
  invalidated: 'Successfully invalidated investments.',
  validateFailed: 'Failed to validate investments.',
  invalidateFailed: 'Failed to invalidate investments.',
  updated: 'Investment updated successfully.',
  updateFailed: 'Fail to update investment.',
  deleted: 'Investment(s) deleted successfully.',
  deleteFailed: 'Failed to delete investment(s).',
  ...STAGING_ROW_MSG,
} as const;

/** The 400 for ids that are not rows of the named batch account (or do not exist). */
export function investmentsNotInBatchAccountMessage(ids: readonly number[], batchAccountId: number): string {
  return notRowsOfBatchAccountMessage('Staging investment(s)', ids, batchAccountId);
}

/** The list pages on the server in these sizes, default 50 (spec 9, as staging transactions). */
export const STAGING_INVESTMENT_PAGE_SIZES = SERVER_PAGE_SIZES;

/**
 * Columns the list filters and sorts by: number ranges for faceValue, interestRate, couponRate,
 * daysUntilMaturity, settlementAmount, interestAtMaturity; date ranges for maturityDate, callDate,
 * settlementDate; text prefix for investmentId, investmentTypeName, fund; a list for investmentTypeId,
 * premiumDiscount; 'Yes' or 'No' for validationStatus. The search box matches investmentId,
 * investmentTypeName and fund anywhere in them. Default order: maturityDate, then row order in its file.
 */
export const STAGING_INVESTMENT_COLUMNS = [
  'investmentId',
  'investmentTypeName',
  'investmentTypeId',
  'faceValue',
  'interestRate',
  'couponRate',
  'maturityDate',
  'daysUntilMaturity',
  'interestAtMaturity',
  'fund',
  'callDate',
  'settlementDate',
  'settlementAmount',
  'premiumDiscount',
  'validationStatus',
] as const;
export type StagingInvestmentColumn = (typeof STAGING_INVESTMENT_COLUMNS)[number];

/**
 * Spec 3 "Staging investment". id and stagingInvestmentId are the row's id. investmentTypeId is the
 * chosen type, or the type whose name the file gave, null while neither is known; investmentTypeName is
 * that type's name, else the file's. Rates are percents (4.25 = 4.25 %). daysUntilMaturity,
 * interestAtMaturity, premiumDiscount and liquidityLevel (the level of the remaining term, docs/models.md
 * "Liquidity level of an investment") are computed as for investments, on every read. fileName and rowNumber place the row in its statement.
 */
export const StagingInvestmentSchema = z.object({
  id: z.number().int(),
  stagingInvestmentId: z.number().int(),
  batchAccountId: z.number().int(),
  faceValue: z.number(),
  maturityDate: z.string(),
  investmentTypeName: z.string(),
  investmentTypeId: z.number().int().nullable(),
  fund: z.string().nullable(),
  interestRate: z.number(),
  liquidityLevel: z.number().int().nullable(),
  daysUntilMaturity: z.number().int(),
  /** The market identifier (CUSIP, SEDOL or ISIN). */
  investmentId: z.string().nullable(),
  couponRate: z.number().nullable(),
  callDate: z.string().nullable(),
  settlementDate: z.string(),
  settlementAmount: z.number(),
  interestAtMaturity: z.number(),
  premiumDiscount: z.enum(PREMIUM_DISCOUNT).nullable(),
  validationStatus: z.enum(VALIDATION_STATUSES),
  fileName: z.string(),
  rowNumber: z.number().int(),
});
export type StagingInvestment = z.infer<typeof StagingInvestmentSchema>;

export const StagingInvestmentPageSchema = pagedListSchema(StagingInvestmentSchema);

/**
 * GET and POST /api/investments/staging/all/{id}: `id` is the batch account's id (the Validate Batch
 * dialog's row). POST takes the paged list request; GET answers its first page in the default order.
 */
export const StagingInvestmentListParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const StagingInvestmentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const fields = InvestmentInputSchema.shape;

/**
 * PUT /api/investments/staging/{id}: {investment}, every field a person can fix (spec 3). The rules are
 * the investment edit's, except that a staged row may have no call date.
 */
export const StagingInvestmentInputSchema = z
  .object({
    faceValue: fields.faceValue,
    maturityDate: fields.maturityDate,
    investmentTypeId: fields.investmentTypeId,
    fund: fields.fund,
    interestRate: fields.interestRate,
    investmentId: fields.investmentId,
    couponRate: fields.couponRate,
    callDate: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      fields.callDate.optional().transform((d) => d ?? null),
    ),
    settlementDate: fields.settlementDate,
    settlementAmount: fields.settlementAmount,
  })
  .superRefine((i, ctx) => {
    if (i.maturityDate < i.settlementDate)
      ctx.addIssue({
        code: 'custom',
        path: ['maturityDate'],
        message: INVESTMENT_MSG.maturityBeforeSettlement,
      });
  });
export type StagingInvestmentInput = z.input<typeof StagingInvestmentInputSchema>;
export type StagingInvestmentInputParsed = z.output<typeof StagingInvestmentInputSchema>;
export const StagingInvestmentEditBodySchema = z.object({ investment: StagingInvestmentInputSchema });
export type StagingInvestmentEditBody = z.input<typeof StagingInvestmentEditBodySchema>;

export const StagingInvestmentResultSchema = z.object({
  msg: z.string(),
  investment: StagingInvestmentSchema,
});

/** PUT /api/investments/staging/validate and /invalidate: rows of one batch account. */
export const StagingInvestmentValidationBodySchema = z.object({
  batchAccountId: z.number().int().positive(),
  stagingInvestmentIds: stagingRowIdsSchema(),
});
export type StagingInvestmentValidationBody = z.input<typeof StagingInvestmentValidationBodySchema>;

/** DELETE /api/investments/staging: the investment body {investment: {stagingInvestmentIds}}. */
export const StagingInvestmentDeleteBodySchema = z.object({
  investment: z.object({ stagingInvestmentIds: stagingRowIdsSchema() }),
});
export type StagingInvestmentDeleteBody = z.input<typeof StagingInvestmentDeleteBodySchema>;

export const StagingInvestmentChangeResultSchema = StagingChangeResultSchema;
