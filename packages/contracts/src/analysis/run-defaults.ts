import { isIsoDay, subtractYears } from '../monte-carlo/monte-carlo-dates';
import { spansShortTermHistory } from '../short-term/short-term-dates';

// What the Monte Carlo and short-term Settings dialogs start from when a report is open (issue 42
// point 2): the period's end, three history years (one year is too little for the seasonal mean:
// docs/models.md), the All Accounts group and a name for the period, so a quarter's runs take one
// click each instead of four fields typed.

/** Years of history the dialogs propose: enough for the leave-one-year-out range. */
export const PROPOSED_HISTORY_YEARS = 3;

export interface PeriodOfReport {
  readonly startDate: string | null;
  readonly endDate: string | null;
}

/** The month's English name ("September"), as the period labels write it. */
const monthName = (year: number, month: number) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

const isMonthStart = (day: string) => day.endsWith('-01');

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const isMonthEnd = (day: string) => nextDay(day).endsWith('-01');

/** "Q3 2026" for a calendar quarter, "September 2026" for a month, else "07/15/2026 - 10/14/2026". */
export function describePeriod(startDate: string, endDate: string): string {
  const [year, month] = endDate.split('-').map(Number) as [number, number];
  if (isMonthStart(startDate) && isMonthEnd(endDate)) {
    const months = (year - Number(startDate.slice(0, 4))) * 12 + month - Number(startDate.slice(5, 7)) + 1;
    if (months === 1) return `${monthName(year, month)} ${year}`;
    if (months === 3 && month % 3 === 0) return `Q${month / 3} ${year}`;
    if (months === 12 && month === 12) return String(year);
  }
  const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
  return `${us(startDate)} - ${us(endDate)}`;
}

/** The run name proposed for a period and group: "Q3 2026 All Accounts". */
export function proposeRunName(period: PeriodOfReport, groupName: string | null): string {
  if (!period.startDate || !period.endDate) return '';
  return [describePeriod(period.startDate, period.endDate), groupName].filter(Boolean).join(' ');
}

/** The Monte Carlo end date: the period's end, unless it is after today (then empty: the user picks). */
export function proposeMonteCarloEnd(period: PeriodOfReport, today: string): string {
  return period.endDate && isIsoDay(period.endDate) && period.endDate <= today ? period.endDate : '';
}

/**
 * The short-term step 1 window: the period's end and, before it, the proposed history years, not
 * before the group's first day and at least the 24 months step 1 needs; empty when the history is
 * shorter than that.
 */
export function proposeShortTermWindow(
  period: PeriodOfReport,
  minDate: string | null,
): { startRange: string; endRange: string } {
  const end = period.endDate;
  if (!end || !isIsoDay(end)) return { startRange: '', endRange: '' };
  const wanted = subtractYears(end, PROPOSED_HISTORY_YEARS);
  const start = minDate && minDate > wanted ? minDate : wanted;
  return spansShortTermHistory(start, end)
    ? { startRange: start, endRange: end }
    : { startRange: '', endRange: end };
}
