import { fitCalendarModel, predictNet } from './calendar-model';
import { forecastSameBusinessDayLastYear, forecastSeasonalNaive } from './baseline-forecasts';
import {
  seasonalNaiveScale,
  summariseWeekErrors,
  sumWeeks,
  type ErrorSummary,
  type WeekSample,
} from './forecast-error-metrics';
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

/** Which forecast the product uses: the calendar model, or last year's flows (52-week seasonal naive). */
export type ForecastMethod = 'model' | 'seasonalNaive';

export interface HorizonAccuracy extends ErrorSummary {
  /** Weeks 1 … `weeks` after each origin. */
  readonly weeks: number;
}

/** Rolling-origin back-test of the model and the two baselines (docs/models.md "Forecast accuracy"). */
export interface BackTestAccuracy {
  /** Forecast origins (the last day of history each forecast saw), oldest first. */
  readonly origins: IsoDate[];
  readonly model: HorizonAccuracy[];
  /** Same week last year (364 days): the benchmark the model must beat. */
  readonly seasonalNaive: HorizonAccuracy[];
  /** Same business-day position of the month, last year. */
  readonly sameBusinessDayLastYear: HorizonAccuracy[];
  readonly method: ForecastMethod;
  /** True when the model did not beat the seasonal naive on 13-week MASE: the naive forecast is used. */
  readonly usesNaive: boolean;
  /** The decision in words, for the screens and the PDF. */
  readonly note: string;
}

export interface BackTest {
  /** The last origin's 13 weeks (end date - 13 weeks), forecast by the method used. */
  readonly weeks: BackTestWeek[];
  readonly meanAbsoluteError: number;
  /** Sum of |error| over sum of |actual| of those 13 weeks; null when nothing moved. */
  readonly relativeError: number | null;
  readonly accuracy: BackTestAccuracy;
}

export const BACK_TEST_WEEKS = 13;
export const BACK_TEST_HORIZONS = [1, 4, 13] as const;
/** Origins every 4 weeks going back from end - 13 weeks, at most 12 (about a year). */
export const BACK_TEST_ORIGINS = 12;
export const ORIGIN_SPACING_DAYS = 28;
/** An origin needs this much history before it (a year for the naive, a few weeks for its scale). */
export const MIN_FIT_DAYS = 400;

const formatNumber = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));

export function describeDecision(accuracy: Omit<BackTestAccuracy, 'note'>): string {
  const model = accuracy.model.at(-1)?.mase ?? null;
  const naive = accuracy.seasonalNaive.at(-1)?.mase ?? null;
  const over = `over ${accuracy.origins.length} rolling origins`;
  if (!accuracy.usesNaive) {
    return `The model beat the same-week-last-year forecast on this history (13-week MASE ${formatNumber(model)} against ${formatNumber(naive)}, ${over}).`;
  }
  if (accuracy.origins.length === 0) {
    return 'The history is too short to back-test the model, so the naive forecast (same week last year) is used.';
  }
  return `The naive forecast (same week last year) is used because the model did not beat it on this history (13-week MASE ${formatNumber(model)} against ${formatNumber(naive)}, ${over}).`;
}

/**
 * Short-term model step 1 back-test (docs/models.md "Forecast accuracy"): at each rolling origin the
 * model is fitted on the history up to the origin only and forecasts the next 13 weeks, as do the two
 * baselines; weekly totals are compared with what happened. The model is used only if its 13-week
 * MASE is below the seasonal naive's. Balance adjustments are not part of it (the analyst's knowledge).
 */
export function backTestShortTerm(
  days: readonly number[],
  receipts: Float64Array,
  disbursements: Float64Array,
  endDay: number,
): BackTest {
  const net = receipts.map((value, index) => value + (disbursements[index] as number));
  const firstDay = days[0] ?? endDay;
  const origins: number[] = [];
  for (let k = 0; k < BACK_TEST_ORIGINS; k += 1) {
    const origin = endDay - BACK_TEST_WEEKS * 7 - k * ORIGIN_SPACING_DAYS;
    if (origin - firstDay < MIN_FIT_DAYS) break;
    origins.unshift(origin);
  }
  const samples = { model: [] as WeekSample[][], naive: [] as WeekSample[][], same: [] as WeekSample[][] };
  let lastWeeks: { model: Float64Array; naive: Float64Array; actual: Float64Array } | null = null;
  for (const origin of origins) {
    let fitCount = 0;
    while (fitCount < days.length && (days[fitCount] as number) <= origin) fitCount += 1;
    const fitDays = days.slice(0, fitCount);
    const forecastDays: number[] = [];
    for (let t = fitCount; t < days.length && (days[t] as number) <= origin + BACK_TEST_WEEKS * 7; t += 1)
      forecastDays.push(days[t] as number);
    const model = fitCalendarModel(
      fitDays,
      receipts.subarray(0, fitCount),
      disbursements.subarray(0, fitCount),
    );
    const fitNet = net.subarray(0, fitCount);
    const forecasts = {
      model: predictNet(model, forecastDays),
      naive: forecastSeasonalNaive(fitDays, fitNet, forecastDays),
      same: forecastSameBusinessDayLastYear(fitDays, fitNet, forecastDays),
    };
    const actual = sumWeeks(days, net, origin, BACK_TEST_WEEKS);
    const scale = seasonalNaiveScale(fitDays, fitNet, origin);
    const weekly = {
      model: sumWeeks(forecastDays, forecasts.model, origin, BACK_TEST_WEEKS),
      naive: sumWeeks(forecastDays, forecasts.naive, origin, BACK_TEST_WEEKS),
      same: sumWeeks(forecastDays, forecasts.same, origin, BACK_TEST_WEEKS),
    };
    for (const key of ['model', 'naive', 'same'] as const) {
      samples[key].push(
        Array.from(weekly[key], (forecast, week) => ({ forecast, actual: actual[week] as number, scale })),
      );
    }
    lastWeeks = { model: weekly.model, naive: weekly.naive, actual };
  }
  const byHorizon = (perOrigin: WeekSample[][]): HorizonAccuracy[] =>
    BACK_TEST_HORIZONS.map((weeks) => ({
      weeks,
      ...summariseWeekErrors(perOrigin.flatMap((list) => list.slice(0, weeks))),
    }));
  const model = byHorizon(samples.model);
  const seasonalNaive = byHorizon(samples.naive);
  const modelMase = model.at(-1)?.mase ?? null;
  const naiveMase = seasonalNaive.at(-1)?.mase ?? null;
  const usesNaive = !(modelMase !== null && naiveMase !== null && modelMase < naiveMase);
  const decision = {
    origins: origins.map(formatIsoDate),
    model,
    seasonalNaive,
    sameBusinessDayLastYear: byHorizon(samples.same),
    method: (usesNaive ? 'seasonalNaive' : 'model') as ForecastMethod,
    usesNaive,
  };
  const accuracy: BackTestAccuracy = { ...decision, note: describeDecision(decision) };

  const cutoff = endDay - BACK_TEST_WEEKS * 7;
  const weeks: BackTestWeek[] = [];
  let absoluteErrors = 0;
  let absoluteActuals = 0;
  for (let week = 0; week < BACK_TEST_WEEKS; week += 1) {
    const forecast = lastWeeks ? ((usesNaive ? lastWeeks.naive : lastWeeks.model)[week] as number) : 0;
    const actualTotal = lastWeeks ? (lastWeeks.actual[week] as number) : 0;
    absoluteErrors += Math.abs(forecast - actualTotal);
    absoluteActuals += Math.abs(actualTotal);
    weeks.push({
      weekStart: formatIsoDate(cutoff + 1 + week * 7),
      weekEnd: formatIsoDate(cutoff + 7 + week * 7),
      forecast: roundCents(forecast),
      actual: roundCents(actualTotal),
      error: roundCents(forecast - actualTotal),
    });
  }
  return {
    weeks: lastWeeks ? weeks : [],
    meanAbsoluteError: roundCents(absoluteErrors / BACK_TEST_WEEKS),
    relativeError: absoluteActuals > 0 ? roundRate(absoluteErrors / absoluteActuals) : null,
    accuracy,
  };
}
