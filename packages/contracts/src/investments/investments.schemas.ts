import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText, plainRateText } from '../common/number-text';

// clients-accounts-investments-reports.md 2 "Investments page", 3 "Investment", 5 "Investment edit",
// 8 "Investments", 9; platform.md 2.9 "Investments filter".
export const INVESTMENT_MSG = {
  noFile: 'No file associated with this investment.',
  downloadFailed: 'Failed to download file.',
  downloaded: 'File downloaded successfully!',
  typeNotActive: 'Selected investment type is not active.',
  typeNotFound: 'Investment type not found.',
  editFailed: 'Failed to edit Investment.',
  deleteFailed: 'Failed to delete investments.',
  addFailed: 'Failed to  add investments.',
  notFound: 'Investment not found.',
  updated: 'Investment updated successfully.',
  deleted: 'Investment(s) deleted successfully.',
  fundTooLong: 'At most 50 characters.',
  maturityBeforeSettlement: 'The maturity date cannot be before the settlement date.',
} as const;

/** Spec 9: the investments tables page on the server, 50 rows from index 0. */
export const INVESTMENT_PAGE_SIZE = 50;
/** Spec 3, 9: a fileId of 1 means the investment has no source file. */
export const NO_FILE_ID = 1;
/** Spec 5, 9: fund is at most 50 characters. */
export const FUND_MAX_LENGTH = 50;

export const PREMIUM_DISCOUNT = ['Premium', 'Discount'] as const;
export type PremiumDiscount = (typeof PREMIUM_DISCOUNT)[number];

/**
 * The columns POST /all/, /account/{id} and /client/{id} filter and sort by (spec 9 / platform.md 9
 * filter field names, plus the hidden clientId and accountName). Kinds: number ranges {low, high} for
 * faceValue, interestRate, liquidityLevel, daysUntilMaturity, settlementAmount, interestAtMaturity,
 * couponRate; date ranges {from, to} for maturityDate, callDate, settlementDate, createdAt; text prefix for
 * investmentId, bank, investmentType, clientAccountRelationship, fund, accountName, clientName; a list
 * for premiumDiscount and clientId. The search box matches investmentId, bank, investmentType,
 * clientAccountRelationship and fund anywhere in them. isMatured (a boolean: the maturity date has
 * passed) filters and sorts too. Default order: current holdings first, soonest maturity first, then
 * the matured ones (issue 20 point 10).
 */
export const INVESTMENT_LIST_COLUMNS = [
  'faceValue',
  'maturityDate',
  'interestRate',
  'liquidityLevel',
  'daysUntilMaturity',
  'investmentId',
  'callDate',
  'settlementDate',
  'settlementAmount',
  'interestAtMaturity',
  'premiumDiscount',
  'bank',
  'couponRate',
  'investmentType',
  'createdAt',
  'clientAccountRelationship',
  'fund',
  'clientId',
  'accountName',
  'clientName',
  'isMatured',
] as const;
export type InvestmentListColumn = (typeof INVESTMENT_LIST_COLUMNS)[number];

/**
 * Filters that narrow the list without being a column (sent in `filters` like the others):
 * - myClients: true keeps the investments of the user's own clients (the clients they are assigned to;
 *   for a client-scoped user, their associated clients) — the filter dialog's radio and state 3; false
 *   (or leaving it out) is 'all investments'. It counts as a filter (resultCount, not totalCount);
 * - groupId: a group id, keeps that investment group's members (the group page);
 * - notInGroupId: a group id, keeps investments not in that group (the 'Add Investment(s)' search).
 * groupId and notInGroupId frame the list: totalCount counts within them.
 */
export const INVESTMENT_SCOPE_FILTERS = ['myClients', 'groupId', 'notInGroupId'] as const;
export type InvestmentScopeFilter = (typeof INVESTMENT_SCOPE_FILTERS)[number];

/** Spec 3 "Investment" as read. Money and rates are numbers; dates are YYYY-MM-DD; createdAt is ISO. */
export const InvestmentSchema = z.object({
  /** The row's own id (spec 3 "id"); paths use it. */
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  /** The source file; 1 (NO_FILE_ID) when there is none. */
  fileId: z.number().int(),
  /** 'Client Name, Account Name' (the part after the comma is the account name). */
  clientAccountRelationship: z.string(),
  faceValue: z.number(),
  maturityDate: z.string(),
  investmentTypeId: z.number().int(),
  investmentTypeName: z.string(),
  /** The type's name again, under the filter field's name. */
  investmentType: z.string(),
  fund: z.string().nullable(),
  /** The yield, in percent (e.g. 4.25 is 4.25 %). */
  interestRate: z.number(),
  /**
   * 1 to 5: the liquidity level whose horizon holds the remaining term, computed on every read
   * (docs/models.md "Liquidity level of an investment"); the server always sends it. Read-only.
   */
  liquidityLevel: z.number().int().nullable(),
  /** Maturity date minus today, in days (negative once matured). Read-only. */
  daysUntilMaturity: z.number().int(),
  /** The market identifier (CUSIP, SEDOL, ISIN). */
  investmentId: z.string().nullable(),
  /** In percent, like interestRate; null when the instrument pays no coupon. */
  couponRate: z.number().nullable(),
  callDate: z.string().nullable(),
  settlementDate: z.string(),
  settlementAmount: z.number(),
  /**
   * (faceValue − settlementAmount) + faceValue × couponRate / 100 × days(settlement → maturity) / 365,
   * rounded to cents (docs/models.md "Interest at maturity"). Read-only.
   */
  interestAtMaturity: z.number(),
  /**
   * 'Premium' when the settlement amount is above the face value, 'Discount' below it, null at par
   * (neither). Read-only.
   */
  premiumDiscount: z.enum(PREMIUM_DISCOUNT).nullable(),
  /** The account's bank name. Read-only. */
  bank: z.string().nullable(),
  createdAt: z.string(),
  /** The investment groups it belongs to (spec 3 investmentGroupIdList). */
  investmentGroupIdList: z.array(z.number().int()),
});
export type Investment = z.infer<typeof InvestmentSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const numberText = (v: unknown) => (typeof v === 'number' ? String(v) : blankToUndefined(v));

const IsoDaySchema = z
  .string({ error: MSG.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.')
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
  }, 'Not a real date.');

/**
 * Spec 5: numeric ('Field must be a number.'), required; money keeps cents at most; not negative.
 * Thousands separators are taken out ('12,000', issue 20 point 7).
 */
const MoneySchema = z.preprocess(
  (v) => plainNumberText(numberText(v)),
  z
    .string({ error: MSG.required })
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, { message: MSG.fieldMustBeNumber, abort: true })
    .refine((v) => /^-?\d{1,16}(\.\d{1,2})?$/.test(v), { message: MSG.fieldMustBeMonetary, abort: true })
    .refine((v) => Number(v) >= 0, 'Field must be a positive number.'),
);

/** A rate in percent: numeric ('Field must be a number.'), at most 6 decimals, within ±1000 %. */
const RateSchema = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, { message: MSG.fieldMustBeNumber, abort: true })
  .refine((v) => /^-?\d{1,3}(\.\d{1,6})?$/.test(v), 'At most 3 digits and 6 decimals.');

/**
 * PUT /api/investments/{id}: {investment}. Spec 5 "Investment edit": faceValue, interestRate and
 * settlementAmount numeric and required; maturityDate, settlementDate and the type required; couponRate
 * numeric and optional; fund at most 50. Spec 5 lists callDate as required, but only a callable
 * instrument has one (issue 20 point 1): it is required when the chosen type is callable and saves as
 * null when left empty otherwise. Numbers may be sent as numbers or numeric text; the parsed values are
 * decimal strings (exact). Derived fields are never accepted.
 */
export const InvestmentInputSchema = z
  .object({
    faceValue: MoneySchema,
    settlementAmount: MoneySchema,
    // Rates may be typed with a trailing '%' (issue 20 point 7).
    interestRate: z.preprocess((v) => plainRateText(numberText(v)), RateSchema),
    couponRate: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? null : plainRateText(numberText(v))),
      RateSchema.nullable(),
    ),
    maturityDate: z.preprocess(blankToUndefined, IsoDaySchema),
    /** Required only when the type is callable (checked against the type: isCallDateMissing). */
    callDate: z.preprocess((v) => (v === '' || v === undefined ? null : v), IsoDaySchema.nullable()),
    settlementDate: z.preprocess(blankToUndefined, IsoDaySchema),
    investmentTypeId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number({ error: MSG.required }).int().positive(MSG.required),
    ),
    fund: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.string().trim().max(FUND_MAX_LENGTH, INVESTMENT_MSG.fundTooLong).nullable(),
    ),
    /** The market identifier; optional. */
    investmentId: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.string().trim().max(50, INVESTMENT_MSG.fundTooLong).nullable(),
    ),
  })
  .superRefine((i, ctx) => {
    if (i.maturityDate < i.settlementDate)
      ctx.addIssue({
        code: 'custom',
        path: ['maturityDate'],
        message: INVESTMENT_MSG.maturityBeforeSettlement,
      });
  });
export type InvestmentInput = z.input<typeof InvestmentInputSchema>;
export type InvestmentInputParsed = z.output<typeof InvestmentInputSchema>;
export const InvestmentBodySchema = z.object({ investment: InvestmentInputSchema });

export const InvestmentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const InvestmentResultSchema = z.object({ msg: z.string(), investment: InvestmentSchema });

/** DELETE /api/investments/remove: {investment:{investmentIdList}} (Delete Investments, irreversible). */
export const InvestmentIdsBodySchema = z.object({
  investment: z.object({
    investmentIdList: z.array(z.number().int().positive()).min(1, MSG.required).max(1000),
  }),
});
export const InvestmentsDeletedSchema = z.object({ msg: z.string(), deletedCount: z.number().int() });

/** GET /api/investments/source/{id} (Download Source): a signed link, fetched without the auth header. */
export const InvestmentSourceSchema = z.object({ url: z.string(), fileName: z.string() });

/**
 * Whether an investment of this type lacks the call date it needs: callable instruments (the type's
 * `callable` flag) must have one; the others may leave it empty.
 */
export function isCallDateMissing(callDate: string | null, type: { callable: boolean } | undefined) {
  return Boolean(type?.callable) && callDate === null;
}

/** GET /api/investments/types/list: the active types as choices; callable ones need a call date. */
export const InvestmentTypeOptionSchema = z.object({
  label: z.string(),
  value: z.number().int(),
  callable: z.boolean().default(false),
});
export type InvestmentTypeOption = z.infer<typeof InvestmentTypeOptionSchema>;
