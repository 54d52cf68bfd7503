import {
  isBusinessDay,
  listBusinessDays,
  nextBusinessDayOnOrAfter,
  previousBusinessDayOnOrBefore,
} from '@tideline/analytics/calendar/business-calendar';
import {
  addMonths,
  daysInMonth,
  formatIsoDate,
  fromDayNumber,
  parseIsoDate,
  toDayNumber,
  weekdayOf,
} from '@tideline/analytics/core/iso-date';

export { formatIsoDate, fromDayNumber, isBusinessDay, previousBusinessDayOnOrBefore };

/** The days transactions are generated for: business days only (analytics.md "Calendar"). */
export interface DemoWindow {
  firstDay: number;
  lastDay: number;
  businessDays: number[];
}

/** Yesterday on the machine's calendar, as YYYY-MM-DD. */
export function yesterdayIso(now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return formatIsoDate(toDayNumber(d.getFullYear(), d.getMonth() + 1, d.getDate()));
}

/** `years` years ending on `endIso` (inclusive). */
export function createDemoWindow(endIso: string, years = 3): DemoWindow {
  const lastDay = parseIsoDate(endIso);
  if (lastDay === undefined) throw new Error(`Not a date: ${endIso}`);
  const firstDay = addMonths(lastDay, -12 * years) + 1;
  return { firstDay, lastDay, businessDays: listBusinessDays(firstDay, lastDay) };
}

/**
 * The end days whose `years`-year window starts on `firstIso`, earliest first: one, or two when a leap
 * day and the day before it both reach back to the same first day (addMonths clamps Feb 29).
 */
export function findWindowEnds(firstIso: string, years = 3): string[] {
  const first = parseIsoDate(firstIso);
  if (first === undefined) throw new Error(`Not a date: ${firstIso}`);
  const guess = addMonths(first - 1, 12 * years);
  const ends: string[] = [];
  for (let day = guess - 3; day <= guess + 3; day += 1)
    if (addMonths(day, -12 * years) + 1 === first) ends.push(formatIsoDate(day));
  return ends;
}

/** Every month of the window, as [year, month]. */
function monthsOf(window: DemoWindow): [number, number][] {
  const months: [number, number][] = [];
  const first = fromDayNumber(window.firstDay);
  for (let i = 0; ; i += 1) {
    const index = first.year * 12 + first.month - 1 + i;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    if (toDayNumber(year, month, 1) > window.lastDay) return months;
    months.push([year, month]);
  }
}

const inWindow = (window: DemoWindow, day: number) => day >= window.firstDay && day <= window.lastDay;

/** The business day on or after calendar day `dayOfMonth` (clamped to the month) of chosen months. */
export function monthlyDays(window: DemoWindow, dayOfMonth: number, months?: readonly number[]): Set<number> {
  const days = new Set<number>();
  for (const [year, month] of monthsOf(window)) {
    if (months && !months.includes(month)) continue;
    const day = nextBusinessDayOnOrAfter(
      toDayNumber(year, month, Math.min(dayOfMonth, daysInMonth(year, month))),
    );
    if (inWindow(window, day)) days.add(day);
  }
  return days;
}

/** The last business day of every month (interest credits, statement cut-off). */
export function lastBusinessDays(window: DemoWindow): Set<number> {
  const days = new Set<number>();
  for (const [year, month] of monthsOf(window)) {
    const day = previousBusinessDayOnOrBefore(toDayNumber(year, month, daysInMonth(year, month)));
    if (inWindow(window, day)) days.add(day);
  }
  return days;
}

/** Every other Friday from `anchorIso` (a Friday); a Friday holiday pays on the business day before. */
export function biweeklyPaydays(window: DemoWindow, anchorIso: string): Set<number> {
  const anchor = parseIsoDate(anchorIso);
  if (anchor === undefined || weekdayOf(anchor) !== 5) throw new Error(`Not a Friday: ${anchorIso}`);
  const days = new Set<number>();
  const offset = (((window.firstDay - anchor) % 14) + 14) % 14;
  for (let friday = window.firstDay - offset; friday <= window.lastDay + 14; friday += 14) {
    const day = previousBusinessDayOnOrBefore(friday);
    if (inWindow(window, day)) days.add(day);
  }
  return days;
}

/** Weeks start on Monday (day number 4 was Monday 1970-01-05). */
const weekOf = (day: number) => Math.floor((day - 4) / 7);

/** The last business day of each week (deposit accounts sweep their week's takings then). */
export function weekEndBusinessDays(window: DemoWindow): Set<number> {
  const days = new Set<number>();
  window.businessDays.forEach((day, i) => {
    const next = window.businessDays[i + 1];
    if (next === undefined || weekOf(next) !== weekOf(day)) days.add(day);
  });
  return days;
}
