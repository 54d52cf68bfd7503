import { z } from 'zod';
import {
  BalanceAdjustmentSchema,
  SHORT_TERM_RUN_STATES,
  SHORT_TERM_WEEKS,
  SHORT_TERM_MSG,
} from './short-term.schemas';

// What the Short Term Model tab reads (ingestion-analysis.md 2, 3 "Short term model", 7), and issue 18
// point 7: how a past forecast did once the days it forecast have happened.

const yesNo = z.enum(['YES', 'NO']);

/**
 * A row of the Step 1 or Step 2 Analysis table (GET short-term/step-1/{clientId}, step-2/{clientId};
 * createdAt descending): spec 3's fields. stepStatus is Step 1 Ready? (step 1 table) or Step 2 Ready?
 * (step 2 table). state, progress and message are the step's run: running, or why it failed.
 * fileUrl: the Download PDF file, null until step 1 finished.
 */
export const ShortTermModelRowSchema = z.object({
  shortTermModelId: z.number().int(),
  shortTermModelName: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  createdAt: z.string(),
  startDateRange: z.string(),
  endDateRange: z.string(),
  stepStatus: yesNo,
  dataHasChanged: yesNo,
  fileUrl: z.string().nullable(),
  balanceAdjustments: z.array(BalanceAdjustmentSchema),
  state: z.enum(SHORT_TERM_RUN_STATES),
  progress: z.number().int(),
  message: z.string().nullable(),
  jobId: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ShortTermModelRow = z.infer<typeof ShortTermModelRowSchema>;

/** Forecast accuracy of one span: forecast variance against what happened (analytics.md, ours). */
export const VarianceErrorSchema = z.object({
  comparedDays: z.number().int(),
  meanAbsoluteError: z.number().nullable(),
  /** Mean of forecast - actual: above 0, the forecast was too optimistic. */
  bias: z.number().nullable(),
  rootMeanSquareError: z.number().nullable(),
});
export type VarianceError = z.infer<typeof VarianceErrorSchema>;

/** One forecast week against what happened: the change of balance over the week. */
export const AccuracyWeekSchema = z.object({
  dateRange: z.string(),
  forecastChange: z.number(),
  actualChange: z.number(),
  /** forecastChange - actualChange */
  error: z.number(),
});

/**
 * Issue 18 point 7: a step 2 forecast against the group's balance tables after the model's end date.
 * Null on a row until at least one forecast day has an actual balance.
 */
export const ForecastAccuracySchema = z.object({
  /** The last day with an actual balance that was compared. */
  actualThrough: z.string(),
  singleDay: VarianceErrorSchema,
  sevenDay: VarianceErrorSchema,
  fourteenDay: VarianceErrorSchema,
  thirtyDay: VarianceErrorSchema,
  /** Forecast weeks that have fully happened: weekly totals, forecast against actual. */
  weeks: z.array(AccuracyWeekSchema),
  /**
   * How often the actual balance stayed inside the forecast band: the 5-95% band of the simulated
   * balance of the Monte Carlo run whose liquidity levels step 2 used; null without one.
   */
  band: z
    .object({
      monteCarloName: z.string(),
      comparedDays: z.number().int(),
      daysInside: z.number().int(),
      shareInside: z.number().nullable(),
    })
    .nullable(),
});
export type ForecastAccuracy = z.infer<typeof ForecastAccuracySchema>;

/** Back-test figures of one forecast over weeks 1 … `weeks` after each rolling origin (issue 41). */
export const HorizonAccuracySchema = z.object({
  weeks: z.number().int(),
  comparedWeeks: z.number().int(),
  /** Mean absolute weekly error / that of "same week last year" within the history; below 1 is better. */
  mase: z.number().nullable(),
  /** Total absolute error / total absolute actual. */
  wape: z.number().nullable(),
  /** Mean weekly error, dollars (above 0: too optimistic). */
  bias: z.number().nullable(),
  /** Total error / total absolute actual. */
  relativeBias: z.number().nullable(),
});
export type HorizonAccuracy = z.infer<typeof HorizonAccuracySchema>;

/**
 * Issue 41: step 1's rolling-origin back-test as step 2 used it — which forecast (the model, or the
 * naive "same week last year" when the model did not beat it), and MASE, WAPE and bias by horizon.
 */
export const ModelAccuracySchema = z.object({
  method: z.enum(['model', 'seasonalNaive']),
  usesNaive: z.boolean(),
  note: z.string(),
  origins: z.number().int(),
  /** The 13-week figures of the forecast used. */
  used: HorizonAccuracySchema.nullable(),
  model: z.array(HorizonAccuracySchema),
  seasonalNaive: z.array(HorizonAccuracySchema),
  sameBusinessDayLastYear: z.array(HorizonAccuracySchema),
});
export type ModelAccuracy = z.infer<typeof ModelAccuracySchema>;

/** A Step 2 Analysis row: the table's fields and how its forecast did (point 7). */
export const ShortTermStep2RowSchema = ShortTermModelRowSchema.extend({
  accuracy: ForecastAccuracySchema.nullable(),
  /** The back-test's MASE, WAPE and bias, and whether the naive forecast is used; null before issue 41. */
  modelAccuracy: ModelAccuracySchema.nullable(),
  /** Why strategic liquidity is missing (no finished Monte Carlo for the group), or null. */
  strategicLiquidityNote: z.string().nullable(),
});
export type ShortTermStep2Row = z.infer<typeof ShortTermStep2RowSchema>;

/** GET short-term/list?clientId=: the models whose step 1 is ready, for the step 2 dialog. */
export const ShortTermModelOptionSchema = z.object({
  shortTermModelId: z.number().int(),
  shortTermModelName: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  startDateRange: z.string(),
  endDateRange: z.string(),
  balanceAdjustments: z.array(BalanceAdjustmentSchema),
});
export type ShortTermModelOption = z.infer<typeof ShortTermModelOptionSchema>;

/**
 * The forecast endpoints keyed by groupId read one step 2 model: ?shortTermModelId= (the viewed
 * row; it must be of that group), else the group's latest finished step 2.
 */
export const ShortTermModelQuerySchema = z.object({
  shortTermModelId: z.coerce.number().int().positive().optional(),
});
const weeksSchema = z.coerce
  .number({ error: SHORT_TERM_MSG.weeksRange })
  .int(SHORT_TERM_MSG.weeksRange)
  .min(SHORT_TERM_WEEKS.min, SHORT_TERM_MSG.weeksRange)
  .max(SHORT_TERM_WEEKS.max, SHORT_TERM_MSG.weeksRange);
export const ShortTermWeeksQuerySchema = ShortTermModelQuerySchema.extend({
  weeks: weeksSchema.default(SHORT_TERM_WEEKS.max),
});

/** Which model a forecast answer is of; null fields with empty rows when the group has none. */
const modelOf = {
  shortTermModelId: z.number().int().nullable(),
  shortTermModelName: z.string().nullable(),
  groupName: z.string().nullable(),
};

/** A forecast table row (spec 3): its date and the forecast variance over 1 business day, 7, 14, 30 days. */
export const ForecastRowSchema = z.object({
  date: z.string(),
  forecastBalance: z.number(),
  singleVariance: z.number(),
  sevenDayVariance: z.number(),
  fourteenDayVariance: z.number(),
  monthlyVariance: z.number(),
});
export type ForecastRow = z.infer<typeof ForecastRowSchema>;
export const ShortTermForecastSchema = z.object({ ...modelOf, rows: z.array(ForecastRowSchema) });
export type ShortTermForecast = z.infer<typeof ShortTermForecastSchema>;

/**
 * The Day-to-Day Variance chart: per business day, the change of the group's balance from the
 * previous business day, actual (the 13 weeks before the end date, and any day since) and forecast.
 */
export const DayToDayVarianceRowSchema = z.object({
  date: z.string(),
  actual: z.number().nullable(),
  forecast: z.number().nullable(),
});
export type DayToDayVarianceRow = z.infer<typeof DayToDayVarianceRowSchema>;
export const DayToDayVarianceSchema = z.object({ ...modelOf, rows: z.array(DayToDayVarianceRowSchema) });
export type DayToDayVariance = z.infer<typeof DayToDayVarianceSchema>;

/** Short-term forecast rows (clients-accounts-investments-reports.md 3), one per week. */
export const WeeklyForecastRowSchema = z.object({
  week: z.number().int(),
  dateRange: z.string(),
  forecast: z.number(),
  priorYearActual: z.number().nullable(),
  strategicLiquidity: z.number().nullable(),
  /** Ours: the actual balance at the week's end, once it has happened (point 7). */
  actual: z.number().nullable(),
});
export type WeeklyForecastRow = z.infer<typeof WeeklyForecastRowSchema>;

/** The Short-Term Cash Position Forecast (chart) and the Short Term Modeling/Forecast (table). */
export const CashPositionForecastSchema = z.object({
  ...modelOf,
  strategicLiquidityNote: z.string().nullable(),
  rows: z.array(WeeklyForecastRowSchema),
});
export type CashPositionForecast = z.infer<typeof CashPositionForecastSchema>;
