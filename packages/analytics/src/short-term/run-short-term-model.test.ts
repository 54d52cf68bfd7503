import { describe, expect, it } from 'vitest';
import { makeBusinessDayAccount, toDay } from '../../test/make-history';
import { isBusinessDay, listBusinessDays } from '../calendar/business-calendar';
import type { AccountHistory } from '../core/account-history';
import { findPositionInMonth } from './build-seasonal-profile';
import { formatIsoDate, fromDayNumber, weekdayOf } from '../core/iso-date';
import { runShortTermStep1 } from './run-short-term-step1';
import { runShortTermStep2 } from './run-short-term-step2';

/**
 * A calendar that repeats exactly (changed for issue 41: the model is now additive calendar effects of
 * receipts and disbursements, so the known answer is a weekday pattern and a business-day-of-month
 * pattern of each side, with a month-of-year level on the receipts).
 */
function receiptOn(day: number): number {
  const position = findPositionInMonth(day);
  return (
    10_000 +
    [0, 900, 400, 300, 700, 1200][weekdayOf(day)]! +
    (position === 1 ? 4000 : 0) +
    fromDayNumber(day).month * 40
  );
}
function disbursementOn(day: number): number {
  return (
    -8000 - [0, 300, 200, 100, 600, 1500][weekdayOf(day)]! - (findPositionInMonth(day) === 15 ? 4000 : 0)
  );
}
const seasonalFlow = (day: number) => receiptOn(day) + disbursementOn(day);

const history: AccountHistory = {
  accountId: 'acct-1',
  anchorBalance: 200_000,
  anchorDate: '2023-06-30',
  transactions: listBusinessDays(toDay('2021-01-04'), toDay('2023-06-30')).flatMap((day) => [
    { date: formatIsoDate(day), amount: receiptOn(day) },
    { date: formatIsoDate(day), amount: disbursementOn(day) },
  ]),
};
const step1Input = {
  accounts: [history],
  startDate: '2021-01-04',
  endDate: '2023-06-30',
  minDate: '2021-01-01',
};

describe('short-term model known answers', () => {
  it('forecasts an exactly repeating season within 1% (step 1 and step 2)', () => {
    const step1 = runShortTermStep1(step1Input);
    if (!step1.ok) throw new Error(step1.error.message);
    expect(step1.value.checks).toMatchObject({ hasEnoughHistory: true, hasNoLongGap: true, isReady: true });
    for (const side of [step1.value.trend.receipts, step1.value.trend.disbursements]) {
      expect(side.isFallback).toBe(false);
      expect(side.ratio).toBeCloseTo(1, 4);
    }
    expect(step1.value.backTest.relativeError).toBeLessThan(0.01);
    expect(step1.value.method).toBe('model');
    const step2 = runShortTermStep2({ model: step1.value, weeks: 24, strategicLiquidity: 150_000 });
    if (!step2.ok) throw new Error(step2.error.message);
    let actual = 200_000;
    let compared = 0;
    for (let day = toDay('2023-07-01'); day <= toDay('2023-12-15'); day += 1) {
      if (!isBusinessDay(day)) continue;
      actual += seasonalFlow(day);
      const row = step2.value.rows.find((item) => item.date === formatIsoDate(day));
      expect(row).toBeDefined();
      expect(Math.abs((row?.forecastBalance ?? 0) - actual)).toBeLessThanOrEqual(0.01 * Math.abs(actual));
      compared += 1;
    }
    expect(compared).toBe(step2.value.rows.length);
    expect(step2.value.weekly).toHaveLength(24);
    expect(step2.value.weekly[0]).toMatchObject({
      week: 1,
      dateRange: '2023-07-01 - 2023-07-07',
      strategicLiquidity: 150_000,
    });
  });

  it('derives each variance from the forecast balances', () => {
    const step1 = runShortTermStep1(step1Input);
    if (!step1.ok) throw new Error(step1.error.message);
    const step2 = runShortTermStep2({ model: step1.value, weeks: 4 });
    if (!step2.ok) throw new Error(step2.error.message);
    const balanceOn = (day: number): number => {
      let found = 200_000;
      for (const row of step2.value.rows) if (toDay(row.date) <= day) found = row.forecastBalance;
      return found;
    };
    step2.value.rows.forEach((row, index) => {
      const day = toDay(row.date);
      const previous = index === 0 ? 200_000 : (step2.value.rows[index - 1]?.forecastBalance ?? 0);
      expect(row.singleVariance).toBeCloseTo(row.forecastBalance - previous, 2);
      expect(row.sevenDayVariance).toBeCloseTo(row.forecastBalance - balanceOn(day - 7), 2);
      expect(row.fourteenDayVariance).toBeCloseTo(row.forecastBalance - balanceOn(day - 14), 2);
      expect(row.monthlyVariance).toBeCloseTo(row.forecastBalance - balanceOn(day - 30), 2);
    });
    // The first week's prior-year actual is the history balance 364 days before 2023-07-07.
    const priorDate = formatIsoDate(toDay('2023-07-07') - 364);
    const expected = step1.value.recentBalances.find((item) => item.date === priorDate)?.balance;
    expect(step2.value.weekly[0]?.priorYearActual).toBe(expected);
  });

  it('adds balance adjustments on their dates', () => {
    const plain = runShortTermStep1(step1Input);
    const adjusted = runShortTermStep1({
      ...step1Input,
      balanceAdjustments: [{ date: '2023-07-15', amount: 10_000 }],
    });
    if (!plain.ok || !adjusted.ok) throw new Error('step 1 failed');
    const a = runShortTermStep2({ model: plain.value, weeks: 4 });
    const b = runShortTermStep2({ model: adjusted.value, weeks: 4 });
    if (!a.ok || !b.ok) throw new Error('step 2 failed');
    b.value.rows.forEach((row, index) => {
      // 2023-07-15 is a Saturday, so the adjustment lands on Monday 2023-07-17.
      const shift = row.date >= '2023-07-17' ? 10_000 : 0;
      expect(row.forecastBalance).toBeCloseTo((a.value.rows[index]?.forecastBalance ?? 0) + shift, 2);
    });
  });
});

describe('short-term model readiness and bad input', () => {
  it('is not ready with a gap over 10 business days, and step 2 refuses it', () => {
    const gappy = makeBusinessDayAccount({
      from: '2021-01-04',
      to: '2023-06-30',
      endBalance: 1000,
      amountOn: (day) => (day >= toDay('2022-03-01') && day < toDay('2022-03-20') ? 0 : 5),
    });
    const step1 = runShortTermStep1({ ...step1Input, accounts: [gappy] });
    if (!step1.ok) throw new Error(step1.error.message);
    expect(step1.value.checks).toMatchObject({
      hasNoLongGap: false,
      isReady: false,
      longestGapStart: '2022-03-01',
    });
    expect(step1.value.checks.longestGapBusinessDays).toBe(14);
    expect(runShortTermStep2({ model: step1.value })).toMatchObject({
      ok: false,
      error: { code: 'MODEL_NOT_READY' },
    });
  });

  it('is not ready when the data starts after the start date', () => {
    const late = makeBusinessDayAccount({
      from: '2022-01-03',
      to: '2023-06-30',
      endBalance: 1000,
      amountOn: () => 5,
    });
    const step1 = runShortTermStep1({ ...step1Input, accounts: [late] });
    if (!step1.ok) throw new Error(step1.error.message);
    expect(step1.value.checks).toMatchObject({ hasEnoughHistory: false, isReady: false });
  });

  it.each([
    [{ endDate: '2022-12-30' }, 'HISTORY_TOO_SHORT'],
    [{ minDate: '2021-02-01' }, 'DATE_OUT_OF_RANGE'],
    [{ accounts: [] }, 'NO_ACCOUNTS'],
    [{ startDate: '2021-13-01' }, 'INVALID_DATE'],
    [
      {
        balanceAdjustments: [
          { date: '2023-07-03', amount: 1 },
          { date: '2023-07-03', amount: 2 },
        ],
      },
      'DUPLICATE_DATE',
    ],
    [{ balanceAdjustments: [{ date: '2023-07-03', amount: Number.NaN }] }, 'NON_FINITE_AMOUNT'],
    [
      { accounts: [{ accountId: 'x', anchorBalance: 0, anchorDate: '2023-06-30', transactions: [] }] },
      'EMPTY_HISTORY',
    ],
  ] as const)('rejects %o with %s', (override, code) => {
    expect(runShortTermStep1({ ...step1Input, ...override })).toMatchObject({ ok: false, error: { code } });
  });

  it('rejects a week count outside 4 to 24', () => {
    const step1 = runShortTermStep1(step1Input);
    if (!step1.ok) throw new Error(step1.error.message);
    expect(runShortTermStep2({ model: step1.value, weeks: 30 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});
