import { parseIsoDate, type IsoDate } from '../core/iso-date';
import { isFiniteAmount, roundCents, roundRate } from '../core/money';
import { fail, ok, type Result } from '../core/result';
import { parseDateField } from '../core/validate-accounts';

export interface AccuracyForecastRow {
  readonly date: IsoDate;
  readonly singleVariance: number;
  readonly sevenDayVariance: number;
  readonly fourteenDayVariance: number;
  readonly monthlyVariance: number;
}

export interface BandPoint {
  readonly date: IsoDate;
  readonly lowerBalance: number;
  readonly upperBalance: number;
}

export interface ForecastAccuracyInput {
  /** Step 2 rows of a past forecast. */
  readonly forecastRows: readonly AccuracyForecastRow[];
  /** What happened: end-of-day balances, ascending, one per date. */
  readonly actualBalances: readonly { readonly date: IsoDate; readonly balance: number }[];
  /** Chart points of a past Monte Carlo run (5th and 95th percentile of the simulated balance). */
  readonly band?: readonly BandPoint[];
}

export interface VarianceError {
  readonly comparedDays: number;
  /** Mean of |forecast variance - actual variance|; null when no day could be compared. */
  readonly meanAbsoluteError: number | null;
  /** Mean of (forecast - actual): above 0 means the forecast was too optimistic. */
  readonly bias: number | null;
  readonly rootMeanSquareError: number | null;
}

export interface ForecastAccuracy {
  readonly singleDay: VarianceError;
  readonly sevenDay: VarianceError;
  readonly fourteenDay: VarianceError;
  readonly thirtyDay: VarianceError;
  /** Share of actual days inside the Monte Carlo 5-95% band (linear between chart points). */
  readonly band: {
    readonly comparedDays: number;
    readonly daysInside: number;
    readonly shareInside: number | null;
  } | null;
}

function summariseErrors(errors: number[]): VarianceError {
  if (errors.length === 0)
    return { comparedDays: 0, meanAbsoluteError: null, bias: null, rootMeanSquareError: null };
  const n = errors.length;
  return {
    comparedDays: n,
    meanAbsoluteError: roundCents(errors.reduce((sum, error) => sum + Math.abs(error), 0) / n),
    bias: roundCents(errors.reduce((sum, error) => sum + error, 0) / n),
    rootMeanSquareError: roundCents(Math.sqrt(errors.reduce((sum, error) => sum + error * error, 0) / n)),
  };
}

/**
 * Forecast accuracy (ours, issue 8 point 7): for each forecast day with an actual balance, the actual
 * change over 1 business day (from the previous actual) and over 7, 14 and 30 calendar days (from the
 * last actual on or before that day) against the forecast variance; and the Monte Carlo band coverage.
 */
export function measureForecastAccuracy(input: ForecastAccuracyInput): Result<ForecastAccuracy> {
  if (input.actualBalances.length === 0)
    return fail('EMPTY_HISTORY', 'No actual balances to compare with', 'actualBalances');
  const days: number[] = [];
  const balances: number[] = [];
  for (const [index, item] of input.actualBalances.entries()) {
    const field = `actualBalances[${index}]`;
    const day = parseDateField(item.date, `${field}.date`);
    if (!day.ok) return day;
    if (!isFiniteAmount(item.balance))
      return fail('NON_FINITE_AMOUNT', `${field}.balance must be a finite number`, `${field}.balance`);
    const previous = days[days.length - 1];
    if (previous !== undefined && day.value === previous)
      return fail('DUPLICATE_DATE', `${field}.date appears twice`, `${field}.date`);
    if (previous !== undefined && day.value < previous) {
      return fail('DATES_OUT_OF_ORDER', `${field}.date is earlier than the one before it`, `${field}.date`);
    }
    days.push(day.value);
    balances.push(item.balance);
  }
  // Index of the last actual on or before a day (binary search), -1 when none.
  const findAtOrBefore = (day: number): number => {
    let low = 0;
    let high = days.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if ((days[middle] as number) <= day) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  const errors = {
    single: [] as number[],
    seven: [] as number[],
    fourteen: [] as number[],
    thirty: [] as number[],
  };
  for (const [index, row] of input.forecastRows.entries()) {
    const day = parseIsoDate(row.date);
    if (day === undefined)
      return fail(
        'INVALID_DATE',
        `forecastRows[${index}].date is not a valid date`,
        `forecastRows[${index}].date`,
      );
    const at = findAtOrBefore(day);
    if (at < 0 || days[at] !== day) continue;
    const actual = balances[at] as number;
    if (at > 0) errors.single.push(row.singleVariance - (actual - (balances[at - 1] as number)));
    const spans: [number, number, number[]][] = [
      [7, row.sevenDayVariance, errors.seven],
      [14, row.fourteenDayVariance, errors.fourteen],
      [30, row.monthlyVariance, errors.thirty],
    ];
    for (const [span, forecast, list] of spans) {
      const earlier = findAtOrBefore(day - span);
      if (earlier >= 0) list.push(forecast - (actual - (balances[earlier] as number)));
    }
  }
  let band: ForecastAccuracy['band'] = null;
  if (input.band && input.band.length > 0) {
    const points = input.band
      .map((point) => ({
        day: parseIsoDate(point.date),
        lower: point.lowerBalance,
        upper: point.upperBalance,
      }))
      .filter((point): point is { day: number; lower: number; upper: number } => point.day !== undefined)
      .sort((a, b) => a.day - b.day);
    let compared = 0;
    let inside = 0;
    days.forEach((day, index) => {
      const after = points.findIndex((point) => point.day >= day);
      if (after < 0) return;
      const right = points[after];
      const left = after > 0 ? points[after - 1] : undefined;
      if (!right || (!left && right.day !== day)) return;
      const weight = left && right.day !== left.day ? (day - left.day) / (right.day - left.day) : 1;
      const lower = left ? left.lower + weight * (right.lower - left.lower) : right.lower;
      const upper = left ? left.upper + weight * (right.upper - left.upper) : right.upper;
      const balance = balances[index] as number;
      compared += 1;
      if (balance >= lower && balance <= upper) inside += 1;
    });
    band = {
      comparedDays: compared,
      daysInside: inside,
      shareInside: compared > 0 ? roundRate(inside / compared) : null,
    };
  }
  return ok({
    singleDay: summariseErrors(errors.single),
    sevenDay: summariseErrors(errors.seven),
    fourteenDay: summariseErrors(errors.fourteen),
    thirtyDay: summariseErrors(errors.thirty),
    band,
  });
}
