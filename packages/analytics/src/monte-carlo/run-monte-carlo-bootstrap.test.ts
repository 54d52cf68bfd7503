import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBusinessDayAccount } from '../../test/make-history';
import { nextBusinessDayOnOrAfter } from '../calendar/business-calendar';
import { toDayNumber } from '../core/iso-date';
import { createSeededRandom } from '../core/seeded-random';
import type { MonteCarloResult } from './assemble-monte-carlo-result';
import type { MonteCarloInput } from './prepare-monte-carlo';
import { runMonteCarlo } from './run-monte-carlo';

const baseInput = { endDate: '2024-06-28', today: '2024-07-01', seed: 42, paths: 10_000 };

function expectOk(result: ReturnType<typeof runMonteCarlo>): MonteCarloResult {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const yearsOf = (row: MonteCarloResult['monteResult']['rawOutput']) => Object.values(row);

/**
 * A public entity's year: payroll of 2.1M on the business day on or after the 1st and the 15th of
 * every month, 25.2M of property tax on the first business day of December and of May (50.4M out and
 * 50.4M in every 12 months), and day-to-day noise of up to ±200k that cancels in pairs of days.
 */
function makeSeasonalAccount(from: string) {
  const paydays = new Set<number>();
  const taxDays = new Set<number>();
  for (let year = 2015; year <= 2024; year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      paydays.add(nextBusinessDayOnOrAfter(toDayNumber(year, month, 1)));
      paydays.add(nextBusinessDayOnOrAfter(toDayNumber(year, month, 15)));
      if (month === 12 || month === 5) taxDays.add(nextBusinessDayOnOrAfter(toDayNumber(year, month, 1)));
    }
  }
  const random = createSeededRandom(5);
  let noise = 0;
  return makeBusinessDayAccount({
    from,
    to: '2024-06-28',
    endBalance: 30_000_000,
    amountOn: (day, index) => {
      noise = index % 2 === 0 ? Math.round((random.nextUnit() - 0.5) * 400_000) : -noise;
      return (paydays.has(day) ? -2_100_000 : 0) + (taxDays.has(day) ? 25_200_000 : 0) + noise;
    },
  });
}

/** Independent standard normal draws (Box-Muller) from the package's seeded generator. */
function drawGaussians(count: number, seed: number): number[] {
  const random = createSeededRandom(seed);
  const values: number[] = [];
  while (values.length < count) {
    const radius = Math.sqrt(-2 * Math.log(1 - random.nextUnit()));
    const angle = 2 * Math.PI * random.nextUnit();
    values.push(radius * Math.cos(angle), radius * Math.sin(angle));
  }
  return values;
}

describe('runMonteCarlo bootstrap methods', () => {
  it('keeps R(1y)..R(5y) well above zero on a seasonal, budget-balanced series where the stationary one collapses', () => {
    const input: MonteCarloInput = {
      ...baseInput,
      accounts: [makeSeasonalAccount('2021-06-01')],
      numberOfYears: 3,
    };
    const seasonal = expectOk(runMonteCarlo({ ...input, bootstrap: 'seasonal' }));
    const stationary = expectOk(runMonteCarlo({ ...input, bootstrap: 'stationary' }));
    const seasonalMean = expectOk(runMonteCarlo(input));
    expect(seasonal.bootstrap).toBe('seasonal');
    expect(seasonalMean.bootstrap).toBe('seasonal-mean');
    expect(seasonal.historyYears).toBe(3);
    // The seasonal mean keeps the tax months in their place too: its R stays well above 0 (lower than
    // the calendar-month replay, which has only 3 versions of each month to rank).
    for (const amount of yearsOf(seasonalMean.monteResult.rawOutput)) {
      expect(amount).toBeGreaterThan(0.3 * seasonal.minimumBalance);
    }
    // The balance of the history never fell below about 8.8M from today's 30M: the cycle repeats.
    expect(seasonal.minimumBalance).toBeGreaterThan(8_000_000);
    for (const amount of yearsOf(seasonal.monteResult.rawOutput)) {
      expect(amount).toBeGreaterThan(0.75 * seasonal.minimumBalance);
    }
    // Drawn across the calendar, a month of payroll without its tax month walks the balance to 0.
    expect(stationary.bootstrap).toBe('stationary');
    yearsOf(stationary.monteResult.rawOutput).forEach((amount, index) => {
      expect(amount).toBeLessThan(0.1 * (yearsOf(seasonal.monteResult.rawOutput)[index] as number));
    });
    expect(stationary.monteResult.rawOutput.year5).toBe(0);
  }, 60_000);

  it('agrees with the stationary bootstrap and the Gaussian walk on i.i.d. flows (20 years of history)', () => {
    const sigma = 10_000;
    const from = '2004-06-01';
    const count = makeBusinessDayAccount({ from, to: '2024-06-28', endBalance: 0, amountOn: () => 1 })
      .transactions.length;
    const draws = drawGaussians(count, 1);
    const mean = draws.reduce((sum, value) => sum + value, 0) / count;
    const deviation = Math.sqrt(draws.reduce((sum, value) => sum + (value - mean) ** 2, 0) / count);
    const account = makeBusinessDayAccount({
      from,
      to: '2024-06-28',
      endBalance: 10_000_000,
      amountOn: (_day, index) => (((draws[index] as number) - mean) / deviation) * sigma,
    });
    const input: MonteCarloInput = { ...baseInput, accounts: [account], numberOfYears: 20, cushion: 0 };
    const seasonal = expectOk(runMonteCarlo({ ...input, bootstrap: 'seasonal' }));
    const stationary = expectOk(runMonteCarlo({ ...input, bootstrap: 'stationary' }));
    const seasonalMean = expectOk(runMonteCarlo(input));
    expect(seasonal.bootstrap).toBe('seasonal');
    expect(seasonalMean.bootstrap).toBe('seasonal-mean');
    // i.i.d. flows: the chosen block is short (Politis-White gives about 1 when nothing is correlated).
    expect(seasonalMean.meanBlockLength).toBeLessThan(3);
    // Reflection principle with the discrete-walk correction (Siegmund): 5% of paths fall below
    // -sigma (1.96 sqrt(h) - 0.583) within h days. The seasonal bootstrap replays the 20 years' average
    // calendar pattern, which for i.i.d. flows is noise of about 1/sqrt(20) of the walk: hence 12%.
    [1, 2, 3, 4, 5].forEach((year, index) => {
      const expected = sigma * (1.959964 * Math.sqrt(252 * year) - 0.5826);
      const seasonalDrawdown = 10_000_000 - (yearsOf(seasonal.monteResult.rawOutput)[index] as number);
      const stationaryDrawdown = 10_000_000 - (yearsOf(stationary.monteResult.rawOutput)[index] as number);
      expect(Math.abs(seasonalDrawdown / stationaryDrawdown - 1)).toBeLessThan(0.12);
      expect(Math.abs(seasonalDrawdown / expected - 1)).toBeLessThan(0.12);
      expect(Math.abs(stationaryDrawdown / expected - 1)).toBeLessThan(0.12);
      const meanDrawdown = 10_000_000 - (yearsOf(seasonalMean.monteResult.rawOutput)[index] as number);
      expect(Math.abs(meanDrawdown / expected - 1)).toBeLessThan(0.12);
    });
  }, 120_000);

  it('runs the seasonal mean on a 1-year history, with no leave-one-year-out range', () => {
    const account = makeSeasonalAccount('2023-01-02');
    const input: MonteCarloInput = { ...baseInput, accounts: [account], numberOfYears: 2, paths: 500 };
    const auto = expectOk(runMonteCarlo(input));
    expect(auto).toMatchObject({ bootstrap: 'seasonal-mean', historyYears: 1, levelRanges: null });
    expect(auto.leaveOneYearOut).toEqual([]);
    expect(auto).toEqual(expectOk(runMonteCarlo({ ...input, bootstrap: 'seasonal-mean' })));
    // A one-year window is one year, however long the data.
    const oneYear = expectOk(
      runMonteCarlo({ ...input, accounts: [makeSeasonalAccount('2021-06-01')], numberOfYears: 1 }),
    );
    expect(oneYear).toMatchObject({ bootstrap: 'seasonal-mean', historyYears: 1 });
  });

  it('refuses a seasonal bootstrap asked for without 2 full years, and an unknown method', () => {
    const input: MonteCarloInput = {
      ...baseInput,
      accounts: [makeSeasonalAccount('2023-01-02')],
      numberOfYears: 2,
    };
    expect(runMonteCarlo({ ...input, bootstrap: 'seasonal' })).toMatchObject({
      ok: false,
      error: { code: 'HISTORY_TOO_SHORT', field: 'accounts' },
    });
    expect(
      runMonteCarlo({
        ...input,
        accounts: [makeSeasonalAccount('2021-06-01')],
        numberOfYears: 1,
        bootstrap: 'seasonal',
      }),
    ).toMatchObject({ ok: false, error: { code: 'HISTORY_TOO_SHORT', field: 'numberOfYears' } });
    expect(runMonteCarlo({ ...input, bootstrap: 'weekly' as 'seasonal' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', field: 'bootstrap' },
    });
  });

  it('records the method, its block and the history years in the result', () => {
    const input: MonteCarloInput = {
      ...baseInput,
      accounts: [makeSeasonalAccount('2021-06-01')],
      numberOfYears: 3,
      paths: 500,
    };
    const seasonal = expectOk(runMonteCarlo({ ...input, bootstrap: 'seasonal' }));
    expect(seasonal).toMatchObject({ bootstrap: 'seasonal', historyYears: 3, meanBlockLength: 21 });
    expect(seasonal.bootstrapBlock).toBe(
      'one calendar month at a time, each taken from one of the last 3 years of history at random, in calendar order',
    );
    const seasonalMean = expectOk(runMonteCarlo(input));
    expect(seasonalMean).toMatchObject({ bootstrap: 'seasonal-mean', blockLengthSource: 'automatic' });
    expect(seasonalMean.bootstrapBlock).toContain('a length chosen from the data');
    expect(expectOk(runMonteCarlo({ ...input, bootstrap: 'auto' }))).toEqual(seasonalMean);
    const stated = expectOk(runMonteCarlo({ ...input, meanBlockLength: 12 }));
    expect(stated).toMatchObject({ meanBlockLength: 12, blockLengthSource: 'stated' });
    const stationary = expectOk(runMonteCarlo({ ...input, bootstrap: 'stationary', meanBlockLength: 10 }));
    expect(stationary).toMatchObject({ bootstrap: 'stationary', historyYears: 3, meanBlockLength: 10 });
    expect(stationary.bootstrapBlock).toBe(
      'runs of consecutive history days from random starting days, 10 business days long on average',
    );
  });

  it('keeps the invariants with either seasonal method: R(h) never increases, the levels add up, same seed same result', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 5, maxLength: 40 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (pattern, seed, endBalance) => {
          const account = makeBusinessDayAccount({
            from: '2021-12-01',
            to: '2024-06-28',
            endBalance,
            amountOn: (_day, index) => pattern[index % pattern.length] ?? 0,
          });
          const bootstrap = seed % 2 === 0 ? ('seasonal' as const) : ('seasonal-mean' as const);
          const input = { ...baseInput, accounts: [account], numberOfYears: 3, seed, paths: 200, bootstrap };
          const first = runMonteCarlo(input);
          if (!first.ok) return first.error.code === 'EMPTY_HISTORY';
          expect(runMonteCarlo(input)).toEqual(first);
          expect(first.value).toMatchObject({ bootstrap, historyYears: 2 });
          const amounts = first.value.durationCapability.map((row) => row.amount);
          const chart = first.value.chart.map((point) => point.durationCapability);
          for (const series of [amounts, chart, yearsOf(first.value.monteResult.rawOutput)]) {
            for (let index = 1; index < series.length; index += 1) {
              expect(series[index]).toBeLessThanOrEqual(series[index - 1] as number);
            }
          }
          const levels = first.value.liquidityLevels;
          const total =
            levels.levelOne + levels.levelTwo + levels.levelThree + levels.levelFour + levels.levelFive;
          expect(Math.round((total + levels.cushion) * 100)).toBe(Math.round(first.value.startBalance * 100));
          return true;
        },
      ),
      { numRuns: 20 },
    );
  });
});
