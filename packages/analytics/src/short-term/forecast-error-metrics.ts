import { roundCents, roundRate } from '../core/money';

/** One forecast week against what happened, with the scale of its origin (in-sample naive error). */
export interface WeekSample {
  readonly forecast: number;
  readonly actual: number;
  /** Mean absolute error of the 52-week seasonal naive on the weekly totals before the origin; null if none. */
  readonly scale: number | null;
}

export interface ErrorSummary {
  readonly comparedWeeks: number;
  /** Mean of |error| / scale (Hyndman & Koehler 2006); below 1: better than last year's week in sample. */
  readonly mase: number | null;
  /** Sum |error| / sum |actual|. */
  readonly wape: number | null;
  /** Mean weekly error (forecast - actual), dollars: above 0, the forecast was too optimistic. */
  readonly bias: number | null;
  /** Sum of errors / sum |actual|. */
  readonly relativeBias: number | null;
}

/** MASE, WAPE and bias of weekly totals (docs/models.md "Forecast accuracy"). */
export function summariseWeekErrors(samples: readonly WeekSample[]): ErrorSummary {
  let absolute = 0;
  let signed = 0;
  let actual = 0;
  let scaled = 0;
  let scaledCount = 0;
  for (const s of samples) {
    const error = s.forecast - s.actual;
    absolute += Math.abs(error);
    signed += error;
    actual += Math.abs(s.actual);
    if (s.scale !== null && s.scale > 0) {
      scaled += Math.abs(error) / s.scale;
      scaledCount += 1;
    }
  }
  const n = samples.length;
  return {
    comparedWeeks: n,
    mase: scaledCount > 0 ? roundRate(scaled / scaledCount) : null,
    wape: actual > 0 ? roundRate(absolute / actual) : null,
    bias: n > 0 ? roundCents(signed / n) : null,
    relativeBias: actual > 0 ? roundRate(signed / actual) : null,
  };
}

/** Totals of the 7-day weeks (origin + 7(k-1), origin + 7k], k = 1 … weeks, of business-day flows. */
export function sumWeeks(
  days: readonly number[],
  flows: ArrayLike<number>,
  origin: number,
  weeks: number,
): Float64Array {
  const totals = new Float64Array(weeks);
  days.forEach((day, index) => {
    const week = Math.ceil((day - origin) / 7);
    if (week >= 1 && week <= weeks)
      totals[week - 1] = (totals[week - 1] as number) + (flows[index] as number);
  });
  return totals;
}

/**
 * The MASE scale of an origin: the mean absolute difference between each whole week before the origin
 * (weeks ending on origin, origin - 7, …) and the week 52 weeks before it. Null without a pair.
 */
export function seasonalNaiveScale(
  days: readonly number[],
  flows: ArrayLike<number>,
  origin: number,
): number | null {
  if (days.length === 0) return null;
  const weeks = Math.floor((origin - (days[0] as number) + 1) / 7);
  if (weeks <= 52) return null;
  const totals = new Float64Array(weeks);
  days.forEach((day, index) => {
    if (day > origin) return;
    const back = Math.ceil((origin - day + 1) / 7);
    if (back >= 1 && back <= weeks)
      totals[back - 1] = (totals[back - 1] as number) + (flows[index] as number);
  });
  let sum = 0;
  for (let j = 0; j + 52 < weeks; j += 1) sum += Math.abs((totals[j] as number) - (totals[j + 52] as number));
  const scale = sum / (weeks - 52);
  return scale > 0 ? scale : null;
}
