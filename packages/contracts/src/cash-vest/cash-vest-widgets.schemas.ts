import { z } from 'zod';

// clients-accounts-investments-reports.md 2 "Summary widgets", 3 ("cashVest score series", "Interest
// rate comparison per bank"), 7 "Clients": GET /api/clients/cash-vest/widget/{id},
// /interest-rate-comparison-widget/{id} and /interest-rate-widget/{id}.

export const CashVestWidgetParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The cashVest Score bar chart: one point per month of the edited scores, oldest first. */
export const CashVestSeriesPointSchema = z.object({
  monthYear: z.string(),
  'Cash Flow': z.number(),
  Investment: z.number(),
  'Liquidity Proficiency': z.number(),
  'Value Score': z.number(),
  'Warnick Rate': z.number(),
});
export type CashVestSeriesPoint = z.infer<typeof CashVestSeriesPointSchema>;
export const CASH_VEST_SERIES_KEYS = [
  'Cash Flow',
  'Investment',
  'Liquidity Proficiency',
  'Value Score',
  'Warnick Rate',
] as const;
export const CashVestWidgetSchema = z.array(CashVestSeriesPointSchema);

/** Rates in percent a year (4.25 = 4.25%), 4 decimals (spec 9); null when there is nothing to measure. */
export const CategoryRatesSchema = z.object({
  lastMonth: z.number().nullable(),
  lastQuarter: z.number().nullable(),
  bestRate: z.number().nullable(),
  bestInState: z.number().nullable(),
  average: z.number().nullable(),
});
export type CategoryRates = z.infer<typeof CategoryRatesSchema>;

export const RATE_CATEGORIES = [
  { key: 'fixedIncome', label: 'Fixed Income' },
  { key: 'lowYield', label: 'Low Yield' },
  { key: 'highYield', label: 'High Yield' },
] as const;

export const BankRateComparisonSchema = z.object({
  bankId: z.number().int(),
  bankName: z.string(),
  /** The bank's state, from its negotiated rates; null when it has none. */
  state: z.string().nullable(),
  fixedIncome: CategoryRatesSchema,
  lowYield: CategoryRatesSchema,
  highYield: CategoryRatesSchema,
});
export type BankRateComparison = z.infer<typeof BankRateComparisonSchema>;

const PeriodSchema = z.object({ startDate: z.string(), endDate: z.string() });

/**
 * Interest Rate Comparison, one bank per page. The as-of date is the day after the client's last day
 * in the balance tables, so last month and last quarter are the last full ones with data.
 */
export const InterestRateComparisonWidgetSchema = z.object({
  asOfDate: z.string().nullable(),
  lastMonth: PeriodSchema.nullable(),
  lastQuarter: PeriodSchema.nullable(),
  banks: z.array(BankRateComparisonSchema),
});
export type InterestRateComparisonWidget = z.infer<typeof InterestRateComparisonWidgetSchema>;

/**
 * The client's earned interest rate (spec 3: in the interest rate list, index 0 is last month and
 * index 1 last quarter; percent a year) and the interest received (accrued) in those periods.
 */
export const InterestRateWidgetSchema = z.object({
  asOfDate: z.string().nullable(),
  interestRate: z.tuple([z.number().nullable(), z.number().nullable()]),
  accruedInterest: z.object({ lastMonth: z.number().nullable(), lastQuarter: z.number().nullable() }),
});
export type InterestRateWidget = z.infer<typeof InterestRateWidgetSchema>;
