// Monte Carlo run dates (ingestion-analysis.md 5 "Monte Carlo run"), shared by the Settings dialog and
// the server so both compute the same start date: the end date minus numberOfYears, on the same day of
// the month, clamped to the month's last day (2024-02-29 minus 1 year is 2023-02-28), as the model's
// history window (packages/analytics prepareMonteCarlo) counts it.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text is a real calendar date written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `isoDay` minus `years` whole years (day clamped to the month's end); '' when the input is not a date. */
export function subtractYears(isoDay: string, years: number): string {
  if (!isIsoDay(isoDay) || !Number.isInteger(years)) return '';
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const targetYear = year - years;
  const lastDay = new Date(Date.UTC(targetYear, month, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(
    Math.min(day, lastDay),
  ).padStart(2, '0')}`;
}

/** The whole years from `startDay` to `endDay` when start is exactly that many years before end, else null. */
export function wholeYearsBetween(startDay: string, endDay: string): number | null {
  if (!isIsoDay(startDay) || !isIsoDay(endDay)) return null;
  const years = Number(endDay.slice(0, 4)) - Number(startDay.slice(0, 4));
  return years >= 1 && subtractYears(endDay, years) === startDay ? years : null;
}

/** Today as YYYY-MM-DD in the viewer's time zone (the dialog's 'not after today'). */
export function localIsoToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
