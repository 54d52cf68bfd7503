import { describe, expect, it } from 'vitest';
import { listBusinessDays, previousBusinessDayOnOrBefore } from '../calendar/business-calendar';
import type { AccountHistory } from '../core/account-history';
import { formatIsoDate } from '../core/iso-date';
import { createSeededRandom } from '../core/seeded-random';
import { toDay } from '../../test/make-history';
import { backTestShortTerm, BACK_TEST_HORIZONS } from './back-test-short-term';
import { runShortTermStep1 } from './run-short-term-step1';
import { runShortTermStep2 } from './run-short-term-step2';
import { makeSyntheticHistory } from './synthetic-history';
import { predictSide } from './calendar-model';
import { describeDays } from './calendar-features';

const window = { startDate: '2021-01-04', endDate: '2023-12-29', minDate: '2021-01-04' };

describe('rolling-origin back-test and the naive fallback', () => {
  it('beats the 52-week seasonal naive on a synthetic history with known structure, and finds it', () => {
    const { account, structure } = makeSyntheticHistory({ from: '2021-01-04', to: '2023-12-29', seed: 7 });
    const step1 = runShortTermStep1({ accounts: [account], ...window });
    if (!step1.ok) throw new Error(step1.error.message);
    const { accuracy } = step1.value.backTest;
    expect(accuracy.origins).toHaveLength(12);
    expect(accuracy.model.map((h) => h.weeks)).toEqual([...BACK_TEST_HORIZONS]);
    expect(accuracy.method).toBe('model');
    expect(accuracy.usesNaive).toBe(false);
    accuracy.model.forEach((h, index) => {
      expect(h.mase!).toBeLessThan(accuracy.seasonalNaive[index]!.mase!);
      expect(h.wape!).toBeLessThan(accuracy.seasonalNaive[index]!.wape!);
    });
    const { disbursements, receipts } = step1.value.calendarModel;
    expect(disbursements.biweekly?.phase).toBe(structure.payrollPhase);
    expect(disbursements.midMonth).not.toBeNull();
    expect(disbursements.lastBusinessDay).not.toBeNull();
    // The tax seasons: 60% of 12M (grown) on the 15th of April and October, forecast on those days.
    const taxDays = ['2024-04-15', '2024-10-15'].map(toDay);
    const forecast = predictSide(receipts, describeDays(taxDays));
    expect(structure.taxMonths).toEqual([4, 10]);
    for (const value of forecast) expect(value).toBeGreaterThan(0.75 * 0.6 * 12_000_000);
    const ordinary = predictSide(receipts, describeDays([toDay('2024-04-10')]))[0]!;
    expect(ordinary).toBeLessThan(1_000_000);
    expect(receipts.trend.ratio).toBeGreaterThan(1);
    const step2 = runShortTermStep2({ model: step1.value, weeks: 4 });
    if (!step2.ok) throw new Error(step2.error.message);
    expect(step2.value).toMatchObject({ method: 'model', accuracy: { usesNaive: false } });
  });

  it('falls back to the naive forecast when the history is noise repeated from last year', () => {
    // Year one is pure noise; every later business day repeats the day 364 days before, plus 1% noise.
    const random = createSeededRandom(99);
    const days = listBusinessDays(toDay('2021-01-04'), toDay('2023-12-29'));
    const byDay = new Map<number, number>();
    const transactions = days.map((day) => {
      const earlier = byDay.get(day - 364);
      const amount =
        earlier === undefined
          ? (random.nextUnit() - 0.5) * 2_000_000
          : earlier * (1 + 0.01 * (random.nextUnit() - 0.5));
      byDay.set(day, amount);
      return { date: formatIsoDate(day), amount: Math.round(amount * 100) / 100 };
    });
    const account: AccountHistory = {
      accountId: 'noise',
      anchorBalance: 10_000_000,
      anchorDate: window.endDate,
      transactions,
    };
    const step1 = runShortTermStep1({ accounts: [account], ...window });
    if (!step1.ok) throw new Error(step1.error.message);
    const { accuracy } = step1.value.backTest;
    expect(accuracy.usesNaive).toBe(true);
    expect(step1.value.method).toBe('seasonalNaive');
    expect(accuracy.note).toMatch(
      /naive forecast \(same week last year\) is used because the model did not beat it/,
    );
    expect(accuracy.seasonalNaive.at(-1)!.mase!).toBeLessThan(accuracy.model.at(-1)!.mase!);
    // Step 2 then forecasts last year's flows: each week's change is the same week of last year.
    const step2 = runShortTermStep2({ model: step1.value, weeks: 4 });
    if (!step2.ok) throw new Error(step2.error.message);
    expect(step2.value.method).toBe('seasonalNaive');
    let balance = 10_000_000;
    for (const row of step2.value.rows) {
      const day = toDay(row.date);
      // The calendar days since the previous business day, a year (364 days) earlier.
      let lastYear = 0;
      for (let past = previousBusinessDayOnOrBefore(day - 1) + 1; past <= day; past += 1)
        lastYear += Math.round((byDay.get(past - 364) ?? 0) * 100) / 100;
      balance += lastYear;
      expect(row.forecastBalance).toBeCloseTo(balance, 1);
    }
  });

  it('uses the naive forecast when no origin can be back-tested', () => {
    const days = listBusinessDays(toDay('2023-01-02'), toDay('2023-12-29'));
    const receipts = new Float64Array(days.length).fill(10);
    const disbursements = new Float64Array(days.length).fill(-5);
    const backTest = backTestShortTerm(days, receipts, disbursements, toDay('2023-12-29'));
    expect(backTest.accuracy).toMatchObject({ origins: [], usesNaive: true, method: 'seasonalNaive' });
    expect(backTest.accuracy.note).toMatch(/too short/);
  });
});
