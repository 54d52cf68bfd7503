import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBusinessDayAccount } from '../../test/make-history';
import { computeLiquidityLevels } from './compute-liquidity-levels';
import { runMonteCarlo } from './run-monte-carlo';
import {
  LIQUIDITY_LEVEL_FIELDS,
  restoreDefaultLiquidityLevels,
  setLiquidityLevels,
  type ComputedLiquidityLevels,
} from './set-liquidity-levels';

// B0 = 1,000,000, C = 50,000, R = 950k, 700k, 500k, 200k: level one is the need B0 - R(30d) = 50k,
// the cushion comes out of R(30d): levels 50k, (950k - 50k) - 700k = 200k, 200k, 300k, 200k.
const computed: ComputedLiquidityLevels = {
  startBalance: 1_000_000,
  liquidityLevels: {
    ...computeLiquidityLevels(1_000_000, 50_000, {
      r30Days: 950_000,
      r30Weeks: 700_000,
      r1Year: 500_000,
      r30Months: 200_000,
    }),
    dateRange: 6,
  },
};
const defaults = {
  levelOne: 50_000,
  levelTwo: 200_000,
  levelThree: 200_000,
  levelFour: 300_000,
  levelFive: 200_000,
  cushion: 50_000,
};
const noneOverridden = {
  levelOne: false,
  levelTwo: false,
  levelThree: false,
  levelFour: false,
  levelFive: false,
  cushion: false,
};

describe('restoreDefaultLiquidityLevels', () => {
  it('returns the computed levels with nothing overridden', () => {
    expect(restoreDefaultLiquidityLevels(computed)).toEqual({
      ok: true,
      value: {
        ...defaults,
        startBalance: 1_000_000,
        dateRange: 6,
        shortTermDollars: 250_000,
        strategicLiquidity: 900_000,
        overridden: noneOverridden,
        isOverridden: false,
        defaults,
      },
    });
  });

  it('takes a whole Monte Carlo result as it is', () => {
    const account = makeBusinessDayAccount({
      from: '2022-06-01',
      to: '2024-06-28',
      endBalance: 1_000_000,
      amountOn: () => -100,
    });
    const run = runMonteCarlo({
      accounts: [account],
      endDate: '2024-06-28',
      numberOfYears: 2,
      today: '2024-07-01',
      seed: 42,
      paths: 200,
      cushion: 0,
      // The decline is stated (the model carries no history drift otherwise).
      annualGrowthRate: -0.0252,
    });
    if (!run.ok) throw new Error(run.error.message);
    const restored = restoreDefaultLiquidityLevels(run.value);
    if (!restored.ok) throw new Error(restored.error.message);
    // Constant outflow of 100 a business day: levelOne = 21 days of it, levelFive = B0 - 630 days of it.
    expect(restored.value).toMatchObject({
      levelOne: 2_100,
      levelFive: 937_000,
      cushion: 0,
      isOverridden: false,
    });
  });

  it('refuses a stored result whose levels do not add up to its balance', () => {
    const broken = { ...computed, startBalance: 999_999.99 };
    expect(restoreDefaultLiquidityLevels(broken)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', field: 'liquidityLevels' },
    });
  });
});

describe('setLiquidityLevels', () => {
  it('moves money between levels and flags what changed', () => {
    // The analyst keeps 10,000.50 more as cushion, taken from operating cash.
    const result = setLiquidityLevels(computed, { levelOne: 39_999.5, cushion: 60_000.5 });
    expect(result).toEqual({
      ok: true,
      value: {
        ...defaults,
        levelOne: 39_999.5,
        cushion: 60_000.5,
        startBalance: 1_000_000,
        dateRange: 6,
        shortTermDollars: 239_999.5,
        strategicLiquidity: 900_000,
        overridden: { ...noneOverridden, levelOne: true, cushion: true },
        isOverridden: true,
        defaults,
      },
    });
  });

  it('treats the computed amounts sent back (to the cent) as not overridden', () => {
    const result = setLiquidityLevels(computed, {
      ...defaults,
      levelTwo: 200_000.004,
      shortTermDollars: 250_000,
    });
    expect(result).toMatchObject({ ok: true, value: { overridden: noneOverridden, isOverridden: false } });
  });

  it('says by how much the levels miss the balance', () => {
    expect(setLiquidityLevels(computed, { levelTwo: 201_000 })).toEqual({
      ok: false,
      error: {
        code: 'LEVELS_DO_NOT_ADD_UP',
        message:
          'The five levels and the cushion must add up to the balance on the end date, $1,000,000.00; ' +
          'they add up to $1,001,000.00, $1,000.00 too much.',
      },
    });
    expect(setLiquidityLevels(computed, { levelFive: 199_999.99 })).toMatchObject({
      ok: false,
      error: {
        code: 'LEVELS_DO_NOT_ADD_UP',
        message: expect.stringContaining('$0.01 too little.') as unknown,
      },
    });
  });

  it.each([
    [
      { levelThree: -5 },
      'NEGATIVE_AMOUNT',
      'levelThree',
      'Level three cannot be negative (-$5.00 was entered).',
    ],
    [{ levelFour: Number.NaN }, 'NON_FINITE_AMOUNT', 'levelFour', 'Level four must be a number.'],
    [{ cushion: Number.POSITIVE_INFINITY }, 'NON_FINITE_AMOUNT', 'cushion', 'The cushion must be a number.'],
    [
      { shortTermDollars: 250_000.01 },
      'INVALID_ARGUMENT',
      'shortTermDollars',
      'Short-term dollars are level one plus level two, $250,000.00; $250,000.01 was entered.',
    ],
  ] as const)('rejects %o with %s', (override, code, field, message) => {
    expect(setLiquidityLevels(computed, override)).toEqual({ ok: false, error: { code, field, message } });
  });

  it('accepts a minus sign on an amount that rounds to $0.00', () => {
    const result = setLiquidityLevels(computed, { levelOne: -0.001, cushion: 100_000 });
    expect(result).toMatchObject({
      ok: true,
      value: { levelOne: 0, cushion: 100_000, overridden: { levelOne: true, cushion: true } },
    });
  });

  it('accepts any move between levels that keeps the total, and keeps the total to the cent', () => {
    const field = fc.constantFrom(...LIQUIDITY_LEVEL_FIELDS);
    fc.assert(
      fc.property(field, field, fc.integer({ min: 0, max: 5_000_000 }), (from, to, cents) => {
        const moved = Math.min(cents, defaults[from] * 100) / 100;
        const override = { [from]: defaults[from] - moved };
        override[to] = (override[to] ?? defaults[to]) + moved;
        const result = setLiquidityLevels(computed, override);
        if (!result.ok) throw new Error(result.error.message);
        const total = LIQUIDITY_LEVEL_FIELDS.reduce(
          (sum, key) => sum + Math.round(result.value[key] * 100),
          0,
        );
        expect(total).toBe(100_000_000);
        expect(result.value.isOverridden).toBe(from !== to && moved > 0);
        expect(Math.round(result.value.shortTermDollars * 100)).toBe(
          Math.round(result.value.levelOne * 100) + Math.round(result.value.levelTwo * 100),
        );
      }),
    );
  });
});
