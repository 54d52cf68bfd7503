import { z } from 'zod';

// The account profile's Account Balance chart and its two-page summary panel (clients-accounts-
// investments-reports.md 2 "Account profile": "balance with liquidity pie, then interest rate with
// accrued interest"), read from the daily and monthly balance tables (issue 18 point 1). The paths
// are ours: GET /api/accounts/balance-history/{accountId}, GET /api/accounts/summary/{accountId}.

export const AccountSummaryParamsSchema = z.object({ accountId: z.coerce.number().int().positive() });

export const BalanceHistorySchema = z.object({
  /** When the tables were computed; null: never (the chart then asks for Calculate Daily and Monthly Tables). */
  computedAt: z.string().nullable(),
  /** Transactions of the account changed after the tables were computed. */
  isStale: z.boolean(),
  points: z.array(z.object({ date: z.string(), balance: z.number() })),
});
export type BalanceHistory = z.infer<typeof BalanceHistorySchema>;

const PeriodInterestSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Interest credited in the period (transactions of the keyword category Interest). */
  interest: z.number(),
  averageDailyBalance: z.number(),
  /** Annualised: interest / average daily balance x 365 / days, in percent; null without a balance. */
  annualRate: z.number().nullable(),
});
export type PeriodInterest = z.infer<typeof PeriodInterestSchema>;

export const LIQUIDITY_SLICES = [
  'Cash',
  'Level 1 (0 to 30 days)',
  'Level 2 (30 days to 30 weeks)',
  'Level 3 (30 weeks to 1 year)',
  'Level 4 (1 year to 30 months)',
  'Level 5 (30 months and longer)',
] as const;

export const AccountSummarySchema = z.object({
  /** The last day of the account's balance table; null without tables. */
  asOf: z.string().nullable(),
  balance: z.object({
    current: z.number().nullable(),
    average12Months: z.number().nullable(),
    minimum12Months: z.number().nullable(),
    maximum12Months: z.number().nullable(),
  }),
  /** The cash balance and the open investments of the account by liquidity level (by maturity). */
  liquidity: z.array(z.object({ label: z.enum(LIQUIDITY_SLICES), amount: z.number() })),
  /** Spec 3: index 0 is last month, index 1 last quarter (annual rates in percent). */
  interestRate: z.tuple([z.number().nullable(), z.number().nullable()]),
  accruedInterest: z.object({
    lastMonth: PeriodInterestSchema.nullable(),
    lastQuarter: PeriodInterestSchema.nullable(),
  }),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;
