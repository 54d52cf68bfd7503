import { describe, expect, it } from 'vitest';
import { makeBusinessDayAccount } from '../../test/make-history';
import { nextBusinessDayOnOrAfter } from '../calendar/business-calendar';
import { toDayNumber } from '../core/iso-date';
import { createSeededRandom } from '../core/seeded-random';
import type { MonteCarloResult } from './assemble-monte-carlo-result';
import { computeWorstThirtyDayOutflow, deriveDefaultCushion } from './compute-cushion';
import { computeLiquidityLevels } from './compute-liquidity-levels';
import { MINIMUM_CHECKPOINTS } from './horizons';
import type { MonteCarloInput } from './prepare-monte-carlo';
import { runMonteCarlo } from './run-monte-carlo';
import { averageLowest } from './select-quantile';
import { LEVEL_HORIZONS, measureCoherentShare } from './summarise-paths';

const baseInput = { endDate: '2024-06-28', today: '2024-07-01', seed: 42, paths: 10_000 };

function expectOk(result: ReturnType<typeof runMonteCarlo>): MonteCarloResult {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Payroll of 2.1M on the 1st and 15th, 25.2M of tax in December and May, i.i.d. noise of ±200k, plus `growth` a day. */
function makeClient(growth = 0) {
  const paydays = new Set<number>();
  const taxDays = new Set<number>();
  for (let year = 2020; year <= 2024; year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      paydays.add(nextBusinessDayOnOrAfter(toDayNumber(year, month, 1)));
      paydays.add(nextBusinessDayOnOrAfter(toDayNumber(year, month, 15)));
      if (month === 12 || month === 5) taxDays.add(nextBusinessDayOnOrAfter(toDayNumber(year, month, 1)));
    }
  }
  const random = createSeededRandom(5);
  return makeBusinessDayAccount({
    from: '2021-06-01',
    to: '2024-06-28',
    endBalance: 30_000_000,
    amountOn: (day) =>
      (paydays.has(day) ? -2_100_000 : 0) +
      (taxDays.has(day) ? 25_200_000 : 0) +
      Math.round((random.nextUnit() - 0.5) * 400_000) +
      growth,
  });
}

describe('Monte Carlo stability (issue 41)', () => {
  it('keeps level five for 1, 2 and 3 history years within the leave-one-year-out range of 3 years', () => {
    const account = makeClient();
    const runs = [1, 2, 3].map((numberOfYears) =>
      expectOk(runMonteCarlo({ ...baseInput, accounts: [account], numberOfYears })),
    );
    const three = runs[2] as MonteCarloResult;
    const range = three.levelRanges?.levelFive;
    if (!range) throw new Error('no range');
    const width = range.high - range.low;
    expect(width).toBeGreaterThan(0);
    for (const run of runs) {
      expect(Math.abs(run.liquidityLevels.levelFive - three.liquidityLevels.levelFive)).toBeLessThanOrEqual(
        width,
      );
    }
  }, 120_000);

  it('reports the leave-one-year-out runs and their range per level', () => {
    const result = expectOk(
      runMonteCarlo({ ...baseInput, accounts: [makeClient()], numberOfYears: 3, paths: 1_000 }),
    );
    expect(result.leaveOneYearOut.map((run) => run.leftOutYear)).toEqual([1, 2, 3]);
    for (const field of [
      'levelOne',
      'levelTwo',
      'levelThree',
      'levelFour',
      'levelFive',
      'cushion',
    ] as const) {
      const values = result.leaveOneYearOut.map((run) => run.levels[field]);
      expect(result.levelRanges?.[field]).toEqual({ low: Math.min(...values), high: Math.max(...values) });
    }
    // Each left-out run's levels add up to B0 like the main ones.
    for (const run of result.leaveOneYearOut) {
      const cents = Object.values(run.levels).reduce((sum, value) => sum + Math.round(value * 100), 0);
      expect(cents).toBe(Math.round(result.startBalance * 100));
    }
  });

  it('gives identical leave-one-year-out levels when every history year is the same', () => {
    const account = makeBusinessDayAccount({
      from: '2021-06-01',
      to: '2024-06-28',
      endBalance: 1_000_000,
      amountOn: () => 100,
    });
    const result = expectOk(
      runMonteCarlo({ ...baseInput, accounts: [account], numberOfYears: 3, paths: 500 }),
    );
    for (const run of result.leaveOneYearOut) {
      expect(run.levels.levelFive).toBe(result.liquidityLevels.levelFive);
    }
    expect(result.levelRanges?.levelFive).toEqual({ low: 1_000_000, high: 1_000_000 });
  });

  it('carries the drift of growing years forward only when a growth rate is stated', () => {
    // Each history year adds 252 x 40,000 = 10.08M on top of the seasonal cycle.
    const account = makeClient(40_000);
    const input: MonteCarloInput = { ...baseInput, accounts: [account], numberOfYears: 3, paths: 2_000 };
    const flat = expectOk(runMonteCarlo(input));
    const stated = expectOk(runMonteCarlo({ ...input, annualGrowthRate: 0.1 }));
    const steady = expectOk(runMonteCarlo({ ...input, accounts: [makeClient()] }));
    // Without a stated rate, the growth is not carried: the same levels as a client without it.
    expect(flat.monteResult.rawOutput).toEqual(steady.monteResult.rawOutput);
    // The median balance 5 years (60 months) ahead stays near B0 ...
    expect(Math.abs((flat.chart[60]?.medianBalance ?? 0) - 30_000_000)).toBeLessThan(1_000_000);
    // ... and with 10% of B0 a year stated, it is 5 x 3M higher.
    expect(stated.annualDrift).toBe(3_000_000);
    expect(
      Math.abs((stated.chart[60]?.medianBalance ?? 0) - (flat.chart[60]?.medianBalance ?? 0) - 15_000_000),
    ).toBeLessThan(400_000);
  }, 60_000);

  it('makes level one the operating need and counts nothing twice', () => {
    // Constant outflow of 100 a business day, stated: the 30-day need is 2,100, the worst 30 days of the
    // history lost 2,100 too. Level one is that need; the cushion adds nothing (old model: level one 0).
    const account = makeBusinessDayAccount({
      from: '2022-06-01',
      to: '2024-06-28',
      endBalance: 1_000_000,
      amountOn: () => -100,
    });
    const result = expectOk(
      runMonteCarlo({
        ...baseInput,
        accounts: [account],
        numberOfYears: 2,
        paths: 200,
        annualGrowthRate: -0.0252,
      }),
    );
    expect(result.liquidityLevels).toMatchObject({ levelOne: 2_100, cushion: 0 });
    expect(result.cushionBasis).toEqual({
      operatingNeed: 2_100,
      worstThirtyDayOutflow: 2_100,
      isStated: false,
    });
    expect(result.liquidityLevels.levelOne).toBe(
      result.startBalance - (result.durationCapability[0]?.amount ?? 0),
    );
    // A worst drop larger than the need: the cushion is only the difference, level one stays the need.
    expect(deriveDefaultCushion(5_000, 1_000_000, 1_000_000 - 2_100)).toBe(2_900);
    const levels = computeLiquidityLevels(1_000_000, 2_900, {
      r30Days: 997_900,
      r30Weeks: 985_000,
      r1Year: 974_800,
      r30Months: 937_000,
    });
    expect(levels).toMatchObject({ levelOne: 2_100, cushion: 2_900, levelTwo: 997_900 - 2_900 - 985_000 });
    expect(levels.levelOne + levels.cushion).toBe(5_000);
    expect(computeWorstThirtyDayOutflow(new Float64Array(30).fill(-100))).toBe(2_100);
  });

  it('measures the share of coherent paths and the expected shortfall', () => {
    // Values 1..100: the mean of the lowest 5% is (1 + ... + 5) / 5 = 3; of the lowest 10%, 5.5.
    const values = Float64Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(averageLowest(values, 100, 0.05)).toBe(3);
    expect(averageLowest(values, 100, 0.1)).toBe(5.5);
    // Standard uniform on a fine grid: the worst 5% average 0.025.
    const grid = Float64Array.from({ length: 100_000 }, (_, index) => (index + 0.5) / 100_000);
    expect(averageLowest(grid, 100_000, 0.05)).toBeCloseTo(0.025, 9);
    // Four paths: path 0 holds everywhere, path 1 dips below R(30 weeks), path 2 below R(30 months), path 3 holds.
    const checkpoints = MINIMUM_CHECKPOINTS.length;
    const minimums = new Float64Array(4 * checkpoints).fill(10);
    const quantiles = new Float64Array(checkpoints).fill(5);
    const at = (horizon: number) => MINIMUM_CHECKPOINTS.indexOf(horizon);
    minimums[checkpoints + at(LEVEL_HORIZONS[1] as number)] = 4;
    minimums[2 * checkpoints + at(LEVEL_HORIZONS[3] as number)] = 4.99;
    const share = measureCoherentShare(
      { pathCount: 4, minimums, monthEndBalances: new Float64Array(4 * 60) },
      quantiles,
    );
    expect(share).toBe(0.5);
  });

  it('reports the coherent share, the expected shortfall and the chosen block length in the result', () => {
    const result = expectOk(
      runMonteCarlo({ ...baseInput, accounts: [makeClient()], numberOfYears: 2, paths: 2_000 }),
    );
    // Each level alone holds on 95% of the paths; together on fewer, but not on fewer than 80%.
    expect(result.coherentShare).toBeLessThanOrEqual(0.95);
    expect(result.coherentShare).toBeGreaterThan(0.8);
    // The worst 5% average lower than the 5th percentile, at every horizon.
    result.expectedShortfall.forEach((row, index) => {
      expect(row.amount).toBeLessThanOrEqual(result.durationCapability[index]?.amount ?? 0);
    });
    expect(result.blockLengthSource).toBe('automatic');
    expect(result.meanBlockLength).toBeGreaterThanOrEqual(1);
  });
});
