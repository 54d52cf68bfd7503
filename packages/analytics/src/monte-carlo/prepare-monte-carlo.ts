import type { AccountHistory } from '../core/account-history';
import { validateRateCurve, type RateCurve } from './build-rate-table';
import { collectGroupWindow } from '../core/collect-group-window';
import { buildSeasonalMeanBootstrap, type SeasonalMeanVariant } from './build-seasonal-mean-bootstrap';
import { computeWorstThirtyDayOutflow } from './compute-cushion';
import { addMonths, formatIsoDate, type IsoDate } from '../core/iso-date';
import { isFiniteAmount } from '../core/money';
import { fail, ok, type Result } from '../core/result';
import { isValidSeed } from '../core/seeded-random';
import {
  buildSeasonalSegments,
  countHistoryYears,
  MINIMUM_SEASONAL_YEARS,
  type SeasonalSegments,
} from './seasonal-segments';
import type { SimulatePathsInput } from './simulate-paths';
import { parseDateField, validateAccounts } from '../core/validate-accounts';

export interface MonteCarloInput {
  /** The account group's member accounts. */
  readonly accounts: readonly AccountHistory[];
  readonly endDate: IsoDate;
  /** History window length in whole years (start date = end date minus this), at least 1. */
  readonly numberOfYears: number;
  /** The run date; the end date may not be after it. */
  readonly today: IsoDate;
  /** Unsigned 32-bit integer, recorded with the run. */
  readonly seed: number;
  /** Number of simulated paths (default 10,000; 100 to 1,000,000). */
  readonly paths?: number;
  /**
   * Cushion in dollars, a reserve on top of level one (the operating need); default: what the largest
   * 30-day net outflow of the last dateRange months asks for beyond the operating need.
   */
  readonly cushion?: number;
  /** 6 or 12 months (default 6). */
  readonly dateRange?: 6 | 12;
  /** Market rates for the Amount / Duration / Indicative Rate / Benchmark Interest table. */
  readonly rateCurve?: RateCurve;
  /**
   * Mean block length of the stationary bootstrap in business days. Default: chosen from the data
   * (Politis-White) for 'seasonal-mean', 21 for 'stationary'.
   */
  readonly meanBlockLength?: number;
  /**
   * How the future is built from the history (default 'auto' = 'seasonal-mean'): 'seasonal-mean' adds
   * residuals, resampled by a stationary bootstrap, to the seasonal mean of each future day;
   * 'seasonal' replays calendar months of randomly drawn history years and needs 2 full years;
   * 'stationary' replays blocks of the raw flows from any day of the history. The last two are kept
   * to compare against.
   */
  readonly bootstrap?: BootstrapChoice;
  /**
   * Growth the analyst states, as a fraction of B0 a year (0.05: the balance grows by 5% of today's
   * balance each year); only 'seasonal-mean' uses it. Default 0: the history's drift is not carried.
   */
  readonly annualGrowthRate?: number;
}

export type BootstrapMethod = 'seasonal-mean' | 'seasonal' | 'stationary';
export type BootstrapChoice = BootstrapMethod | 'auto';

/** Everything the simulation and the result need, after validation. */
export interface MonteCarloPlan {
  readonly seed: number;
  readonly paths: number;
  readonly meanBlockLength: number;
  /** 'automatic' when the block length was chosen from the data (Politis-White), else 'stated'. */
  readonly blockLengthSource: 'automatic' | 'stated';
  readonly bootstrap: BootstrapMethod;
  /** Full history years ending on the end date that the group's data covers (at most numberOfYears). */
  readonly historyYears: number;
  /** The calendar-month pieces of the history years, when bootstrap is 'seasonal'. */
  readonly seasonal?: SeasonalSegments;
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly endDay: number;
  /** The series the bootstrap resamples: residuals around the seasonal mean, or the raw net flows. */
  readonly flows: Float64Array;
  /** The seasonal mean of each simulated business day ('seasonal-mean' only). */
  readonly meanPath?: Float64Array;
  /** The same with one history year left out at a time ('seasonal-mean' with 2 years or more). */
  readonly leaveOneYearOut: readonly SeasonalMeanVariant[];
  /** Drift carried into the future, dollars a year (annualGrowthRate x B0). */
  readonly annualDrift: number;
  readonly historyBusinessDays: number;
  readonly startBalance: number;
  readonly minimumBalance: number;
  /** The analyst's cushion, when given; otherwise it is derived from the operating need. */
  readonly statedCushion?: number;
  /** Largest 30-day net outflow of the last 6 and 12 months of the history. */
  readonly worstThirtyDayOutflows: { readonly 6: number; readonly 12: number };
  readonly dateRange: 6 | 12;
  readonly rateCurve?: RateCurve;
}

export const DEFAULT_PATHS = 10_000;
export const DEFAULT_MEAN_BLOCK_LENGTH = 21;

/** Monte Carlo run rules (ingestion-analysis.md 5) and step 1 of analytics.md, as typed errors. */
export function prepareMonteCarlo(input: MonteCarloInput): Result<MonteCarloPlan> {
  const accounts = validateAccounts(input.accounts);
  if (!accounts.ok) return accounts;
  const end = parseDateField(input.endDate, 'endDate');
  if (!end.ok) return end;
  const today = parseDateField(input.today, 'today');
  if (!today.ok) return today;
  if (end.value > today.value)
    return fail('END_DATE_AFTER_TODAY', 'The end date cannot be after today', 'endDate');
  if (!Number.isInteger(input.numberOfYears) || input.numberOfYears < 1 || input.numberOfYears > 30) {
    return fail('INVALID_ARGUMENT', 'numberOfYears must be a whole number from 1 to 30', 'numberOfYears');
  }
  if (!isValidSeed(input.seed))
    return fail('INVALID_ARGUMENT', 'seed must be an integer from 0 to 4294967295', 'seed');
  const paths = input.paths ?? DEFAULT_PATHS;
  if (!Number.isInteger(paths) || paths < 100 || paths > 1_000_000) {
    return fail('INVALID_ARGUMENT', 'paths must be a whole number from 100 to 1,000,000', 'paths');
  }
  const statedBlockLength = input.meanBlockLength;
  if (statedBlockLength !== undefined && (!isFiniteAmount(statedBlockLength) || statedBlockLength < 1)) {
    return fail('INVALID_ARGUMENT', 'meanBlockLength must be at least 1 business day', 'meanBlockLength');
  }
  const choice = input.bootstrap ?? 'auto';
  if (choice !== 'auto' && choice !== 'seasonal-mean' && choice !== 'seasonal' && choice !== 'stationary') {
    return fail(
      'INVALID_ARGUMENT',
      "bootstrap must be 'auto', 'seasonal-mean', 'seasonal' or 'stationary'",
      'bootstrap',
    );
  }
  const growth = input.annualGrowthRate ?? 0;
  if (!isFiniteAmount(growth) || Math.abs(growth) > 1) {
    return fail(
      'INVALID_ARGUMENT',
      'annualGrowthRate must be a yearly fraction from -1 to 1',
      'annualGrowthRate',
    );
  }
  const dateRange = input.dateRange ?? 6;
  if (dateRange !== 6 && dateRange !== 12)
    return fail('INVALID_ARGUMENT', 'dateRange must be 6 or 12', 'dateRange');
  if (input.cushion !== undefined && (!isFiniteAmount(input.cushion) || input.cushion < 0)) {
    return fail('NON_FINITE_AMOUNT', 'cushion must be a finite amount of at least 0', 'cushion');
  }
  if (input.rateCurve) {
    const curve = validateRateCurve(input.rateCurve);
    if (!curve.ok) return curve;
  }
  const startDay = addMonths(end.value, -12 * input.numberOfYears);
  const startField = parseDateField(formatIsoDate(startDay), 'startDate');
  if (!startField.ok) return startField;
  const window = collectGroupWindow(accounts.value, startDay, end.value);
  if (window.transactionCount === 0) {
    return fail('EMPTY_HISTORY', 'The group has no transactions in the history window', 'accounts');
  }
  // At least one year of history: the group's data must reach back a year before the end date.
  if (window.firstDataDay > addMonths(end.value, -12)) {
    return fail(
      'HISTORY_TOO_SHORT',
      `The group's history starts ${formatIsoDate(window.firstDataDay)}; at least 1 year before the end date is needed`,
      'accounts',
    );
  }
  if (window.endBalance < 0) {
    return fail(
      'NEGATIVE_BALANCE',
      'The group balance on the end date is negative; there is nothing to segment',
      'accounts',
    );
  }
  // Step 2: the seasonal bootstrap draws whole history years, so it needs two of them.
  const historyYears = countHistoryYears(end.value, input.numberOfYears, window.firstDataDay);
  const hasSeasonalYears = historyYears >= MINIMUM_SEASONAL_YEARS;
  if (choice === 'seasonal' && input.numberOfYears < MINIMUM_SEASONAL_YEARS) {
    return fail(
      'HISTORY_TOO_SHORT',
      `The seasonal bootstrap needs a history window of at least ${MINIMUM_SEASONAL_YEARS} years`,
      'numberOfYears',
    );
  }
  if (choice === 'seasonal' && !hasSeasonalYears) {
    return fail(
      'HISTORY_TOO_SHORT',
      `The group's history starts ${formatIsoDate(window.firstDataDay)}; the seasonal bootstrap needs ${MINIMUM_SEASONAL_YEARS} full years before the end date`,
      'accounts',
    );
  }
  const bootstrap: BootstrapMethod =
    choice === 'stationary' || choice === 'seasonal' ? choice : 'seasonal-mean';
  const days = window.businessFlows.days;
  const recentFlows = (months: number) => {
    const rangeStart = addMonths(end.value, -months);
    const firstRecent = days.findIndex((day) => day > rangeStart);
    return window.businessFlows.flows.subarray(firstRecent < 0 ? days.length : firstRecent);
  };
  const annualDrift = growth * Math.max(0, window.endBalance);
  const residualModel =
    bootstrap === 'seasonal-mean'
      ? buildSeasonalMeanBootstrap({
          days,
          flows: window.businessFlows.flows,
          endDay: end.value,
          historyYears,
          annualDrift,
          ...(statedBlockLength === undefined ? {} : { meanBlockLength: statedBlockLength }),
        })
      : null;
  return ok({
    seed: input.seed,
    paths,
    meanBlockLength: residualModel?.main.meanBlockLength ?? statedBlockLength ?? DEFAULT_MEAN_BLOCK_LENGTH,
    blockLengthSource: residualModel && statedBlockLength === undefined ? 'automatic' : 'stated',
    bootstrap,
    historyYears,
    ...(bootstrap === 'seasonal' ? { seasonal: buildSeasonalSegments(days, end.value, historyYears) } : {}),
    startDate: formatIsoDate(startDay),
    endDate: input.endDate,
    endDay: end.value,
    flows: residualModel?.main.residuals ?? window.businessFlows.flows,
    ...(residualModel ? { meanPath: residualModel.main.meanPath } : {}),
    leaveOneYearOut: residualModel?.leaveOneYearOut ?? [],
    annualDrift,
    historyBusinessDays: days.length,
    startBalance: window.endBalance,
    minimumBalance: window.minimumBalance,
    ...(input.cushion === undefined ? {} : { statedCushion: input.cushion }),
    worstThirtyDayOutflows: {
      6: computeWorstThirtyDayOutflow(recentFlows(6)),
      12: computeWorstThirtyDayOutflow(recentFlows(12)),
    },
    dateRange,
    ...(input.rateCurve ? { rateCurve: input.rateCurve } : {}),
  });
}

/**
 * The simulation input for paths firstPath .. firstPath + pathCount - 1 of a plan (one thread or a
 * worker's slice); with `variant`, of that leave-one-year-out history instead (same seed and paths).
 */
export function planSlice(
  plan: MonteCarloPlan,
  firstPath: number,
  pathCount: number,
  variant?: SeasonalMeanVariant,
): SimulatePathsInput {
  const meanPath = variant?.meanPath ?? plan.meanPath;
  return {
    flows: variant?.residuals ?? plan.flows,
    startBalance: plan.startBalance,
    seed: plan.seed,
    meanBlockLength: variant?.meanBlockLength ?? plan.meanBlockLength,
    ...(plan.seasonal ? { seasonal: plan.seasonal } : {}),
    ...(meanPath ? { meanPath } : {}),
    firstPath,
    pathCount,
  };
}
