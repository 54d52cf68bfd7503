import {
  isBusinessDay,
  nextBusinessDayOnOrAfter,
  previousBusinessDayOnOrBefore,
} from '../calendar/business-calendar';
import { fromDayNumber, weekdayOf } from '../core/iso-date';
import { findPositionInMonth } from './build-seasonal-profile';

/**
 * Short-term model (docs/models.md "Short-term model"): what the calendar says about one business day.
 * A business day "covers" the calendar days since the previous business day (a Monday covers Saturday
 * and Sunday; the day after a holiday covers the holiday), because a flow dated on a day without
 * business counts on the next business day.
 */
export interface DayFeatures {
  readonly day: number;
  /** 0 = Monday … 4 = Friday. */
  readonly weekday: number;
  /** Business-day-of-month position, 1 for the month's first business day. */
  readonly position: number;
  /** Calendar month 1-12. */
  readonly month: number;
  /** First calendar day covered (the day after the previous business day). */
  readonly coversFrom: number;
  /** The last business day of its month. */
  readonly isLastBusinessDay: boolean;
  /** Covers the 15th of its month (the 15th, or the business day after a 15th without business). */
  readonly isMidMonth: boolean;
}

export function describeDay(day: number, position?: number): DayFeatures {
  const { month } = fromDayNumber(day);
  const coversFrom = previousBusinessDayOnOrBefore(day - 1) + 1;
  let isMidMonth = false;
  for (let covered = coversFrom; covered <= day; covered += 1) {
    const parts = fromDayNumber(covered);
    if (parts.day === 15 && parts.month === month) isMidMonth = true;
  }
  return {
    day,
    weekday: weekdayOf(day) - 1,
    position: position ?? findPositionInMonth(day),
    month,
    coversFrom,
    isLastBusinessDay: fromDayNumber(nextBusinessDayOnOrAfter(day + 1)).month !== month,
    isMidMonth,
  };
}

/** Features of consecutive business days (positions counted incrementally). */
export function describeDays(days: readonly number[]): DayFeatures[] {
  const features: DayFeatures[] = [];
  let month = -1;
  let position = 0;
  for (const day of days) {
    if (!isBusinessDay(day)) throw new Error(`describeDays: ${day} is not a business day`);
    const current = fromDayNumber(day);
    const monthIndex = current.year * 12 + current.month;
    if (monthIndex !== month) {
      month = monthIndex;
      position = findPositionInMonth(day) - 1;
    }
    position += 1;
    features.push(describeDay(day, position));
  }
  return features;
}

const mod14 = (day: number) => ((day % 14) + 14) % 14;

/** Whether the business day covers a calendar day of the 14-day cycle phase `phase` (day number mod 14). */
export function coversPhase(features: DayFeatures, phase: number): boolean {
  for (let covered = features.coversFrom; covered <= features.day; covered += 1)
    if (mod14(covered) === phase) return true;
  return false;
}

/** Calendar days of the same month that the business day covers (days of month, 1-31). */
export function coveredDaysOfMonth(features: DayFeatures): number[] {
  const list: number[] = [];
  for (let covered = features.coversFrom; covered <= features.day; covered += 1) {
    const parts = fromDayNumber(covered);
    if (parts.month === features.month) list.push(parts.day);
  }
  return list;
}
