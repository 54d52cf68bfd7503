import {
  type BackTestAccuracy,
  type ForecastMethod,
  isBusinessDate,
  measureForecastAccuracy,
  type ForecastRow,
  type ShortTermStep1Model,
  type WeeklyForecastRow,
} from '@tideline/analytics';
import type {
  DayToDayVarianceRow,
  ForecastAccuracy,
  ModelAccuracy,
  WeeklyForecastRow as WeeklyRowAnswer,
} from '@tideline/contracts/short-term/short-term-results.schemas';

// What the jobs store (short_term_models.step1_result, step2_result) and what is derived from it when
// read: the day-to-day variance chart, the weekly rows with their actuals, and forecast accuracy
// (issue 18 point 7), which changes as the group's balance tables grow past the model's end date.

/** step2_result: the model's answer, the strategic liquidity it used and the forecast band. */
export interface StoredStep2 {
  rows: ForecastRow[];
  weekly: WeeklyForecastRow[];
  /** The current liquidity levels of the group when step 2 ran; null: no finished Monte Carlo. */
  strategicLiquidity: { amount: number; monteCarloId: number; monteCarloName: string } | null;
  /** 5-95% band of that Monte Carlo run's simulated balance (its chart points). */
  band: { date: string; lowerBalance: number; upperBalance: number }[];
  /**
   * Issue 41: the forecast used (the model, or last year's flows when the model did not beat them on
   * the back-test) and the back-test's MASE, WAPE and bias. Absent on a step 2 stored before.
   */
  method?: ForecastMethod;
  accuracy?: BackTestAccuracy;
}

export type ActualBalance = { date: string; balance: number };

const round = (n: number) => Math.round(n * 100) / 100;

/** Actual balances to compare a forecast with: from 31 days before the end date to the last forecast day. */
export function actualWindow(step1: ShortTermStep1Model, step2: StoredStep2): { from: string; to: string } {
  const end = new Date(`${step1.endDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 31);
  const lastRow = step2.rows.at(-1)?.date ?? step1.endDate;
  const lastWeek = step2.weekly.at(-1)?.dateRange.slice(-10) ?? lastRow;
  return { from: end.toISOString().slice(0, 10), to: lastWeek > lastRow ? lastWeek : lastRow };
}

/** The last actual balance on or before `day` (actuals ascending), or undefined. */
function balanceOnOrBefore(actuals: readonly ActualBalance[], day: string): number | undefined {
  let found: number | undefined;
  for (const item of actuals) {
    if (item.date > day) break;
    found = item.balance;
  }
  return found;
}

/** Weekly rows of the first `weeks` weeks, each with the actual balance at its end once known. */
export function weeklyRows(
  step2: StoredStep2,
  weeks: number,
  actuals: readonly ActualBalance[],
): WeeklyRowAnswer[] {
  const byDate = new Map(actuals.map((a) => [a.date, a.balance]));
  return step2.weekly.slice(0, weeks).map((row) => ({
    week: row.week,
    dateRange: row.dateRange,
    forecast: row.forecast,
    priorYearActual: row.priorYearActual,
    strategicLiquidity: row.strategicLiquidity,
    actual: byDate.get(row.dateRange.slice(-10)) ?? null,
  }));
}

/**
 * Day-to-Day Variance rows: the actual change from the previous business day over the 13 weeks before
 * the end date (step 1's recent balances) and on any forecast day since, beside the forecast one.
 */
export function dayToDayRows(
  step1: ShortTermStep1Model,
  step2: StoredStep2,
  actuals: readonly ActualBalance[],
): DayToDayVarianceRow[] {
  const history = [...step1.recentBalances, ...actuals.filter((a) => a.date > step1.endDate)];
  const actualByDay = new Map<string, number>();
  let previous: number | undefined;
  for (const item of history) {
    if (!isBusinessDate(item.date)) continue;
    if (previous !== undefined) actualByDay.set(item.date, round(item.balance - previous));
    previous = item.balance;
  }
  const since = new Date(`${step1.endDate}T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - 13 * 7);
  const from = since.toISOString().slice(0, 10);
  const rows: DayToDayVarianceRow[] = [];
  for (const [date, actual] of actualByDay) {
    if (date > from && date <= step1.endDate) rows.push({ date, actual, forecast: null });
  }
  for (const row of step2.rows) {
    rows.push({ date: row.date, actual: actualByDay.get(row.date) ?? null, forecast: row.singleVariance });
  }
  return rows;
}

/**
 * Issue 18 point 7: how the forecast did, once at least one forecast day has an actual balance. The
 * spans' errors are analytics' measureForecastAccuracy; weeks are the forecast weeks that have fully
 * happened, their forecast change of balance against the actual one.
 */
export function measureAccuracy(
  step1: ShortTermStep1Model,
  step2: StoredStep2,
  actuals: readonly ActualBalance[],
): ForecastAccuracy | null {
  const after = actuals.filter((a) => a.date > step1.endDate);
  const forecastDays = new Set(step2.rows.map((r) => r.date));
  if (!after.some((a) => forecastDays.has(a.date))) return null;
  const measured = measureForecastAccuracy({ forecastRows: step2.rows, actualBalances: actuals });
  if (!measured.ok) return null;
  // The band counts only the days the forecast covers: those after the end date.
  const banded =
    step2.band.length > 0
      ? measureForecastAccuracy({ forecastRows: [], actualBalances: after, band: step2.band })
      : null;
  const band = banded?.ok ? banded.value.band : null;
  const lastActual = after.at(-1)!.date;
  const weeks = [];
  let previousForecast = step2.rows.length > 0 ? step1.endBalance : 0;
  let previousActual = balanceOnOrBefore(actuals, step1.endDate);
  for (const week of step2.weekly) {
    const weekEnd = week.dateRange.slice(-10);
    if (weekEnd > lastActual) break;
    const actual = balanceOnOrBefore(actuals, weekEnd);
    if (actual !== undefined && previousActual !== undefined) {
      const forecastChange = round(week.forecast - previousForecast);
      const actualChange = round(actual - previousActual);
      weeks.push({
        dateRange: week.dateRange,
        forecastChange,
        actualChange,
        error: round(forecastChange - actualChange),
      });
    }
    previousForecast = week.forecast;
    previousActual = actual;
  }
  return {
    actualThrough: lastActual,
    singleDay: measured.value.singleDay,
    sevenDay: measured.value.sevenDay,
    fourteenDay: measured.value.fourteenDay,
    thirtyDay: measured.value.thirtyDay,
    weeks,
    band:
      band && step2.strategicLiquidity && band.comparedDays > 0
        ? { monteCarloName: step2.strategicLiquidity.monteCarloName, ...band }
        : null,
  };
}

/** Issue 41: the step 2 row's back-test figures (MASE, WAPE, bias; naive used or not). */
export function modelAccuracyOf(step2: StoredStep2): ModelAccuracy | null {
  const accuracy = step2.accuracy;
  if (!accuracy) return null;
  const used = (accuracy.usesNaive ? accuracy.seasonalNaive : accuracy.model).at(-1) ?? null;
  return {
    method: accuracy.method,
    usesNaive: accuracy.usesNaive,
    note: accuracy.note,
    origins: accuracy.origins.length,
    used,
    model: accuracy.model,
    seasonalNaive: accuracy.seasonalNaive,
    sameBusinessDayLastYear: accuracy.sameBusinessDayLastYear,
  };
}
