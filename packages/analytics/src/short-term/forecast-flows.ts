import { addBusinessDays } from '../calendar/business-calendar';
import { parseIsoDate } from '../core/iso-date';
import { roundCents } from '../core/money';
import { forecastSeasonalNaive } from './baseline-forecasts';
import { predictNet, type CalendarModel } from './calendar-model';
import type { ForecastMethod } from './back-test-short-term';

export interface FlowForecaster {
  readonly method: ForecastMethod;
  readonly calendarModel: CalendarModel;
  /** Net flows of the business days of the last year of history (for the seasonal naive). */
  readonly recentFlows: readonly { readonly date: string; readonly flow: number }[];
}

/**
 * Short-term model section of docs/models.md: forecast net flow per business day after `fromDay` up
 * to `toDay` — the calendar model (receipts + disbursements), or, when the back-test chose it, last
 * year's flows (52-week seasonal naive) — plus balance adjustments (already on business days).
 */
export function forecastFlows(
  forecaster: FlowForecaster,
  fromDay: number,
  toDay: number,
  adjustments: ReadonlyMap<number, number> = new Map(),
): { days: number[]; flows: Float64Array } {
  const days: number[] = [];
  for (let day = addBusinessDays(fromDay, 1); day <= toDay; day = addBusinessDays(day, 1)) days.push(day);
  let base: Float64Array;
  if (forecaster.method === 'model') base = predictNet(forecaster.calendarModel, days);
  else {
    const historyDays = forecaster.recentFlows.map((item) => parseIsoDate(item.date) as number);
    base = forecastSeasonalNaive(
      historyDays,
      forecaster.recentFlows.map((item) => item.flow),
      days,
    );
  }
  // Each day's flow in cents, so every balance and variance is an exact sum of cents.
  const flows = base.map((flow, index) => roundCents(flow + (adjustments.get(days[index] as number) ?? 0)));
  return { days, flows };
}
