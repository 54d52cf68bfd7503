import { addMonths, fromDayNumber } from '../core/iso-date';

/**
 * The history cut into calendar-month pieces for the seasonal block bootstrap (Monte Carlo section of
 * analytics.md, step 2). History year k (k = 1 for the latest) is the 12 months (end - 12k months,
 * end - 12(k - 1) months]; it is cut at the first of each month into 13 slots: slot 0 is the rest of
 * the end date's month after that day (empty when the end date is a month end), slots 1 to 11 the
 * whole months, slot 12 the end date's month up to that day. Slot s is the same calendar stretch in
 * every year, whatever its number of business days, and a year's slots follow each other in the flows.
 */
export interface SeasonalSegments {
  /** Full history years the blocks are drawn from (at least 2). */
  readonly yearCount: number;
  /** Slots per year (13), replayed in this order from the day after the end date. */
  readonly slotCount: number;
  /** Index in the flows of the first business day of (year, slot), at year * slotCount + slot. */
  readonly starts: Int32Array;
  /** Business days of (year, slot); 0 when that stretch has none (its start is then not used). */
  readonly lengths: Int32Array;
}

export const SEASONAL_SLOTS = 13;
/** The seasonal bootstrap needs two different years to draw from; with one it would replay one year. */
export const MINIMUM_SEASONAL_YEARS = 2;
/** A year still counts as covered when the group's data starts within its first week. */
const YEAR_START_TOLERANCE_DAYS = 7;

/**
 * Full history years ending on the end date that the group's data covers, at most `numberOfYears`:
 * year k counts when the data starts no later than a week into it (a history that opens on a weekend
 * or a quiet day is still a full year).
 */
export function countHistoryYears(endDay: number, numberOfYears: number, firstDataDay: number): number {
  let years = 0;
  while (
    years < numberOfYears &&
    firstDataDay <= addMonths(endDay, -12 * (years + 1)) + YEAR_START_TOLERANCE_DAYS
  ) {
    years += 1;
  }
  return years;
}

const monthIndexOf = (day: number): number => {
  const { year, month } = fromDayNumber(day);
  return year * 12 + month - 1;
};

/** Slot ranges of the latest `yearCount` history years; `days` are the flows' business days, ascending. */
export function buildSeasonalSegments(
  days: readonly number[],
  endDay: number,
  yearCount: number,
): SeasonalSegments {
  const starts = new Int32Array(yearCount * SEASONAL_SLOTS);
  const lengths = new Int32Array(yearCount * SEASONAL_SLOTS);
  const endMonth = monthIndexOf(endDay);
  // Walk the days from the latest back; each year's window is (yearStart, yearEnd].
  let index = days.length - 1;
  for (let year = 0; year < yearCount; year += 1) {
    const yearStart = addMonths(endDay, -12 * (year + 1));
    const firstMonth = endMonth - 12 * (year + 1);
    for (; index >= 0 && (days[index] as number) > yearStart; index -= 1) {
      const segment = year * SEASONAL_SLOTS + monthIndexOf(days[index] as number) - firstMonth;
      starts[segment] = index;
      lengths[segment] = (lengths[segment] as number) + 1;
    }
  }
  return { yearCount, slotCount: SEASONAL_SLOTS, starts, lengths };
}
