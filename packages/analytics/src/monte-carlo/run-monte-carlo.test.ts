import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBusinessDayAccount } from '../../test/make-history';
import { computeLiquidityLevels } from './compute-liquidity-levels';
import { runMonteCarlo } from './run-monte-carlo';

const baseInput = { endDate: '2024-06-28', numberOfYears: 2, today: '2024-07-01', seed: 42, paths: 500 };

describe('runMonteCarlo known answers', () => {
  it('keeps R(h) = B0 for a constant inflow', () => {
    const account = makeBusinessDayAccount({
      from: '2022-06-01',
      to: '2024-06-28',
      endBalance: 250_000,
      amountOn: () => 100,
    });
    const result = runMonteCarlo({ ...baseInput, accounts: [account] });
    if (!result.ok) throw new Error(result.error.message);
    const { rawOutput } = result.value.monteResult;
    expect(Object.values(rawOutput)).toEqual([250_000, 250_000, 250_000, 250_000, 250_000]);
    expect(result.value.durationCapability.every((row) => row.amount === 250_000)).toBe(true);
    // No 30-day window lost money, so the default cushion is 0 and everything beyond 30 months is long-term.
    expect(result.value.liquidityLevels).toMatchObject({ cushion: 0, levelOne: 0, levelFive: 250_000 });
  });

  it('carries no drift of a constant outflow unless it is stated', () => {
    const account = makeBusinessDayAccount({
      from: '2022-06-01',
      to: '2024-06-28',
      endBalance: 1_000_000,
      amountOn: () => -100,
    });
    const result = runMonteCarlo({ ...baseInput, accounts: [account], cushion: 0 });
    if (!result.ok) throw new Error(result.error.message);
    // The outflow is the history's drift: without a stated growth the future mean adds up to 0.
    expect(result.value.monteResult.rawOutput).toEqual({
      year1: 1_000_000,
      year2: 1_000_000,
      year3: 1_000_000,
      year4: 1_000_000,
      year5: 1_000_000,
    });
    expect(result.value.annualDrift).toBe(0);
    // The legacy stationary bootstrap of raw flows carries it.
    const raw = runMonteCarlo({ ...baseInput, accounts: [account], cushion: 0, bootstrap: 'stationary' });
    if (!raw.ok) throw new Error(raw.error.message);
    expect(raw.value.monteResult.rawOutput.year1).toBe(1_000_000 - 100 * 252);
  });

  it('gives R(h) = B0 - x times the business days in h for a stated constant decline', () => {
    const x = 100;
    const account = makeBusinessDayAccount({
      from: '2022-06-01',
      to: '2024-06-28',
      endBalance: 1_000_000,
      amountOn: () => -x,
    });
    // The analyst states the decline: x a business day is 252 x a year, 2.52% of B0.
    const annualGrowthRate = (-x * 252) / 1_000_000;
    const result = runMonteCarlo({ ...baseInput, accounts: [account], cushion: 0, annualGrowthRate });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.monteResult.rawOutput).toEqual({
      year1: 1_000_000 - x * 252,
      year2: 1_000_000 - x * 504,
      year3: 1_000_000 - x * 756,
      year4: 1_000_000 - x * 1008,
      year5: 1_000_000 - x * 1260,
    });
    const levels = result.value.liquidityLevels;
    expect(levels.levelOne).toBe(x * 21);
    expect(levels.levelTwo).toBe(x * (150 - 21));
    expect(levels.levelThree).toBe(x * (252 - 150));
    expect(levels.levelFour).toBe(x * (630 - 252));
    expect(levels.levelFive).toBe(1_000_000 - x * 630);
    // From Min Bal starts at the window minimum, which is B0 itself for a falling balance.
    expect(result.value.monteResult.fromMinBal).toEqual(result.value.monteResult.rawOutput);
  });

  it('floors R(h) at 0 and starts From Min Bal at the history minimum', () => {
    // Balance falls by 100 a day for a year then rises back by 100 a day: the minimum is a year ago.
    const account = makeBusinessDayAccount({
      from: '2022-06-01',
      to: '2024-06-28',
      endBalance: 60_000,
      amountOn: (_day, index) => (index < 260 ? -100 : 100),
    });
    // The stationary bootstrap mixes the falling and the rising year day by day, so From Min Bal
    // reaches 0 by year 5. The seasonal one (the default for two years) takes each month whole from
    // one of the two years; it keeps the same invariants, checked below, but stays above 0.
    const result = runMonteCarlo({ ...baseInput, accounts: [account], bootstrap: 'stationary' });
    if (!result.ok) throw new Error(result.error.message);
    const seasonal = runMonteCarlo({ ...baseInput, accounts: [account] });
    if (!seasonal.ok) throw new Error(seasonal.error.message);
    for (const { minimumBalance, startBalance, monteResult } of [result.value, seasonal.value]) {
      const { rawOutput, fromMinBal } = monteResult;
      expect(minimumBalance).toBeLessThan(startBalance);
      for (const year of ['year1', 'year2', 'year3', 'year4', 'year5'] as const) {
        expect(rawOutput[year]).toBeGreaterThanOrEqual(0);
        expect(fromMinBal[year]).toBeLessThanOrEqual(rawOutput[year]);
      }
    }
    expect(result.value.monteResult.fromMinBal.year5).toBe(0);
  });

  it('builds the rate table from the levels and the curve', () => {
    const account = makeBusinessDayAccount({
      from: '2022-06-01',
      to: '2024-06-28',
      endBalance: 1_000_000,
      amountOn: () => -100,
    });
    const rateCurve = {
      effectiveFedFunds: 0.053,
      treasuryBill90Day: 0.052,
      treasury1Year: 0.05,
      treasury2Year: 0.047,
      corporate2Year: 0.055,
    };
    const result = runMonteCarlo({
      ...baseInput,
      accounts: [account],
      cushion: 0,
      rateCurve,
      annualGrowthRate: -0.0252,
    });
    if (!result.ok) throw new Error(result.error.message);
    const rows = result.value.rateTable ?? [];
    expect(rows.map((row) => row.indicativeRate)).toEqual([0.053, 0.052, 0.05, 0.047, 0.055]);
    expect(rows[0]).toMatchObject({ amount: 2100, duration: '0 to 30 days', benchmarkInterest: 111.3 });
    expect(rows[4]?.benchmarkInterest).toBe(Math.round((1_000_000 - 63_000) * 0.055 * 100) / 100);
  });
});

describe('runMonteCarlo properties', () => {
  const flowsArbitrary = fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 5, maxLength: 40 });

  it('R(h) never increases with h and the same seed gives the same result to the last digit', () => {
    fc.assert(
      fc.property(
        flowsArbitrary,
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (pattern, seed, endBalance) => {
          const account = makeBusinessDayAccount({
            from: '2023-01-02',
            to: '2024-06-28',
            endBalance,
            amountOn: (_day, index) => pattern[index % pattern.length] ?? 0,
          });
          const input = { ...baseInput, accounts: [account], seed, paths: 200 };
          const first = runMonteCarlo(input);
          const second = runMonteCarlo(input);
          if (!first.ok) return first.error.code === 'EMPTY_HISTORY';
          expect(second).toEqual(first);
          const amounts = first.value.durationCapability.map((row) => row.amount);
          const chart = first.value.chart.map((point) => point.durationCapability);
          for (const series of [amounts, chart, Object.values(first.value.monteResult.rawOutput)]) {
            for (let index = 1; index < series.length; index += 1) {
              expect(series[index]).toBeLessThanOrEqual(series[index - 1] as number);
            }
          }
          const levels = first.value.liquidityLevels;
          const total =
            levels.levelOne +
            levels.levelTwo +
            levels.levelThree +
            levels.levelFour +
            levels.levelFive +
            levels.cushion;
          expect(Math.round(total * 100)).toBe(Math.round(first.value.startBalance * 100));
          return true;
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the levels plus the cushion always add up to B0, and no level is negative', () => {
    const amount = fc.double({ min: 0, max: 1e10, noNaN: true });
    fc.assert(
      fc.property(amount, amount, fc.array(amount, { minLength: 4, maxLength: 4 }), (b0, cushion, rs) => {
        const [r30Days, r30Weeks, r1Year, r30Months] = rs as [number, number, number, number];
        const levels = computeLiquidityLevels(b0, cushion, { r30Days, r30Weeks, r1Year, r30Months });
        const parts = [
          levels.levelOne,
          levels.levelTwo,
          levels.levelThree,
          levels.levelFour,
          levels.levelFive,
        ];
        for (const part of parts) expect(part).toBeGreaterThanOrEqual(0);
        const total = parts.reduce((sum, part) => sum + part, levels.cushion);
        expect(Math.round(total * 100)).toBe(Math.round(b0 * 100));
      }),
    );
  });

  it('changes with the seed', () => {
    const account = makeBusinessDayAccount({
      from: '2023-01-02',
      to: '2024-06-28',
      endBalance: 500_000,
      amountOn: (_day, index) => ((index * 7919) % 13) * 1000 - 6000,
    });
    const a = runMonteCarlo({ ...baseInput, accounts: [account], seed: 1 });
    const b = runMonteCarlo({ ...baseInput, accounts: [account], seed: 2 });
    if (!a.ok || !b.ok) throw new Error('run failed');
    expect(a.value.seed).toBe(1);
    expect(a.value.chart).not.toEqual(b.value.chart);
  });
});

describe('runMonteCarlo bad input', () => {
  const account = makeBusinessDayAccount({
    from: '2022-06-01',
    to: '2024-06-28',
    endBalance: 1000,
    amountOn: () => 1,
  });

  it.each([
    [{ accounts: [] }, 'NO_ACCOUNTS'],
    [{ accounts: [account], endDate: '2024-07-02' }, 'END_DATE_AFTER_TODAY'],
    [{ accounts: [account], numberOfYears: 0 }, 'INVALID_ARGUMENT'],
    [{ accounts: [account], seed: -1 }, 'INVALID_ARGUMENT'],
    [{ accounts: [account], endDate: '2022-05-01', today: '2024-07-01' }, 'EMPTY_HISTORY'],
    [{ accounts: [{ ...account, anchorBalance: Number.POSITIVE_INFINITY }] }, 'NON_FINITE_AMOUNT'],
    [{ accounts: [{ ...account, anchorBalance: -5_000_000 }] }, 'NEGATIVE_BALANCE'],
  ] as const)('rejects %o with %s', (override, code) => {
    const result = runMonteCarlo({ ...baseInput, ...override });
    expect(result).toMatchObject({ ok: false, error: { code } });
  });

  it('needs at least a year of history', () => {
    const short = makeBusinessDayAccount({
      from: '2024-01-02',
      to: '2024-06-28',
      endBalance: 1000,
      amountOn: () => 1,
    });
    expect(runMonteCarlo({ ...baseInput, accounts: [short] })).toMatchObject({
      ok: false,
      error: { code: 'HISTORY_TOO_SHORT' },
    });
  });
});
