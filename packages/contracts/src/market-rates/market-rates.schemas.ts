import { z } from 'zod';

// platform.md 3 "Market data" and 7 "GET /api/dashboard/quandl": the rates of the dashboard's ticker bar.
// The spec's SOFR group is unreadable ({hash}); it is named `sofr` here (docs/models.md "Market rates").

/**
 * Every stored series the market data object reads. Most are FRED series ids; BC_2MONTH is the
 * Treasury par yield curve's 2-month column (FRED has no 2-month constant maturity series).
 */
export const MARKET_RATE_SERIES = [
  'DGS1MO',
  'BC_2MONTH',
  'DGS3MO',
  'DGS1',
  'DGS2',
  'DFEDTARL',
  'DFEDTARU',
  'EFFR',
  'DCPF1M',
  'DCPF3M',
  'DCPN30',
  'DCPN3M',
  'SOFR30DAYAVG',
  'SOFR',
  'HQMCB1YR',
  'HQMCB2YR',
] as const;
export type MarketRateSeries = (typeof MARKET_RATE_SERIES)[number];

/**
 * Where a stored rate came from: a provider, an import, the shipped snapshot, or 'demo' (the made-up
 * history `seed-demo` gives the demo's three years; shown as "Demo figures", replaced like the snapshot).
 */
export const MARKET_RATE_SOURCES = ['fred', 'treasury', 'import', 'snapshot', 'demo'] as const;
export type MarketRateSource = (typeof MARKET_RATE_SOURCES)[number];

export const MARKET_DATA_GROUPS = [
  'usTreasury',
  'federalFund',
  'effectiveFund',
  'aaFinancialCommercialPaper',
  'aaNonFinancialCommercialPaper',
  'sofr',
  'corporateBond',
] as const;
export type MarketDataGroup = (typeof MARKET_DATA_GROUPS)[number];

/**
 * The object's layout: each group's values in the spec's order, with the series each one reads.
 * The effective fed funds 30-day value is derived: the average of daily EFFR over 30 calendar days.
 */
export const MARKET_DATA_LAYOUT: Record<
  MarketDataGroup,
  { title: string; rates: { label: string; seriesId: MarketRateSeries }[] }
> = {
  usTreasury: {
    title: 'US Treasury',
    rates: [
      { label: '30-Day', seriesId: 'DGS1MO' },
      { label: '60-Day', seriesId: 'BC_2MONTH' },
      { label: '90-Day', seriesId: 'DGS3MO' },
      { label: '1-Year', seriesId: 'DGS1' },
      { label: '2-Year', seriesId: 'DGS2' },
    ],
  },
  federalFund: {
    title: 'Federal Funds Target',
    rates: [
      { label: 'Lower Limit', seriesId: 'DFEDTARL' },
      { label: 'Upper Limit', seriesId: 'DFEDTARU' },
    ],
  },
  effectiveFund: { title: 'Effective Fed Funds', rates: [{ label: '30-Day', seriesId: 'EFFR' }] },
  aaFinancialCommercialPaper: {
    title: 'AA Financial CP',
    rates: [
      { label: '30-Day', seriesId: 'DCPF1M' },
      { label: '90-Day', seriesId: 'DCPF3M' },
    ],
  },
  aaNonFinancialCommercialPaper: {
    title: 'AA Nonfinancial CP',
    rates: [
      { label: '30-Day', seriesId: 'DCPN30' },
      { label: '90-Day', seriesId: 'DCPN3M' },
    ],
  },
  sofr: {
    title: 'SOFR',
    rates: [
      { label: '30-Day', seriesId: 'SOFR30DAYAVG' },
      { label: 'Overnight', seriesId: 'SOFR' },
    ],
  },
  corporateBond: {
    title: 'Corporate Bond (HQM)',
    rates: [
      { label: '1-Year', seriesId: 'HQMCB1YR' },
      { label: '2-Year', seriesId: 'HQMCB2YR' },
    ],
  },
};

export const MarketRateSchema = z.object({
  label: z.string(),
  seriesId: z.enum(MARKET_RATE_SERIES),
  /** Percent a year (3.58 means 3.58%); null when the series has no observation yet. */
  value: z.number().nullable(),
  /** The observation date the value belongs to (YYYY-MM-DD). */
  asOf: z.string().nullable(),
  /**
   * Where the value came from; 'snapshot' is the sample shipped for offline installs and 'demo' the
   * demo data set's made-up history, neither of them live data.
   */
  source: z.enum(MARKET_RATE_SOURCES).nullable(),
});
export type MarketRate = z.infer<typeof MarketRateSchema>;

export const MarketDataSchema = z.object(
  Object.fromEntries(MARKET_DATA_GROUPS.map((g) => [g, z.array(MarketRateSchema)])) as Record<
    MarketDataGroup,
    z.ZodArray<typeof MarketRateSchema>
  >,
);
export type MarketData = z.infer<typeof MarketDataSchema>;

/** platform.md 3: the market data is the first element of a list. */
export const MarketDataListSchema = z.array(MarketDataSchema);

export const RefreshMarketRatesResultSchema = z.object({ msg: z.string(), jobId: z.string() });

export const MARKET_RATES_MSG = {
  refreshStarted: 'Market rate refresh started.',
  noProvider: 'No market rate provider is configured (MARKET_RATES_PROVIDERS).',
} as const;
