import { describe, expect, it } from 'vitest';
import { listBusinessDays } from '../calendar/business-calendar';
import { toDay } from '../../test/make-history';
import { seasonalNaiveScale, summariseWeekErrors, sumWeeks } from './forecast-error-metrics';

describe('MASE, WAPE and bias on hand-computed series', () => {
  it('summarises weekly errors', () => {
    const summary = summariseWeekErrors([
      { forecast: 110, actual: 100, scale: 20 },
      { forecast: 70, actual: 100, scale: 20 },
      { forecast: -50, actual: -40, scale: 10 },
    ]);
    // |e| = 10, 30, 10; sum 50; sum |actual| = 240; e = 10, -30, -10.
    expect(summary).toEqual({
      comparedWeeks: 3,
      mase: Math.round(((10 / 20 + 30 / 20 + 10 / 10) / 3) * 1e6) / 1e6,
      wape: Math.round((50 / 240) * 1e6) / 1e6,
      bias: Math.round((-30 / 3) * 100) / 100,
      relativeBias: 0.125 * -1,
    });
    expect(summariseWeekErrors([])).toEqual({
      comparedWeeks: 0,
      mase: null,
      wape: null,
      bias: null,
      relativeBias: null,
    });
  });

  it('sums 7-day weeks after an origin and scales by the in-sample 52-week naive', () => {
    const days = listBusinessDays(toDay('2021-01-04'), toDay('2022-12-30'));
    const origin = toDay('2022-12-30');
    // Every business day 1, plus 5 on the business days of odd weeks counted back from the origin.
    const flows = days.map((day) => 1 + (Math.ceil((origin - day + 1) / 7) % 2 === 1 ? 5 : 0));
    const totals = sumWeeks(days, flows, origin - 14, 2);
    const expected = (from: number, to: number) =>
      days.reduce((sum, day, i) => (day > from && day <= to ? sum + (flows[i] as number) : sum), 0);
    expect(Array.from(totals)).toEqual([expected(origin - 14, origin - 7), expected(origin - 7, origin)]);
    // 52 is even: week j and week j+52 have the same parity, so the weeks differ only by holidays.
    const scale = seasonalNaiveScale(days, flows, origin);
    expect(scale).not.toBeNull();
    expect(scale!).toBeLessThan(2);
    expect(seasonalNaiveScale(days.slice(0, 200), flows.slice(0, 200), days[199]!)).toBeNull();
  });
});
