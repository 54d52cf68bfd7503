import { isBusinessDay } from '../calendar/business-calendar';
import { fromDayNumber, toDayNumber } from '../core/iso-date';

/** Business-day-of-month position: 1 for the month's first business day, 2 for the second, … */
export function findPositionInMonth(day: number): number {
  const { year, month } = fromDayNumber(day);
  let position = 0;
  for (let current = toDayNumber(year, month, 1); current <= day; current += 1)
    if (isBusinessDay(current)) position += 1;
  return position;
}

/** One observed flow of the profile: a business day of history. */
export interface ProfileSample {
  /** year x 12 + (month - 1): orders occurrences of a calendar month. */
  readonly monthIndex: number;
  readonly flow: number;
}

/**
 * Short-term model section of analytics.md, step 1: history flows keyed by calendar month and
 * business-day-of-month position. JSON-friendly so a stored step 1 can run step 2 later.
 */
export interface SeasonalProfile {
  /** key `${month}-${position}` (month 1-12). */
  readonly samples: Record<string, ProfileSample[]>;
}

export function buildSeasonalProfile(days: readonly number[], flows: Float64Array): SeasonalProfile {
  const samples: Record<string, ProfileSample[]> = {};
  let currentMonthIndex = -1;
  let position = 0;
  days.forEach((day, index) => {
    const { year, month } = fromDayNumber(day);
    const monthIndex = year * 12 + month - 1;
    // Positions count from the month's first business day, even when the history starts mid-month.
    if (monthIndex !== currentMonthIndex) {
      currentMonthIndex = monthIndex;
      position = findPositionInMonth(day) - 1;
    }
    position += 1;
    const key = `${month}-${position}`;
    (samples[key] ??= []).push({ monthIndex, flow: flows[index] as number });
  });
  return { samples };
}

/**
 * Seasonal flow for a business day: the mean flow at the same position of the same calendar month in
 * earlier years, over the years whose month had that position. A position no earlier year had (a month
 * with more business days than before) gets 0, so the month's seasonal total is not inflated; with no
 * earlier year at all the flow is 0 too.
 */
export function estimateSeasonalFlow(profile: SeasonalProfile, day: number, position: number): number {
  const { year, month } = fromDayNumber(day);
  const monthIndex = year * 12 + month - 1;
  let sum = 0;
  let count = 0;
  for (const sample of profile.samples[`${month}-${position}`] ?? []) {
    if (sample.monthIndex >= monthIndex) continue;
    sum += sample.flow;
    count += 1;
  }
  return count > 0 ? sum / count : 0;
}
