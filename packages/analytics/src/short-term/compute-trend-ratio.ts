import type { CalendarModel, SideTrend } from './calendar-model';

/**
 * Short-term model (docs/models.md "Short-term model"): the trend of each side of the cash flow, never
 * of the net. A ratio of two net totals can be anything (0.64 cut a client's September tax receipts by
 * a third); receipts and disbursements each grow by their own year-over-year ratio, bounded.
 */
export interface TrendRatio {
  readonly receipts: SideTrend;
  readonly disbursements: SideTrend;
}

export function computeTrendRatio(model: CalendarModel): TrendRatio {
  return { receipts: model.receipts.trend, disbursements: model.disbursements.trend };
}
