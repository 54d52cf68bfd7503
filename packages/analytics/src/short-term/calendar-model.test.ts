import { describe, expect, it } from 'vitest';
import {
  isBusinessDay,
  listBusinessDays,
  previousBusinessDayOnOrBefore,
} from '../calendar/business-calendar';
import { weekdayOf } from '../core/iso-date';
import { toDay } from '../../test/make-history';
import { describeDays } from './calendar-features';
import { fitSide, measureSideTrend, predictSide } from './calendar-model';
import { forecastSameBusinessDayLastYear, forecastSeasonalNaive } from './baseline-forecasts';

const days = listBusinessDays(toDay('2021-01-04'), toDay('2023-06-30'));
const WEEKDAY = [0, 1000, 2000, 3000, 4000, 5000];

describe('calendar model closed-form checks', () => {
  it('recovers a pure weekday pattern exactly', () => {
    const values = Float64Array.from(days, (day) => WEEKDAY[weekdayOf(day)] as number);
    const model = fitSide('receipts', days, values);
    expect(model.trend).toMatchObject({ ratio: 1, isFallback: false });
    WEEKDAY.slice(1).forEach((amount, weekday) => {
      expect(model.level + (model.weekday[weekday] as number)).toBeCloseTo(amount, 6);
    });
    for (const effect of [...model.position, ...model.month]) expect(Math.abs(effect)).toBeLessThan(1e-6);
    expect(model.biweekly).toBeNull();
    expect(model.annualDates).toEqual([]);
    const future = listBusinessDays(toDay('2023-07-03'), toDay('2023-09-29'));
    const forecast = predictSide(model, describeDays(future));
    future.forEach((day, t) => expect(forecast[t]).toBeCloseTo(WEEKDAY[weekdayOf(day)] as number, 6));
  });

  it('finds a biweekly payroll at the right phase and forecasts it on its Fridays', () => {
    const payday = toDay('2021-01-08'); // a Friday
    // A payday on a holiday counts on the next business day, as every flow does.
    const isPaid = (day: number) => {
      for (let d = previousBusinessDayOnOrBefore(day - 1) + 1; d <= day; d += 1)
        if (weekdayOf(d) === 5 && (d - payday) % 14 === 0) return true;
      return false;
    };
    const values = Float64Array.from(days, (day) => -100_000 - (isPaid(day) ? 6_400_000 : 0));
    const model = fitSide('disbursements', days, values);
    expect(model.biweekly?.phase).toBe(((payday % 14) + 14) % 14);
    // The payroll is not smeared over the other Fridays or other days.
    const future = listBusinessDays(toDay('2023-07-03'), toDay('2023-09-29'));
    const forecast = predictSide(model, describeDays(future));
    future.forEach((day, t) => {
      const expected = -100_000 - (isPaid(day) ? 6_400_000 : 0);
      // Within 0.2% (the month x position effect is shrunk, so the fit is exact only to rounding).
      expect(Math.abs((forecast[t] as number) - expected)).toBeLessThan(0.002 * Math.abs(expected));
    });
    expect(model.trend.ratio).toBe(1);
  });

  it('keeps an annual tax date found in every history year', () => {
    // 9M of tax on the business day covering September 15 of each year, 50k on other days.
    const values = Float64Array.from(days, (day, t) => {
      const f = describeDays([day])[0]!;
      const covers15 = f.month === 9 && f.isMidMonth;
      return 50_000 + (covers15 ? 9_000_000 : 0) + (t % 2 === 0 ? 1000 : -1000);
    });
    const model = fitSide('receipts', days, values);
    expect(model.annualDates).toHaveLength(1);
    expect(model.annualDates[0]).toMatchObject({ month: 9, anchor: 'dayOfMonth', value: 15, occurrences: 2 });
    const future = listBusinessDays(toDay('2023-09-01'), toDay('2023-09-29'));
    const forecast = predictSide(model, describeDays(future));
    const total = forecast.reduce((sum, v) => sum + v, 0);
    // September 15, 2023 is a Friday: the tax is forecast there, within 2%.
    const index = future.indexOf(toDay('2023-09-15'));
    expect(forecast[index]).toBeGreaterThan(0.98 * 9_050_000);
    expect(total).toBeCloseTo(9_000_000 + 50_000 * future.length, -5);
  });

  it('measures each side’s year-over-year growth and bounds it', () => {
    const growing = Float64Array.from(days, (day) => 100 * 1.1 ** ((day - (days[0] as number)) / 365));
    const trend = measureSideTrend(days, growing, days.at(-1)!);
    expect(trend.ratio).toBeCloseTo(1.1, 2);
    const exploding = Float64Array.from(days, (day) => (day > days.at(-1)! - 365 ? 300 : 100));
    const bounded = measureSideTrend(days, exploding, days.at(-1)!);
    expect(bounded.ratio).toBe(1.25);
    expect(bounded.rawRatio).toBeCloseTo(3, 1);
    const short = days.filter((day) => day > toDay('2022-06-01'));
    expect(measureSideTrend(short, new Float64Array(short.length).fill(5), short.at(-1)!)).toMatchObject({
      ratio: 1,
      isFallback: true,
    });
  });

  it('applies the trend to each side separately, never to the net', () => {
    // Receipts grow 20% a year, disbursements are flat: the net would be a ratio of small differences.
    const receipts = Float64Array.from(days, (day) => 1000 * 1.2 ** ((day - days.at(-1)!) / 365));
    const disbursements = Float64Array.from(days, () => -990);
    const r = fitSide('receipts', days, receipts);
    const d = fitSide('disbursements', days, disbursements);
    expect(r.trend.ratio).toBeCloseTo(1.2, 2);
    expect(d.trend.ratio).toBe(1);
    const future = [toDay('2024-06-28')]; // about a year after the end
    const ahead = predictSide(r, describeDays(future))[0]! + predictSide(d, describeDays(future))[0]!;
    expect(ahead).toBeCloseTo(1000 * 1.2 - 990, -1);
  });
});

describe('baselines', () => {
  it('same week last year takes the flows of the calendar days 364 days earlier', () => {
    const history = listBusinessDays(toDay('2022-01-03'), toDay('2023-06-30'));
    const flows = history.map((day) => day % 1000);
    const target = [toDay('2023-07-05'), toDay('2023-07-10')];
    const naive = forecastSeasonalNaive(history, flows, target);
    // 2023-07-05 (Wed) covers 07-05 only (07-04 is a holiday, folded onto it: it covers 07-04 too).
    const covered = (from: number, to: number) => {
      let sum = 0;
      for (let d = from; d <= to; d += 1) if (isBusinessDay(d)) sum += d % 1000;
      return sum;
    };
    expect(naive[0]).toBe(covered(toDay('2023-07-04') - 364, toDay('2023-07-05') - 364));
    expect(naive[1]).toBe(covered(toDay('2023-07-08') - 364, toDay('2023-07-10') - 364));
    const same = forecastSameBusinessDayLastYear(history, flows, [toDay('2023-07-03')]);
    expect(same[0]).toBe(toDay('2022-07-01') % 1000); // the 1st business day of July 2022
  });
});
