// Short term step 1 dates (ingestion-analysis.md 5 "Short term step 1", 9): the end date at least 24
// months after the start date, counted as the model counts it (packages/analytics runShortTermStep1:
// the same day of the month 24 months on, clamped to the month's last day), so the dialog, the server
// and the model agree on every date.

/** Spec 9: the short-term model needs at least 24 months from start to end. */
export const SHORT_TERM_MIN_MONTHS = 24;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text is a real calendar date written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `isoDay` plus `months` (day clamped to the month's end); '' when the input is not a date. */
export function addMonthsToDay(isoDay: string, months: number): string {
  if (!isIsoDay(isoDay)) return '';
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** The earliest end date step 1 accepts for a start date ('' when the start is not a date). */
export function earliestShortTermEnd(startDay: string): string {
  return addMonthsToDay(startDay, SHORT_TERM_MIN_MONTHS);
}

/** Whether start to end spans the 24 months step 1 needs (false when either is not a date). */
export function spansShortTermHistory(startDay: string, endDay: string): boolean {
  const earliest = earliestShortTermEnd(startDay);
  return earliest !== '' && isIsoDay(endDay) && endDay >= earliest;
}
