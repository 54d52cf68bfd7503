import { z } from 'zod';

// clients-accounts-investments-reports.md 2 (account profile Investments tab, client summary widget
// 'Maturing Investments'), 3 "Maturing investments widget", "Investment balance array"; platform.md 2.5,
// 3 "Maturing investments summary per client", 9 (window = the maturity limit, global setting 2).

/** Spec 9: the Maturing Investments widget shows 4 rows a page; the balance chart at most 6 x ticks. */
export const MATURING_INVESTMENTS_PAGE_SIZE = 4;
export const INVESTMENT_BALANCE_MAX_TICKS = 6;
/** The balance array's span: month ends of the last 24 months and of the next 12 (ours). */
export const INVESTMENT_BALANCE_MONTHS_BACK = 24;
export const INVESTMENT_BALANCE_MONTHS_AHEAD = 12;

/**
 * The maturing window, today..today + maturity limit days inclusive (YYYY-MM-DD, server's UTC day), so
 * the web can show the tooltip's date range.
 */
export const MaturityWindowSchema = z.object({
  windowStart: z.string(),
  windowEnd: z.string(),
  maturityLimitDays: z.number().int(),
});
export type MaturityWindow = z.infer<typeof MaturityWindowSchema>;

/** One row of the client widget; amount is the face value paid at maturity. */
export const MaturingInvestmentSchema = z.object({
  /** The row id (for links). */
  id: z.number().int(),
  /** The market identifier (CUSIP…), null when the investment has none. */
  investmentId: z.string().nullable(),
  investmentType: z.string(),
  amount: z.number(),
  maturityDate: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
});
export type MaturingInvestment = z.infer<typeof MaturingInvestmentSchema>;

/** GET /api/clients/maturing-investments/{clientId}: soonest first. */
export const MaturingInvestmentsSchema = MaturityWindowSchema.extend({
  maturingInvestments: z.array(MaturingInvestmentSchema),
  totalMaturingInvestments: z.number().int(),
  totalAmountMaturingInvestments: z.number(),
});
export type MaturingInvestments = z.infer<typeof MaturingInvestmentsSchema>;

/** platform.md 3 "Maturing investments summary per client". */
export const MaturingClientSummarySchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  investmentCount: z.number().int(),
  totalAmount: z.number(),
  earliestMaturityDate: z.string(),
});
export type MaturingClientSummary = z.infer<typeof MaturingClientSummarySchema>;

/**
 * GET /api/dashboard/users/maturing-investments/{userId}: the user's own clients (assigned to them; for a
 * client-scoped user, their associated clients) with investments maturing in the window, soonest first.
 */
export const UserMaturingInvestmentsSchema = MaturityWindowSchema.extend({
  clients: z.array(MaturingClientSummarySchema),
});
export type UserMaturingInvestments = z.infer<typeof UserMaturingInvestmentsSchema>;

export const UserIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

/**
 * Spec 3 "Investment balance array", one point per month end: total = the settlement amounts held that
 * day (settled on or before it and maturing after it), max/min = the largest and smallest single
 * holding then (0 when none), series 'Actual' up to today and 'Scheduled' after (what is held if nothing
 * new is bought).
 */
export const InvestmentBalancePointSchema = z.object({
  date: z.string(),
  total: z.number(),
  max: z.number(),
  min: z.number(),
  series: z.enum(['Actual', 'Scheduled']),
});
export type InvestmentBalancePoint = z.infer<typeof InvestmentBalancePointSchema>;

/** The amounts-invested summary of the current holdings (settled, not matured), by type, largest first. */
export const AmountsInvestedSchema = z.object({
  investmentCount: z.number().int(),
  totalSettlementAmount: z.number(),
  totalFaceValue: z.number(),
  byType: z.array(
    z.object({ investmentType: z.string(), count: z.number().int(), settlementAmount: z.number() }),
  ),
});
export type AmountsInvested = z.infer<typeof AmountsInvestedSchema>;

/** GET /api/investments/balance-widget/accounts/{id} and /clients/{id}. */
export const InvestmentBalanceWidgetSchema = z.object({
  balances: z.array(InvestmentBalancePointSchema),
  amountsInvested: AmountsInvestedSchema,
});
export type InvestmentBalanceWidget = z.infer<typeof InvestmentBalanceWidgetSchema>;

/**
 * GET /api/investments/interest-rate-widget/{accountId}: the current holdings' average coupon and yield
 * (interestRate), in percent, weighted by settlement amount; null when nothing is held (or, for the
 * coupon, when no holding has a coupon rate).
 */
export const InvestmentInterestRateSchema = z.object({
  weightedCouponRate: z.number().nullable(),
  weightedInterestRate: z.number().nullable(),
  holdingsCount: z.number().int(),
  totalSettlementAmount: z.number(),
});
export type InvestmentInterestRate = z.infer<typeof InvestmentInterestRateSchema>;

export const InvestmentWidgetParamsSchema = z.object({ id: z.coerce.number().int().positive() });
