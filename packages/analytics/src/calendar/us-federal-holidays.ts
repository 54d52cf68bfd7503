import { formatIsoDate, fromDayNumber, toDayNumber, weekdayOf } from '../core/iso-date';

/** Calendar section of analytics.md: business days exclude weekends and U.S. federal holidays. */
export const FIRST_CALENDAR_YEAR = 1990;
export const LAST_CALENDAR_YEAR = 2100;

export interface FederalHoliday {
  readonly name: string;
  /** The day the holiday is observed (a Saturday holiday moves to Friday, a Sunday one to Monday). */
  readonly observed: number;
}

function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  const first = toDayNumber(year, month, 1);
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return first + offset + (nth - 1) * 7;
}

function lastWeekday(year: number, month: number, weekday: number): number {
  const last = toDayNumber(year, month + 1, 1) - 1;
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** 5 U.S.C. 6103 observed rule: Saturday -> preceding Friday, Sunday -> following Monday. */
function observe(dayNumber: number): number {
  const weekday = weekdayOf(dayNumber);
  if (weekday === 6) return dayNumber - 1;
  if (weekday === 0) return dayNumber + 1;
  return dayNumber;
}

function listHolidaysByRule(year: number): FederalHoliday[] {
  const holidays: FederalHoliday[] = [
    { name: "New Year's Day", observed: observe(toDayNumber(year, 1, 1)) },
    // Martin Luther King Jr. Day has been a federal holiday since 1986 (all supported years).
    { name: 'Birthday of Martin Luther King, Jr.', observed: nthWeekday(year, 1, 1, 3) },
    { name: "Washington's Birthday", observed: nthWeekday(year, 2, 1, 3) },
    { name: 'Memorial Day', observed: lastWeekday(year, 5, 1) },
    { name: 'Independence Day', observed: observe(toDayNumber(year, 7, 4)) },
    { name: 'Labor Day', observed: nthWeekday(year, 9, 1, 1) },
    { name: 'Columbus Day', observed: nthWeekday(year, 10, 1, 2) },
    { name: 'Veterans Day', observed: observe(toDayNumber(year, 11, 11)) },
    { name: 'Thanksgiving Day', observed: nthWeekday(year, 11, 4, 4) },
    { name: 'Christmas Day', observed: observe(toDayNumber(year, 12, 25)) },
  ];
  // Juneteenth National Independence Day was first observed on 2021-06-18.
  if (year >= 2021) {
    holidays.push({
      name: 'Juneteenth National Independence Day',
      observed: observe(toDayNumber(year, 6, 19)),
    });
  }
  return holidays;
}

/**
 * Federal holidays observed within `year`, sorted by date. When January 1 of the next year falls on a
 * Saturday it is observed on December 31 of this year, and it is listed here; likewise a Saturday
 * January 1 of this year is observed in the previous year and is not listed.
 */
export function listFederalHolidays(year: number): FederalHoliday[] {
  const candidates = [...listHolidaysByRule(year), ...listHolidaysByRule(year + 1).slice(0, 1)];
  return candidates
    .filter((holiday) => fromDayNumber(holiday.observed).year === year)
    .sort((a, b) => a.observed - b.observed);
}

/** The same list with ISO dates, for display and tests. */
export function listFederalHolidayDates(year: number): { name: string; date: string }[] {
  return listFederalHolidays(year).map((holiday) => ({
    name: holiday.name,
    date: formatIsoDate(holiday.observed),
  }));
}
