import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText } from '../common/number-text';

// ingestion-analysis.md 3 "Liquidity levels", 4 "Liquidity dialog", 5 "Liquidity levels", 8; the
// levels and their horizons are analytics.md "Monte Carlo" step 5 (every screen shows each level with
// its horizon), the rates of step 6.

export const LIQUIDITY_LEVELS_MSG = {
  updated: 'Liquidity levels updated successfully.',
  updateFailed: 'Failed to edit liquidity levels.',
  resetFailed: 'Failed to reset liquidity levels.',
  restored: 'Default values loaded. Save to keep them.',
} as const;

export const LIQUIDITY_LEVEL_FIELDS = [
  'levelOne',
  'levelTwo',
  'levelThree',
  'levelFour',
  'levelFive',
] as const;
export type LiquidityLevelField = (typeof LIQUIDITY_LEVEL_FIELDS)[number];
/** The amounts Set Liquidity Levels edits. */
export const LIQUIDITY_AMOUNT_FIELDS = [...LIQUIDITY_LEVEL_FIELDS, 'cushion'] as const;
export type LiquidityAmountField = (typeof LIQUIDITY_AMOUNT_FIELDS)[number];

/** Spec 9: 6 or 12 months, default 6 (the months the default cushion looks back over). */
export const LIQUIDITY_DATE_RANGES = [6, 12] as const;
export type LiquidityDateRange = (typeof LIQUIDITY_DATE_RANGES)[number];
export const DEFAULT_LIQUIDITY_DATE_RANGE: LiquidityDateRange = 6;

/**
 * Each level with its horizon and the market rate standing for it (analytics.md step 6; the stored
 * series of apps/server/src/modules/market-rates, docs/models.md "Market rates").
 */
export const LIQUIDITY_LEVEL_TERMS = [
  {
    field: 'levelOne',
    levelNumber: 1,
    label: 'Level One',
    horizon: '0 to 30 days',
    benchmark: 'Effective federal funds rate',
    seriesId: 'EFFR',
  },
  {
    field: 'levelTwo',
    levelNumber: 2,
    label: 'Level Two',
    horizon: '30 days to 30 weeks',
    benchmark: '90-day Treasury bill (3-month constant maturity)',
    seriesId: 'DGS3MO',
  },
  {
    field: 'levelThree',
    levelNumber: 3,
    label: 'Level Three',
    horizon: '30 weeks to 1 year',
    benchmark: '1-year Treasury',
    seriesId: 'DGS1',
  },
  {
    field: 'levelFour',
    levelNumber: 4,
    label: 'Level Four',
    horizon: '1 year to 30 months',
    benchmark: '2-year Treasury',
    seriesId: 'DGS2',
  },
  {
    field: 'levelFive',
    levelNumber: 5,
    label: 'Level Five',
    horizon: '30 months and longer',
    benchmark: '2-year corporate bond (HQM)',
    seriesId: 'HQMCB2YR',
  },
] as const satisfies readonly {
  field: LiquidityLevelField;
  levelNumber: number;
  label: string;
  horizon: string;
  benchmark: string;
  seriesId: string;
}[];

/** Spec 5: optional minus, digits, optional decimal point. */
export const LEVEL_AMOUNT_PATTERN = /^-?(\d+\.?\d*|\.\d+)$/;

const PLAIN = { useGrouping: false, maximumFractionDigits: 20 } as const;
const asAmountText = (v: unknown) =>
  v === '' || v === null ? undefined : typeof v === 'number' ? v.toLocaleString('en-US', PLAIN) : v;
const amountSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.fieldMustBeNumber) })
  .trim()
  .regex(LEVEL_AMOUNT_PATTERN, MSG.fieldMustBeNumber)
  .transform(Number)
  .refine((v) => Math.abs(v) < 1e13, 'The amount is too large.');
// Thousands separators are taken out ('12,000', issue 20 point 7).
const requiredAmount = z.preprocess((v) => plainNumberText(asAmountText(v)), amountSchema);

const dateRangeSchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? DEFAULT_LIQUIDITY_DATE_RANGE : Number(v)),
  z.union([z.literal(6), z.literal(12)], { error: 'The duration range is 6 or 12 months.' }),
);

/**
 * The Set Liquidity Levels form (spec 5): levelOne to levelFive and the cushion required and numeric;
 * shortTermDollars numeric only (it is levelOne + levelTwo; when sent it must be that sum); the
 * duration range 6 or 12 months. The model's rule (setLiquidityLevels) is checked by the server: no
 * amount below 0, and the five levels and the cushion add up to the balance on the end date.
 */
export const LiquidityLevelsFormSchema = z.object({
  levelOne: requiredAmount,
  levelTwo: requiredAmount,
  levelThree: requiredAmount,
  levelFour: requiredAmount,
  levelFive: requiredAmount,
  cushion: requiredAmount,
  shortTermDollars: z.preprocess(asAmountText, amountSchema.optional()),
  dateRange: dateRangeSchema,
});
export type LiquidityLevelsFormInput = z.input<typeof LiquidityLevelsFormSchema>;
export type LiquidityLevelsFormParsed = z.output<typeof LiquidityLevelsFormSchema>;

/** PUT /api/analytics/monte-carlo/liquidity-levels/{accountGroupId}, body {monteCarlo}. */
export const LiquidityLevelsBodySchema = z.object({
  monteCarlo: LiquidityLevelsFormSchema.extend({
    monteCarloId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.number({ error: MSG.required }).int().positive(),
    ),
  }),
});
export type LiquidityLevelsBody = z.input<typeof LiquidityLevelsBodySchema>;

/** GET liquidity-levels/get/default/{id}?dateRange=6|12 (Restore Defaults). */
export const LiquidityDefaultsQuerySchema = z.object({ dateRange: dateRangeSchema });

const amounts = <T extends z.ZodType>(value: T) =>
  z.object({
    levelOne: value,
    levelTwo: value,
    levelThree: value,
    levelFour: value,
    levelFive: value,
    cushion: value,
  });

/**
 * A run's liquidity levels: the computed defaults (get/default) or the effective ones with the
 * analyst's override (get/current, PUT). startBalance is B0, which the levels and the cushion add up
 * to; `defaults` are the computed amounts for this dateRange and `overridden` says which differ.
 */
export const LiquidityLevelsSchema = amounts(z.number()).extend({
  monteCarloId: z.number().int(),
  accountGroupId: z.number().int(),
  dateRange: z.union([z.literal(6), z.literal(12)]),
  startBalance: z.number(),
  shortTermDollars: z.number(),
  strategicLiquidity: z.number(),
  isOverridden: z.boolean(),
  overridden: amounts(z.boolean()),
  defaults: amounts(z.number()),
  /** When the analyst last saved them; null for computed levels. */
  updatedAt: z.string().nullable(),
});
export type LiquidityLevels = z.infer<typeof LiquidityLevelsSchema>;

export const LiquidityLevelsSavedSchema = z.object({ msg: z.string(), levels: LiquidityLevelsSchema });
export type LiquidityLevelsSaved = z.infer<typeof LiquidityLevelsSavedSchema>;
