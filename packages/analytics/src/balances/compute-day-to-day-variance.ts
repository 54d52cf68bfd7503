import { isBusinessDay } from '../calendar/business-calendar';
import type { DailySeries } from '../core/daily-series';
import { formatIsoDate, type IsoDate } from '../core/iso-date';
import { roundCents } from '../core/money';

export interface DayToDayVarianceRow {
  readonly date: IsoDate;
  /** End-of-day balance on this business day minus the one on the previous business day. */
  readonly variance: number;
}

/** Balance tables section of analytics.md: change of balance from one business day to the next. */
export function computeDayToDayVariance(series: DailySeries): DayToDayVarianceRow[] {
  const rows: DayToDayVarianceRow[] = [];
  let previous: number | undefined;
  for (let slot = 0; slot < series.balances.length; slot += 1) {
    const day = series.firstDay + slot;
    if (!isBusinessDay(day)) continue;
    const balance = series.balances[slot] as number;
    if (previous !== undefined)
      rows.push({ date: formatIsoDate(day), variance: roundCents(balance - previous) });
    previous = balance;
  }
  return rows;
}
