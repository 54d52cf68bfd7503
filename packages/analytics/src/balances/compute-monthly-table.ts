import type { DailySeries } from '../core/daily-series';
import { fromDayNumber, monthKeyOf } from '../core/iso-date';
import { roundCents } from '../core/money';

/** Balance tables section of analytics.md: one row per calendar month (partial months included). */
export interface MonthlyBalanceRow {
  /** `YYYY-MM` */
  readonly month: string;
  readonly monthEndBalance: number;
  /** Mean of the end-of-day balances of the month's days that are in the table. */
  readonly averageDailyBalance: number;
  readonly minimumBalance: number;
  readonly maximumBalance: number;
  /** Sum of credits (>= 0). */
  readonly totalCredits: number;
  /** Sum of debits (<= 0), so totalCredits + totalDebits = the month's net change. */
  readonly totalDebits: number;
  readonly transactionCount: number;
  /** Calendar days of the month covered by the table (fewer than the month's length at the edges). */
  readonly dayCount: number;
}

export function computeMonthlyTable(series: DailySeries): MonthlyBalanceRow[] {
  const rows: MonthlyBalanceRow[] = [];
  const length = series.balances.length;
  let slot = 0;
  while (slot < length) {
    const month = fromDayNumber(series.firstDay + slot).month;
    let sum = 0;
    let minimum = Infinity;
    let maximum = -Infinity;
    let credits = 0;
    let debits = 0;
    let count = 0;
    let days = 0;
    const start = slot;
    while (slot < length && fromDayNumber(series.firstDay + slot).month === month) {
      const balance = series.balances[slot] as number;
      sum += balance;
      minimum = Math.min(minimum, balance);
      maximum = Math.max(maximum, balance);
      credits += series.credits[slot] as number;
      debits += series.debits[slot] as number;
      count += series.counts[slot] as number;
      days += 1;
      slot += 1;
    }
    rows.push({
      month: monthKeyOf(series.firstDay + start),
      monthEndBalance: roundCents(series.balances[slot - 1] as number),
      averageDailyBalance: roundCents(sum / days),
      minimumBalance: roundCents(minimum),
      maximumBalance: roundCents(maximum),
      totalCredits: roundCents(credits),
      totalDebits: roundCents(debits),
      transactionCount: count,
      dayCount: days,
    });
  }
  return rows;
}
