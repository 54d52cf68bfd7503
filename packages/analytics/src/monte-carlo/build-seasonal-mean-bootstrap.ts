import { addMonths } from '../core/iso-date';
import { fitSeasonalMean, listFutureBusinessDays, projectSeasonalMean } from './seasonal-mean';
import { selectStationaryBlockLength } from './select-block-length';

/**
 * What the simulation of one history (the whole one, or the whole one but one year) needs: the
 * residuals to resample, the seasonal mean of each simulated day, and the block length.
 */
export interface SeasonalMeanVariant {
  /** The history year left out (1 = the latest 12 months), or null for the whole history. */
  readonly leftOutYear: number | null;
  readonly residuals: Float64Array;
  readonly meanPath: Float64Array;
  readonly meanBlockLength: number;
  /** Politis-White m-hat of the residuals (0 when the block length was stated). */
  readonly mHat: number;
}

export interface SeasonalMeanBootstrap {
  readonly main: SeasonalMeanVariant;
  /** One variant per history year left out (the latest MAX_LEFT_OUT_YEARS); empty with a 1-year history. */
  readonly leaveOneYearOut: readonly SeasonalMeanVariant[];
}

/** Leave-one-year-out runs cost one simulation each: the latest 5 history years are left out in turn. */
export const MAX_LEFT_OUT_YEARS = 5;

export interface SeasonalMeanBootstrapInput {
  /** Business days of the window, ascending, and their net flows. */
  readonly days: readonly number[];
  readonly flows: Float64Array;
  readonly endDay: number;
  /** Full history years ending on the end date (at least 1). */
  readonly historyYears: number;
  /** Drift the analyst states, in dollars a year (0: none). */
  readonly annualDrift: number;
  /** A block length the caller fixes; otherwise chosen from the residuals. */
  readonly meanBlockLength?: number;
}

/** Index range [from, to) of the days of history year k (1 = the latest): (end - 12k months, end - 12(k-1) months]. */
function yearRange(days: readonly number[], endDay: number, year: number): [number, number] {
  const after = addMonths(endDay, -12 * year);
  const upTo = addMonths(endDay, -12 * (year - 1));
  let from = days.length;
  let to = 0;
  for (let index = 0; index < days.length; index += 1) {
    const day = days[index] as number;
    if (day > after && day <= upTo) {
      from = Math.min(from, index);
      to = index + 1;
    }
  }
  return from < to ? [from, to] : [0, 0];
}

function buildVariant(
  input: SeasonalMeanBootstrapInput,
  futureDays: readonly number[],
  years: readonly number[],
  leftOutYear: number | null,
): SeasonalMeanVariant {
  const ranges = years.map((year) => yearRange(input.days, input.endDay, year)).sort((a, b) => a[0] - b[0]);
  const days: number[] = [];
  const pieces: number[] = [];
  for (const [from, to] of ranges) {
    // Each year's own level (its net drift) is taken out: no history drift is carried, not even
    // through the residuals, whose blocks would otherwise replay a growing year's surplus.
    let yearTotal = 0;
    for (let index = from; index < to; index += 1) yearTotal += input.flows[index] as number;
    const yearLevel = to > from ? yearTotal / (to - from) : 0;
    for (let index = from; index < to; index += 1) {
      days.push(input.days[index] as number);
      pieces.push((input.flows[index] as number) - yearLevel);
    }
  }
  const model = fitSeasonalMean(days, Float64Array.from(pieces), years.length);
  const meanPath = projectSeasonalMean(model, futureDays, input.annualDrift);
  if (input.meanBlockLength !== undefined) {
    return {
      leftOutYear,
      residuals: model.residuals,
      meanPath,
      meanBlockLength: input.meanBlockLength,
      mHat: 0,
    };
  }
  const choice = selectStationaryBlockLength(model.residuals);
  return {
    leftOutYear,
    residuals: model.residuals,
    meanPath,
    meanBlockLength: choice.blockLength,
    mHat: choice.mHat,
  };
}

/**
 * Monte Carlo section of analytics.md, step 2 (default method): the seasonal mean is fitted on the full
 * history years, and again with each year left out, so the result can show how much one year moves
 * each level.
 */
export function buildSeasonalMeanBootstrap(input: SeasonalMeanBootstrapInput): SeasonalMeanBootstrap {
  const futureDays = listFutureBusinessDays(input.endDay);
  const years = Array.from({ length: input.historyYears }, (_, index) => index + 1);
  const main = buildVariant(input, futureDays, years, null);
  const leaveOneYearOut =
    input.historyYears < 2
      ? []
      : years.slice(0, MAX_LEFT_OUT_YEARS).map((left) =>
          buildVariant(
            input,
            futureDays,
            years.filter((year) => year !== left),
            left,
          ),
        );
  return { main, leaveOneYearOut };
}
