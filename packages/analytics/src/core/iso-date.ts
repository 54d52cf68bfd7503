/**
 * Dates are ISO calendar dates (`YYYY-MM-DD`, no time zone). Internally a date is a day number: whole
 * days since 1970-01-01, so date arithmetic is integer arithmetic and never depends on the local clock.
 */
export type IsoDate = string;

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Day number of an ISO date, or undefined when the text is not a real calendar date. */
export function parseIsoDate(text: string): number | undefined {
  const match = ISO_PATTERN.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const day0 = toDayNumber(year, month, day);
  const back = fromDayNumber(day0);
  return back.year === year && back.month === month && back.day === day ? day0 : undefined;
}

export function toDayNumber(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export interface CalendarParts {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  readonly day: number;
}

export function fromDayNumber(dayNumber: number): CalendarParts {
  const date = new Date(dayNumber * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function formatIsoDate(dayNumber: number): IsoDate {
  const { year, month, day } = fromDayNumber(dayNumber);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return toDayNumber(year, month + 1, 1) - toDayNumber(year, month, 1);
}

/** Same day of month `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(dayNumber: number, months: number): number {
  const { year, month, day } = fromDayNumber(dayNumber);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return toDayNumber(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Month key `YYYY-MM` of a day number. */
export function monthKeyOf(dayNumber: number): string {
  return formatIsoDate(dayNumber).slice(0, 7);
}
