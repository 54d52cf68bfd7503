import { addDays, type RateObservation } from './rate-observation';

/**
 * The simple average of a daily rate over the `days` calendar days ending on `endDate`, each day
 * counted at the rate last published on or before it (a Friday's rate also stands for the weekend),
 * as the effective fed funds "30-Day" value of platform.md 3 (docs/models.md "Market rates").
 * Null when the first day of the window has no rate on or before it: a shorter average would mislead.
 * `observations` must be sorted by date.
 */
export function averageOverCalendarDays(
  observations: RateObservation[],
  endDate: string,
  days: number,
): number | null {
  const start = addDays(endDate, -(days - 1));
  let index = 0;
  let current: number | null = null;
  let sum = 0;
  for (let day = start, n = 0; n < days; day = addDays(day, 1), n++) {
    while (index < observations.length && observations[index]!.date <= day) {
      current = observations[index]!.value;
      index++;
    }
    if (current === null) return null;
    sum += current;
  }
  // Rates are published to 2 decimals (EFFR) or 5 (averages); 6 keeps the mean exact enough.
  return Math.round((sum / days) * 1e6) / 1e6;
}
