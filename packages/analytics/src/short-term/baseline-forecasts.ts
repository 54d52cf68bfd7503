import { previousBusinessDayOnOrBefore } from '../calendar/business-calendar';
import { fromDayNumber } from '../core/iso-date';
import { describeDays } from './calendar-features';

/** 52 weeks: the seasonal naive's lag, in calendar days (the same weekday a year earlier). */
export const SEASONAL_LAG_DAYS = 364;

/**
 * The 52-week seasonal naive (docs/models.md "Forecast accuracy"): a business day's flow is what
 * happened 364 days earlier, the same weekday. A business day takes last year's flows of the calendar
 * days it covers (since the previous business day), so every flow of last year is used exactly once
 * even where holidays fall differently. History days and flows are business days, ascending.
 */
export function forecastSeasonalNaive(
  historyDays: readonly number[],
  historyFlows: ArrayLike<number>,
  forecastDays: readonly number[],
): Float64Array {
  const byDay = new Map<number, number>();
  historyDays.forEach((day, index) => byDay.set(day, historyFlows[index] as number));
  return Float64Array.from(forecastDays, (day) => {
    const from = previousBusinessDayOnOrBefore(day - 1) + 1 - SEASONAL_LAG_DAYS;
    let total = 0;
    for (let past = from; past <= day - SEASONAL_LAG_DAYS; past += 1) total += byDay.get(past) ?? 0;
    return total;
  });
}

/**
 * The other baseline of the issue: the flow of the same business-day position of the same month a
 * year earlier (0 when last year's month had no such position).
 */
export function forecastSameBusinessDayLastYear(
  historyDays: readonly number[],
  historyFlows: ArrayLike<number>,
  forecastDays: readonly number[],
): Float64Array {
  const byKey = new Map<string, number>();
  describeDays(historyDays).forEach((f, index) => {
    byKey.set(`${fromDayNumber(f.day).year}-${f.month}-${f.position}`, historyFlows[index] as number);
  });
  const features = describeDays(forecastDays);
  return Float64Array.from(
    features,
    (f) => byKey.get(`${fromDayNumber(f.day).year - 1}-${f.month}-${f.position}`) ?? 0,
  );
}
