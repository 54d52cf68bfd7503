import { nextBusinessDayOnOrAfter } from '../calendar/business-calendar';
import { forecastFlows } from './forecast-flows';
import { formatIsoDate, parseIsoDate, type IsoDate } from '../core/iso-date';
import { isFiniteAmount, roundCents } from '../core/money';
import { fail, ok, type Result } from '../core/result';
import type { ShortTermStep1Model } from './run-short-term-step1';
import type { BackTestAccuracy, ForecastMethod } from './back-test-short-term';

export interface ShortTermStep2Input {
  readonly model: ShortTermStep1Model;
  /** Weeks of forecast, 4 to 24 (default 24). */
  readonly weeks?: number;
  /** levelTwo + … + levelFive of the group's current liquidity levels, if known. */
  readonly strategicLiquidity?: number;
}

/** Forecast table row (spec: date, singleVariance, sevenDayVariance, fourteenDayVariance, monthlyVariance). */
export interface ForecastRow {
  readonly date: IsoDate;
  readonly forecastBalance: number;
  readonly singleVariance: number;
  readonly sevenDayVariance: number;
  readonly fourteenDayVariance: number;
  readonly monthlyVariance: number;
}

/** Short-term forecast row (spec: dateRange, forecast, priorYearActual, strategicLiquidity). */
export interface WeeklyForecastRow {
  readonly week: number;
  readonly dateRange: string;
  /** Forecast balance at the end of the week. */
  readonly forecast: number;
  /** Actual group balance 52 weeks (364 days) before the week's end, when the history has it. */
  readonly priorYearActual: number | null;
  readonly strategicLiquidity: number | null;
}

export interface ShortTermStep2Result {
  readonly rows: ForecastRow[];
  readonly weekly: WeeklyForecastRow[];
  /** Which forecast was used: the model, or last year's flows because the model did not beat them. */
  readonly method: ForecastMethod;
  /** Step 1's rolling-origin back-test: MASE, WAPE and bias of the model and the baselines. */
  readonly accuracy: BackTestAccuracy;
}

/**
 * Short-term model step 2 (analytics.md, Short-term model): forecast balance per business day and its
 * change over the span ending that day (1 business day; 7, 14, 30 calendar days, measured from the
 * balance at the end of the day that many days earlier, the end-date balance before the forecast).
 */
export function runShortTermStep2(input: ShortTermStep2Input): Result<ShortTermStep2Result> {
  const { model } = input;
  if (!model.checks.isReady)
    return fail('MODEL_NOT_READY', 'Step 1 is not ready: the history checks failed', 'model');
  const weeks = input.weeks ?? 24;
  if (!Number.isInteger(weeks) || weeks < 4 || weeks > 24)
    return fail('INVALID_ARGUMENT', 'weeks must be 4 to 24', 'weeks');
  if (input.strategicLiquidity !== undefined && !isFiniteAmount(input.strategicLiquidity)) {
    return fail('NON_FINITE_AMOUNT', 'strategicLiquidity must be a finite number', 'strategicLiquidity');
  }
  if (!model.calendarModel || !model.recentFlows || !model.backTest.accuracy) {
    return fail(
      'MODEL_NOT_READY',
      'This step 1 was fitted by an earlier version of the short-term model: run step 1 again',
      'model',
    );
  }
  const endDay = parseIsoDate(model.endDate);
  if (endDay === undefined) return fail('INVALID_DATE', 'model.endDate is not a valid date', 'model.endDate');
  const adjustments = new Map<number, number>();
  for (const adjustment of model.balanceAdjustments) {
    const day = parseIsoDate(adjustment.date);
    if (day === undefined || day <= endDay) continue;
    const target = nextBusinessDayOnOrAfter(day);
    adjustments.set(target, (adjustments.get(target) ?? 0) + adjustment.amount);
  }
  const lastDay = endDay + weeks * 7;
  const forecast = forecastFlows(model, endDay, lastDay, adjustments);
  // End-of-day forecast balance for every calendar day from the end date on.
  const calendar = new Float64Array(lastDay - endDay + 1);
  calendar[0] = model.endBalance;
  let cursor = 0;
  for (let offset = 1; offset < calendar.length; offset += 1) {
    let balance = calendar[offset - 1] as number;
    while (cursor < forecast.days.length && forecast.days[cursor] === endDay + offset) {
      balance += forecast.flows[cursor] as number;
      cursor += 1;
    }
    calendar[offset] = balance;
  }
  const balanceOn = (day: number) => calendar[Math.max(0, day - endDay)] as number;
  let previous = model.endBalance;
  const rows: ForecastRow[] = forecast.days.map((day) => {
    const balance = balanceOn(day);
    const row = {
      date: formatIsoDate(day),
      forecastBalance: roundCents(balance),
      singleVariance: roundCents(balance - previous),
      sevenDayVariance: roundCents(balance - balanceOn(day - 7)),
      fourteenDayVariance: roundCents(balance - balanceOn(day - 14)),
      monthlyVariance: roundCents(balance - balanceOn(day - 30)),
    };
    previous = balance;
    return row;
  });
  const history = new Map(model.recentBalances.map((item) => [item.date, item.balance]));
  const weekly: WeeklyForecastRow[] = [];
  for (let week = 1; week <= weeks; week += 1) {
    const weekEnd = endDay + week * 7;
    weekly.push({
      week,
      dateRange: `${formatIsoDate(weekEnd - 6)} - ${formatIsoDate(weekEnd)}`,
      forecast: roundCents(balanceOn(weekEnd)),
      priorYearActual: history.get(formatIsoDate(weekEnd - 364)) ?? null,
      strategicLiquidity:
        input.strategicLiquidity === undefined ? null : roundCents(input.strategicLiquidity),
    });
  }
  return ok({ rows, weekly, method: model.method, accuracy: model.backTest.accuracy });
}
