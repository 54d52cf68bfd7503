import { addMonths } from '../core/iso-date';
import { roundCents, roundRate } from '../core/money';

export interface TrendRatio {
  /** The factor applied to the seasonal profile. */
  readonly ratio: number;
  /** Net flows of the 3 months up to the end date. */
  readonly trailingTotal: number;
  /** Net flows of the same 3 months a year earlier. */
  readonly priorYearTotal: number;
  /** True when the ratio is undefined (zero or opposite-sign totals) and 1 is used instead. */
  readonly isFallback: boolean;
}

/**
 * Short-term model section of analytics.md, step 1: ratio of the trailing 3-month total of net flows
 * to the same 3 months a year earlier. A ratio of two net totals is undefined when the earlier total is
 * 0 and meaningless when the signs differ (it would flip the season), so then 1 is used and flagged.
 */
export function computeTrendRatio(days: readonly number[], flows: Float64Array, endDay: number): TrendRatio {
  const trailingStart = addMonths(endDay, -3);
  const priorEnd = addMonths(endDay, -12);
  const priorStart = addMonths(endDay, -15);
  let trailingTotal = 0;
  let priorYearTotal = 0;
  days.forEach((day, index) => {
    const flow = flows[index] as number;
    if (day > trailingStart && day <= endDay) trailingTotal += flow;
    if (day > priorStart && day <= priorEnd) priorYearTotal += flow;
  });
  const raw = trailingTotal / priorYearTotal;
  const isFallback = !Number.isFinite(raw) || raw <= 0 || (trailingTotal === 0 && priorYearTotal === 0);
  return {
    ratio: isFallback ? 1 : roundRate(raw),
    trailingTotal: roundCents(trailingTotal),
    priorYearTotal: roundCents(priorYearTotal),
    isFallback,
  };
}
