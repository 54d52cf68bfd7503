import { parseIsoDate, toDayNumber, weekdayOf } from '../core/iso-date';
import { FIRST_CALENDAR_YEAR, LAST_CALENDAR_YEAR, listFederalHolidays } from './us-federal-holidays';

/**
 * Calendar section of analytics.md: a business day is a weekday that is not an observed U.S. federal
 * holiday. Supported range is 1990-01-01 to 2100-12-31; the table is built once (about 40,000 bytes).
 */
const FIRST_DAY = toDayNumber(FIRST_CALENDAR_YEAR, 1, 1);
const LAST_DAY = toDayNumber(LAST_CALENDAR_YEAR, 12, 31);

let businessDayTable: Uint8Array | undefined;

function getBusinessDayTable(): Uint8Array {
  if (businessDayTable) return businessDayTable;
  const table = new Uint8Array(LAST_DAY - FIRST_DAY + 1);
  for (let day = FIRST_DAY; day <= LAST_DAY; day += 1) {
    const weekday = weekdayOf(day);
    table[day - FIRST_DAY] = weekday === 0 || weekday === 6 ? 0 : 1;
  }
  for (let year = FIRST_CALENDAR_YEAR; year <= LAST_CALENDAR_YEAR; year += 1) {
    for (const holiday of listFederalHolidays(year)) table[holiday.observed - FIRST_DAY] = 0;
  }
  businessDayTable = table;
  return table;
}

export function isInCalendarRange(dayNumber: number): boolean {
  return Number.isInteger(dayNumber) && dayNumber >= FIRST_DAY && dayNumber <= LAST_DAY;
}

/** Outside 1990-2100 the holiday rules are not tabulated; weekdays are then treated as business days. */
export function isBusinessDay(dayNumber: number): boolean {
  if (!isInCalendarRange(dayNumber)) {
    const weekday = weekdayOf(dayNumber);
    return weekday !== 0 && weekday !== 6;
  }
  return getBusinessDayTable()[dayNumber - FIRST_DAY] === 1;
}

export function isBusinessDate(isoDate: string): boolean {
  const day = parseIsoDate(isoDate);
  return day !== undefined && isBusinessDay(day);
}

/** The day itself when it is a business day, else the next business day (weekend/holiday folding). */
export function nextBusinessDayOnOrAfter(dayNumber: number): number {
  let day = dayNumber;
  while (!isBusinessDay(day)) day += 1;
  return day;
}

export function previousBusinessDayOnOrBefore(dayNumber: number): number {
  let day = dayNumber;
  while (!isBusinessDay(day)) day -= 1;
  return day;
}

/** Business days in [from, to], both inclusive, ascending. */
export function listBusinessDays(from: number, to: number): number[] {
  const days: number[] = [];
  for (let day = from; day <= to; day += 1) if (isBusinessDay(day)) days.push(day);
  return days;
}

/** The `count`-th business day strictly after `dayNumber` (count >= 1). */
export function addBusinessDays(dayNumber: number, count: number): number {
  let day = dayNumber;
  let remaining = count;
  while (remaining > 0) {
    day += 1;
    if (isBusinessDay(day)) remaining -= 1;
  }
  return day;
}

export function countBusinessDays(from: number, to: number): number {
  let count = 0;
  for (let day = from; day <= to; day += 1) if (isBusinessDay(day)) count += 1;
  return count;
}
