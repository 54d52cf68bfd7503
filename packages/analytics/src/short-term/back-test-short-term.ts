import { buildSeasonalProfile } from './build-seasonal-profile';
import { computeTrendRatio } from './compute-trend-ratio';
import { forecastFlows } from './forecast-flows';
import { formatIsoDate, type IsoDate } from '../core/iso-date';
import { roundCents, roundRate } from '../core/money';

export interface BackTestWeek {
  readonly weekStart: IsoDate;
  readonly weekEnd: IsoDate;
  readonly forecast: number;
  readonly actual: number;
  /** forecast - actual */
  readonly error: number;
}

export interface BackTest {
  readonly weeks: BackTestWeek[];
  readonly meanAbsoluteError: number;
  /** Sum of |error| over sum of |actual|; null when nothing moved in the 13 weeks. */
  readonly relativeError: number | null;
}

export const BACK_TEST_WEEKS = 13;

/**
 * Short-term model section of analytics.md, step 1 back-test: fit the model on the history up to 13
 * weeks before the end date, forecast those 13 weeks, and compare the weekly (7-day) totals.
 * Balance adjustments are not part of the back-test: they are the analyst's knowledge of the future.
 */
export function backTestShortTerm(days: readonly number[], flows: Float64Array, endDay: number): BackTest {
  const cutoff = endDay - BACK_TEST_WEEKS * 7;
  const fitCount = days.findIndex((day) => day > cutoff);
  const fitDays = fitCount < 0 ? days : days.slice(0, fitCount);
  const fitFlows = flows.subarray(0, fitDays.length);
  const profile = buildSeasonalProfile(fitDays, fitFlows);
  const trend = computeTrendRatio(fitDays, fitFlows, cutoff);
  const forecast = forecastFlows(profile, trend.ratio, cutoff, endDay);
  const actualByDay = new Map<number, number>();
  days.forEach((day, index) => actualByDay.set(day, flows[index] as number));
  const weeks: BackTestWeek[] = [];
  let absoluteErrors = 0;
  let absoluteActuals = 0;
  for (let week = 0; week < BACK_TEST_WEEKS; week += 1) {
    const weekStart = cutoff + 1 + week * 7;
    const weekEnd = weekStart + 6;
    let forecastTotal = 0;
    let actualTotal = 0;
    forecast.days.forEach((day, index) => {
      if (day < weekStart || day > weekEnd) return;
      forecastTotal += forecast.flows[index] as number;
      actualTotal += actualByDay.get(day) ?? 0;
    });
    absoluteErrors += Math.abs(forecastTotal - actualTotal);
    absoluteActuals += Math.abs(actualTotal);
    weeks.push({
      weekStart: formatIsoDate(weekStart),
      weekEnd: formatIsoDate(weekEnd),
      forecast: roundCents(forecastTotal),
      actual: roundCents(actualTotal),
      error: roundCents(forecastTotal - actualTotal),
    });
  }
  return {
    weeks,
    meanAbsoluteError: roundCents(absoluteErrors / BACK_TEST_WEEKS),
    relativeError: absoluteActuals > 0 ? roundRate(absoluteErrors / absoluteActuals) : null,
  };
}
