import type { AccountHistory } from './account-history';
import { validateRateCurve, type RateCurve } from './build-rate-table';
import { collectGroupWindow } from './collect-group-window';
import { computeDefaultCushion } from './compute-cushion';
import { addMonths, formatIsoDate, type IsoDate } from './iso-date';
import { isFiniteAmount } from './money';
import { fail, ok, type Result } from './result';
import { isValidSeed } from './seeded-random';
import { parseDateField, validateAccounts } from './validate-accounts';

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
  /** Cushion override in dollars; default: largest 30-day net outflow of the last dateRange months. */
  readonly cushion?: number;
  /** 6 or 12 months (default 6). */
  readonly dateRange?: 6 | 12;
  /** Market rates for the Amount / Duration / Indicative Rate / Benchmark Interest table. */
  readonly rateCurve?: RateCurve;
  /** Mean block length of the bootstrap in business days (default 21). */
  readonly meanBlockLength?: number;
}

/** Everything the simulation and the result need, after validation. */
export interface MonteCarloPlan {
  readonly seed: number;
  readonly paths: number;
  readonly meanBlockLength: number;
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly endDay: number;
  readonly flows: Float64Array;
  readonly startBalance: number;
  readonly minimumBalance: number;
  readonly requestedCushion: number;
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
  const meanBlockLength = input.meanBlockLength ?? DEFAULT_MEAN_BLOCK_LENGTH;
  if (!isFiniteAmount(meanBlockLength) || meanBlockLength < 1) {
    return fail('INVALID_ARGUMENT', 'meanBlockLength must be at least 1 business day', 'meanBlockLength');
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
  const rangeStart = addMonths(end.value, -dateRange);
  const days = window.businessFlows.days;
  const firstRecent = days.findIndex((day) => day > rangeStart);
  const recentFlows = window.businessFlows.flows.subarray(firstRecent < 0 ? days.length : firstRecent);
  return ok({
    seed: input.seed,
    paths,
    meanBlockLength,
    startDate: formatIsoDate(startDay),
    endDate: input.endDate,
    endDay: end.value,
    flows: window.businessFlows.flows,
    startBalance: window.endBalance,
    minimumBalance: window.minimumBalance,
    requestedCushion: input.cushion ?? computeDefaultCushion(recentFlows),
    dateRange,
    ...(input.rateCurve ? { rateCurve: input.rateCurve } : {}),
  });
}
