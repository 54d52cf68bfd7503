import { addBusinessDays } from '../calendar/business-calendar';
import { buildRateTable, type RateTableRow } from './build-rate-table';
import { deriveDefaultCushion } from './compute-cushion';
import { computeLiquidityLevels, type LiquidityLevels } from './compute-liquidity-levels';
import {
  BUSINESS_DAYS_PER_MONTH,
  BUSINESS_DAYS_PER_YEAR,
  findCheckpointIndex,
  HORIZON_1_YEAR,
  HORIZON_30_DAYS,
  HORIZON_30_MONTHS,
  HORIZON_30_WEEKS,
  SIMULATION_MONTHS,
} from './horizons';
import { formatIsoDate, type IsoDate } from '../core/iso-date';
import { roundCents } from '../core/money';
import type { BootstrapMethod, MonteCarloPlan } from './prepare-monte-carlo';
import type { PathSummary } from './summarise-paths';

export interface YearRow {
  readonly year1: number;
  readonly year2: number;
  readonly year3: number;
  readonly year4: number;
  readonly year5: number;
}

export interface ChartPoint {
  /** Months ahead, 0 to 60 (business months of 21 days). */
  readonly month: number;
  readonly date: IsoDate;
  /** R(h) capped at B0 - cushion: the stacked area under the cushion. */
  readonly durationCapability: number;
  readonly cushion: number;
  readonly medianBalance: number;
  /** 5th and 95th percentile of the simulated balance (used by forecast accuracy). */
  readonly lowerBalance: number;
  readonly upperBalance: number;
}

export type LevelField = 'levelOne' | 'levelTwo' | 'levelThree' | 'levelFour' | 'levelFive' | 'cushion';
export const LEVEL_FIELDS: readonly LevelField[] = [
  'levelOne',
  'levelTwo',
  'levelThree',
  'levelFour',
  'levelFive',
  'cushion',
];

export interface LeaveOneYearOutRun {
  /** The history year left out: 1 = the 12 months up to the end date, 2 = the 12 before, … */
  readonly leftOutYear: number;
  readonly levels: Record<LevelField, number>;
}

export interface MonteCarloResult {
  readonly seed: number;
  readonly paths: number;
  /** Mean block length of the stationary bootstrap (not used by 'seasonal'). */
  readonly meanBlockLength: number;
  /** 'automatic': chosen from the data (Politis-White 2004, Patton-Politis-White 2009). */
  readonly blockLengthSource: 'automatic' | 'stated';
  /**
   * How the future was built: 'seasonal-mean' (seasonal mean + stationary bootstrap of residuals),
   * 'seasonal' (calendar months of random history years) or 'stationary' (blocks of raw flows).
   */
  readonly bootstrap: BootstrapMethod;
  /** Drift carried into the future, dollars a year (what the analyst stated; 0 by default). */
  readonly annualDrift: number;
  /** The bootstrap's block in words, for the results panel and the report. */
  readonly bootstrapBlock: string;
  /** Full history years ending on the end date that the group's data covers (at most numberOfYears). */
  readonly historyYears: number;
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly historyBusinessDays: number;
  /** B0: the group balance on the end date. */
  readonly startBalance: number;
  readonly minimumBalance: number;
  /** R(h) floored at 0 for the level horizons. */
  readonly durationCapability: {
    readonly horizon: string;
    readonly businessDays: number;
    readonly amount: number;
  }[];
  readonly monteResult: { readonly rawOutput: YearRow; readonly fromMinBal: YearRow };
  readonly liquidityLevels: LiquidityLevels & { readonly dateRange: 6 | 12 };
  /**
   * What the cushion is derived from (docs/models.md step 5): level one is the operating need
   * B0 - R(30 days); the default cushion is max(0, worst 30-day outflow - that need).
   */
  readonly cushionBasis: {
    readonly operatingNeed: number;
    readonly worstThirtyDayOutflow: number;
    readonly isStated: boolean;
  };
  /** The default cushion of each duration range (6 and 12 months), by that rule. */
  readonly defaultCushions: { readonly '6': number; readonly '12': number };
  /** Share (0..1) of paths on which all four level horizons hold at once. */
  readonly coherentShare: number;
  /** Mean lowest balance of the worst 5% of paths, per horizon (unfloored: it can be below 0). */
  readonly expectedShortfall: {
    readonly horizon: string;
    readonly businessDays: number;
    readonly amount: number;
  }[];
  /** The levels with each history year left out in turn (empty with a 1-year history or another method). */
  readonly leaveOneYearOut: LeaveOneYearOutRun[];
  /** Lowest and highest of each level over leaveOneYearOut; null when there is none. */
  readonly levelRanges: Record<LevelField, { readonly low: number; readonly high: number }> | null;
  readonly rateTable?: RateTableRow[];
  readonly chart: ChartPoint[];
}

/** Step 2's block, as the results panel and the report say it. */
export function describeBootstrapBlock(
  plan: Pick<MonteCarloPlan, 'bootstrap' | 'historyYears' | 'meanBlockLength' | 'blockLengthSource'>,
): string {
  if (plan.bootstrap === 'seasonal-mean') {
    const years = plan.historyYears === 1 ? '1 year' : `${plan.historyYears} years`;
    const chosen = plan.blockLengthSource === 'automatic' ? ', a length chosen from the data' : '';
    return `the seasonal mean of each day (by calendar month, business day of the month and calendar events of the last ${years}) plus runs of consecutive residuals from random starting days, ${plan.meanBlockLength.toFixed(1)} business days long on average${chosen}`;
  }
  if (plan.bootstrap === 'seasonal') {
    return `one calendar month at a time, each taken from one of the last ${plan.historyYears} years of history at random, in calendar order`;
  }
  const fallback =
    plan.historyYears < 2
      ? ` (the history has ${plan.historyYears} full year; the seasonal bootstrap needs 2)`
      : '';
  return `runs of consecutive history days from random starting days, ${plan.meanBlockLength} business days long on average${fallback}`;
}

const LEVEL_HORIZON_NAMES: [string, number][] = [
  ['30 days', HORIZON_30_DAYS],
  ['30 weeks', HORIZON_30_WEEKS],
  ['1 year', HORIZON_1_YEAR],
  ['30 months', HORIZON_30_MONTHS],
  ['5 years', 5 * BUSINESS_DAYS_PER_YEAR],
];

/** Step 5 from a summary: R(h) floored at 0, then the levels with the cushion rule of docs/models.md. */
function computeLevelsOf(plan: MonteCarloPlan, summary: PathSummary) {
  const capability = (businessDays: number): number =>
    Math.max(0, summary.minimumQuantiles[findCheckpointIndex(businessDays)] as number);
  const r30Days = roundCents(capability(HORIZON_30_DAYS));
  const worstDrop = plan.worstThirtyDayOutflows[plan.dateRange];
  const cushion = plan.statedCushion ?? deriveDefaultCushion(worstDrop, plan.startBalance, r30Days);
  const levels = computeLiquidityLevels(plan.startBalance, cushion, {
    r30Days: capability(HORIZON_30_DAYS),
    r30Weeks: capability(HORIZON_30_WEEKS),
    r1Year: capability(HORIZON_1_YEAR),
    r30Months: capability(HORIZON_30_MONTHS),
  });
  return { capability, r30Days, levels };
}

function rangeOf(runs: readonly LeaveOneYearOutRun[]): MonteCarloResult['levelRanges'] {
  if (runs.length === 0) return null;
  const entries = LEVEL_FIELDS.map((field) => {
    const values = runs.map((run) => run.levels[field]);
    return [field, { low: Math.min(...values), high: Math.max(...values) }] as const;
  });
  return Object.fromEntries(entries) as Record<LevelField, { low: number; high: number }>;
}

/**
 * Monte Carlo section of analytics.md, steps 3 to 7, from the simulated paths' summary, with the
 * levels of the leave-one-year-out histories (their summaries in plan.leaveOneYearOut order).
 */
export function assembleMonteCarloResult(
  plan: MonteCarloPlan,
  summary: PathSummary,
  leaveOneYearOutSummaries: readonly PathSummary[] = [],
): MonteCarloResult {
  const { capability: floored, r30Days, levels } = computeLevelsOf(plan, summary);
  const quantileAt = (businessDays: number): number =>
    summary.minimumQuantiles[findCheckpointIndex(businessDays)] as number;
  // Step 3: R(h) floored at 0. Step 4: 'From Min Bal' uses the same paths (same seed) started from the
  // window's minimum, which shifts every path, so its quantile, by (minimum - B0).
  const shift = plan.minimumBalance - plan.startBalance;
  const capability = (businessDays: number, offset = 0): number =>
    offset === 0 ? floored(businessDays) : Math.max(0, quantileAt(businessDays) + offset);
  const yearRow = (offset: number): YearRow => {
    const at = (year: number) => roundCents(capability(year * BUSINESS_DAYS_PER_YEAR, offset));
    return { year1: at(1), year2: at(2), year3: at(3), year4: at(4), year5: at(5) };
  };
  const available = roundCents(plan.startBalance) - levels.cushion;
  const chart: ChartPoint[] = [];
  let previousCapability = available;
  for (let month = 0; month <= SIMULATION_MONTHS; month += 1) {
    const businessDays = month * BUSINESS_DAYS_PER_MONTH;
    const durationCapability =
      month === 0 ? available : Math.min(previousCapability, Math.min(available, capability(businessDays)));
    previousCapability = durationCapability;
    const balanceAt = (series: Float64Array) =>
      month === 0 ? plan.startBalance : (series[month - 1] as number);
    chart.push({
      month,
      date: formatIsoDate(month === 0 ? plan.endDay : addBusinessDays(plan.endDay, businessDays)),
      durationCapability: roundCents(durationCapability),
      cushion: levels.cushion,
      medianBalance: roundCents(balanceAt(summary.medianBalances)),
      lowerBalance: roundCents(balanceAt(summary.lowerBalances)),
      upperBalance: roundCents(balanceAt(summary.upperBalances)),
    });
  }
  const leaveOneYearOut: LeaveOneYearOutRun[] = leaveOneYearOutSummaries.map((other, index) => {
    const { levels: otherLevels } = computeLevelsOf(plan, other);
    return {
      leftOutYear: plan.leaveOneYearOut[index]?.leftOutYear ?? index + 1,
      levels: Object.fromEntries(LEVEL_FIELDS.map((field) => [field, otherLevels[field]])) as Record<
        LevelField,
        number
      >,
    };
  });
  const cushionFor = (range: 6 | 12) =>
    roundCents(deriveDefaultCushion(plan.worstThirtyDayOutflows[range], plan.startBalance, r30Days));
  return {
    seed: plan.seed,
    paths: plan.paths,
    meanBlockLength: plan.meanBlockLength,
    blockLengthSource: plan.blockLengthSource,
    bootstrap: plan.bootstrap,
    annualDrift: roundCents(plan.annualDrift),
    bootstrapBlock: describeBootstrapBlock(plan),
    historyYears: plan.historyYears,
    startDate: plan.startDate,
    endDate: plan.endDate,
    historyBusinessDays: plan.historyBusinessDays,
    startBalance: roundCents(plan.startBalance),
    minimumBalance: roundCents(plan.minimumBalance),
    durationCapability: LEVEL_HORIZON_NAMES.map(([horizon, businessDays]) => ({
      horizon,
      businessDays,
      amount: roundCents(capability(businessDays)),
    })),
    monteResult: { rawOutput: yearRow(0), fromMinBal: yearRow(shift) },
    liquidityLevels: { ...levels, dateRange: plan.dateRange },
    cushionBasis: {
      operatingNeed: levels.levelOne,
      worstThirtyDayOutflow: roundCents(plan.worstThirtyDayOutflows[plan.dateRange]),
      isStated: plan.statedCushion !== undefined,
    },
    defaultCushions: { '6': cushionFor(6), '12': cushionFor(12) },
    coherentShare: summary.coherentShare,
    expectedShortfall: LEVEL_HORIZON_NAMES.map(([horizon, businessDays]) => ({
      horizon,
      businessDays,
      amount: roundCents(summary.minimumTailMeans[findCheckpointIndex(businessDays)] as number),
    })),
    leaveOneYearOut,
    levelRanges: rangeOf(leaveOneYearOut),
    ...(plan.rateCurve ? { rateTable: buildRateTable(levels, plan.rateCurve) } : {}),
    chart,
  };
}
