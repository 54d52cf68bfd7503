import {
  addBusinessDays,
  countBusinessDays,
  isBusinessDay,
  nextBusinessDayOnOrAfter,
  previousBusinessDayOnOrBefore,
} from '@tideline/analytics/calendar/business-calendar';
import { formatIsoDate, fromDayNumber, parseIsoDate, toDayNumber } from '@tideline/analytics/core/iso-date';

// Issue 43 "statement missing or late" (spec: Data Availability, data gathering frequency): an account
// gathered every f months has periods ending on the last day of each month divisible by f; the
// statement of a period is due on the bank's data availability business day of the month after.
// Months are counted as indexes (year * 12 + month - 1) so stepping back f months is a subtraction.

export interface LatePeriod {
  /** The period's last day, YYYY-MM-DD. */
  periodEnd: string;
  /** The day its statement was due, YYYY-MM-DD. */
  dueDay: string;
  /** Business days after the due day, up to today. */
  businessDaysLate: number;
  /** Periods whose end is after the last data, this one included (1: only this one). */
  periodsMissing: number;
}

const monthIndexOf = (day: number) => {
  const { year, month } = fromDayNumber(day);
  return year * 12 + month - 1;
};
const firstDayOf = (index: number) => toDayNumber(Math.floor(index / 12), (index % 12) + 1, 1);
const lastDayOf = (index: number) => firstDayOf(index + 1) - 1;

const dueDays = new Map<string, number>();

/**
 * The `businessDay`-th business day of the month after `index`, kept inside that month: a bank that
 * says "the 24th business day" means the month's last one when a short month has fewer.
 */
function findDueDay(index: number, businessDay: number): number {
  const key = `${index}:${businessDay}`;
  const known = dueDays.get(key);
  if (known !== undefined) return known;
  const first = nextBusinessDayOnOrAfter(firstDayOf(index + 1));
  const last = previousBusinessDayOnOrBefore(lastDayOf(index + 1));
  const due = Math.min(addBusinessDays(first, businessDay - 1), last);
  dueDays.set(key, due);
  return due;
}

/**
 * The latest period of an account gathered every `frequency` months whose statement was due before
 * the last business day on or before `today` (so a statement due Friday is not late on the weekend),
 * when the account's data ends before it; null when the account is up to date. `lastData` null: the
 * account holds no data, and is late when it was created before the period ended.
 */
export function findLatePeriod(
  today: string,
  frequency: number,
  businessDay: number,
  lastData: string | null,
  createdOn: string,
): LatePeriod | null {
  const todayDay = parseIsoDate(today);
  if (todayDay === undefined) throw new Error(`Not a date: ${today}`);
  const months = Math.max(1, Math.round(frequency));
  const cutoff = isBusinessDay(todayDay) ? todayDay : previousBusinessDayOnOrBefore(todayDay);
  let index = monthIndexOf(todayDay) - 1;
  while (((index % 12) + 1) % months !== 0 || findDueDay(index, businessDay) >= cutoff) index -= 1;

  const periodEnd = formatIsoDate(lastDayOf(index));
  // An account with no data owes every period that ended after it was created.
  const dataEnd = lastData ?? createdOn;
  if (dataEnd >= periodEnd) return null;
  let periodsMissing = 1;
  // Bounded: ten years of missing periods say all there is to say.
  while (periodsMissing < 120 && formatIsoDate(lastDayOf(index - periodsMissing * months)) > dataEnd)
    periodsMissing += 1;
  const due = findDueDay(index, businessDay);
  return {
    periodEnd,
    dueDay: formatIsoDate(due),
    businessDaysLate: countBusinessDays(due + 1, todayDay),
    periodsMissing,
  };
}

const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** YYYY-MM-DD as "September 30, 2026". */
export function formatLongDay(day: string): string {
  return LONG_DAY.format(new Date(`${day}T00:00:00Z`));
}
