import { z } from 'zod';
import { LIQUIDITY_LEVEL_FIELDS, LiquidityLevelsSchema } from './liquidity-levels.schemas';

// The '{name} - Results' panel (ingestion-analysis.md 2 "Monte Carlo tab"), read from the run's stored
// result (analytics.md "Monte Carlo" steps 3 to 7): nothing is recomputed when a panel opens.

const yearRow = {
  year1: z.number(),
  year2: z.number(),
  year3: z.number(),
  year4: z.number(),
  year5: z.number(),
};

/** The Monté Result table: 'Raw Output' and 'From Min Bal' across Year 1 to Year 5 (spec 9). */
export const MONTE_RESULT_ROWS = ['Raw Output', 'From Min Bal'] as const;
export const MonteResultRowSchema = z.object({ row: z.enum(MONTE_RESULT_ROWS), ...yearRow });
export type MonteResultRow = z.infer<typeof MonteResultRowSchema>;

/**
 * A row of the Amount / Duration / Indicative Rate / Benchmark Interest table, on the effective levels
 * (the analyst's override applied). indicativeRate is in percent a year (4.33 = 4.33 %), from the
 * stored market rate of the run date (rateDate: the observation used); benchmarkInterest = amount x
 * rate for one year. Both null when no rate of that series was stored on or before the run date.
 */
export const RateTableRowSchema = z.object({
  field: z.enum(LIQUIDITY_LEVEL_FIELDS),
  levelNumber: z.number().int(),
  amount: z.number(),
  duration: z.string(),
  benchmark: z.string(),
  seriesId: z.string(),
  indicativeRate: z.number().nullable(),
  rateDate: z.string().nullable(),
  benchmarkInterest: z.number().nullable(),
  /**
   * Issue 41 point 5: when the level's own series was too old, the series standing in for it, named
   * ("2-year Treasury (DGS2) in place of …"); with no rate, "Rate unavailable since DATE"; else null.
   */
  rateNote: z.string().nullable().optional(),
});
export type RateTableRow = z.infer<typeof RateTableRowSchema>;

/** Lowest and highest amount of a level over the leave-one-year-out runs. */
export const LevelRangeSchema = z.object({ low: z.number(), high: z.number() });
export type LevelRange = z.infer<typeof LevelRangeSchema>;

/**
 * How steady the run's figures are (issue 41; docs/models.md "Monte Carlo liquidity segmentation"):
 * the levels with each history year left out, the share of paths on which all levels hold at once,
 * the mean lowest balance of the worst 5% of paths, and the bootstrap's block length. Null fields on
 * runs stored before these figures existed.
 */
export const MonteCarloStabilitySchema = z.object({
  /** Per level (and the cushion): null with a 1-year history. */
  levelRanges: z
    .object({
      levelOne: LevelRangeSchema,
      levelTwo: LevelRangeSchema,
      levelThree: LevelRangeSchema,
      levelFour: LevelRangeSchema,
      levelFive: LevelRangeSchema,
      cushion: LevelRangeSchema,
    })
    .nullable(),
  leftOutYears: z.array(z.number().int()),
  /** 0..1 */
  coherentShare: z.number().nullable(),
  expectedShortfall: z.array(
    z.object({ horizon: z.string(), businessDays: z.number().int(), amount: z.number() }),
  ),
  meanBlockLength: z.number().nullable(),
  blockLengthSource: z.enum(['automatic', 'stated']).nullable(),
  /** Drift carried into the future, dollars a year (0 unless stated). */
  annualDrift: z.number().nullable(),
  /** Level one's operating need B0 - R(30 days) and the worst 30-day outflow the cushion is derived from. */
  operatingNeed: z.number().nullable(),
  worstThirtyDayOutflow: z.number().nullable(),
});
export type MonteCarloStability = z.infer<typeof MonteCarloStabilitySchema>;

/** GET /api/analytics/monte-carlo/results/{id}. */
export const MonteCarloResultsSchema = z.object({
  monteCarloId: z.number().int(),
  monteCarloName: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  createdAt: z.string(),
  startDateRange: z.string(),
  endDateRange: z.string(),
  numberOfYears: z.number().int(),
  /** Reproducibility: the same inputs and seed give the same result. */
  seed: z.number().int(),
  paths: z.number().int(),
  /** How the simulated future is built from the history (analytics.md step 2), in words. */
  bootstrap: z.enum(['seasonal-mean', 'seasonal', 'stationary']),
  bootstrapBlock: z.string(),
  dataAsOf: z.string().nullable(),
  /** B0, the group's balance on the end date, and the lowest balance of the history window. */
  startBalance: z.number(),
  minimumBalance: z.number(),
  monteResult: z.array(MonteResultRowSchema),
  /** R(h) for 30 days, 30 weeks, 1 year, 30 months and 5 years (floored at 0, before the cap). */
  durationCapability: z.array(
    z.object({ horizon: z.string(), businessDays: z.number().int(), amount: z.number() }),
  ),
  levels: LiquidityLevelsSchema,
  rateTable: z.array(RateTableRowSchema),
  /** The sum of the rows' benchmark interest; null when a rate is missing. */
  totalBenchmarkInterest: z.number().nullable(),
  stability: MonteCarloStabilitySchema,
});
export type MonteCarloResults = z.infer<typeof MonteCarloResultsSchema>;

/**
 * GET monte-carlo/total-balance/{id}: the group's total balance on the end date (B0) and the simulated
 * total balance ahead, by month (0 to 60): median, 5th and 95th percentile.
 */
export const MonteCarloTotalBalanceSchema = z.object({
  monteCarloId: z.number().int(),
  endDate: z.string(),
  startBalance: z.number(),
  minimumBalance: z.number(),
  points: z.array(
    z.object({
      month: z.number().int(),
      date: z.string(),
      medianBalance: z.number(),
      lowerBalance: z.number(),
      upperBalance: z.number(),
    }),
  ),
});
export type MonteCarloTotalBalance = z.infer<typeof MonteCarloTotalBalanceSchema>;

/**
 * GET monte-carlo/duration-capability-cushion-graph/{id}: the stacked areas by month (0 to 60), the
 * duration capability R(h) capped at B0 - cushion and the cushion on it, with the effective cushion.
 */
export const DurationCapabilityGraphSchema = z.object({
  monteCarloId: z.number().int(),
  startBalance: z.number(),
  cushion: z.number(),
  isOverridden: z.boolean(),
  points: z.array(
    z.object({
      month: z.number().int(),
      date: z.string(),
      durationCapability: z.number(),
      cushion: z.number(),
    }),
  ),
});
export type DurationCapabilityGraph = z.infer<typeof DurationCapabilityGraphSchema>;
