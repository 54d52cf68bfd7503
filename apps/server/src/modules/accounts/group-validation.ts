// analytics.md "Short-term model": step 1 needs at least 24 months of daily history and no gap over
// 10 business days; the group's minDate is the latest first-transaction date of its accounts (the day
// from which every account with data has it). Pure, so the rule is tested on its own.

export const REQUIRED_HISTORY_MONTHS = 24;
export const MAX_GAP_BUSINESS_DAYS = 10;

export interface GroupHistory {
  minDate: string | null;
  validationStatus: 'YES' | 'NO';
}

const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Weekdays strictly between two days (holidays are not known here; weekends never count). */
export function businessDaysBetween(earlier: string, later: string): number {
  let count = 0;
  for (let t = toTime(earlier) + DAY_MS; t < toTime(later); t += DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * `daysByAccount`: each member account's distinct transaction days (any order). Accounts without any
 * transaction add nothing. YES when, from minDate to the newest day, the accounts' days together span
 * 24 months and no run of more than 10 business days passes without a transaction.
 */
export function assessGroupHistory(daysByAccount: ReadonlyMap<number, readonly string[]>): GroupHistory {
  let minDate: string | null = null;
  const all = new Set<string>();
  for (const days of daysByAccount.values()) {
    if (days.length === 0) continue;
    const first = days.reduce((a, b) => (a < b ? a : b));
    if (minDate === null || first > minDate) minDate = first;
    for (const day of days) all.add(day);
  }
  if (minDate === null) return { minDate: null, validationStatus: 'NO' };
  const from = minDate;
  const days = [...all].filter((d) => d >= from).sort();
  const newest = days.at(-1)!;
  if (addMonths(minDate, REQUIRED_HISTORY_MONTHS) > newest) return { minDate, validationStatus: 'NO' };
  for (let i = 1; i < days.length; i++) {
    if (businessDaysBetween(days[i - 1]!, days[i]!) > MAX_GAP_BUSINESS_DAYS)
      return { minDate, validationStatus: 'NO' };
  }
  return { minDate, validationStatus: 'YES' };
}
