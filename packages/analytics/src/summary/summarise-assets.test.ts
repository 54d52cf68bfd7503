import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateBasisPoints } from '../core/allocate-shares';
import { summariseAssets, type AssetAccount, type AssetInvestment } from './summarise-assets';

const levels = { levelOne: 100, levelTwo: 200.1, levelThree: 300.2, levelFour: 400.3, levelFive: 500 };

function account(
  accountId: string,
  category: string | null,
  balance: number,
  isClosed = false,
): AssetAccount {
  return { accountId, category, balance, isClosed };
}

function investment(investmentId: string, investmentType: string | null, faceValue: number): AssetInvestment {
  return { investmentId, investmentType, faceValue };
}

describe('allocateBasisPoints', () => {
  it.each([
    [
      [100, 100, 100],
      [3334, 3333, 3333],
    ],
    [
      [200, 100],
      [6667, 3333],
    ],
    // Six equal parts: rounding each to 16.67% would give 100.02%.
    [
      [1, 1, 1, 1, 1, 1],
      [1667, 1667, 1667, 1667, 1666, 1666],
    ],
    // The larger remainder gets the missing point, not the earlier amount.
    [
      [1, 2],
      [3333, 6667],
    ],
    [
      [5, 0, -7, 5],
      [5000, 0, 0, 5000],
    ],
    [
      [0, -1],
      [0, 0],
    ],
    [[], []],
  ])('splits %j into %j', (cents, points) => {
    expect(allocateBasisPoints(cents)).toEqual(points);
  });

  it('always adds up to 100.00% and keeps each share within a hundredth of a percent of its quota', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e9, max: 1e13 }), { minLength: 1, maxLength: 30 }),
        (cents) => {
          const points = allocateBasisPoints(cents);
          const positiveTotal = cents.reduce((sum, value) => sum + Math.max(0, value), 0);
          const sum = points.reduce((total, value) => total + value, 0);
          expect(sum).toBe(positiveTotal > 0 ? 10_000 : 0);
          cents.forEach((value, index) => {
            const exact = positiveTotal > 0 ? (Math.max(0, value) * 10_000) / positiveTotal : 0;
            expect(Math.abs((points[index] as number) - exact)).toBeLessThan(1 + 1e-9);
          });
        },
      ),
    );
  });
});

describe('summariseAssets known answers', () => {
  it('totals open accounts by category and investments by type, with shares adding up to 100%', () => {
    const result = summariseAssets({
      accounts: [
        account('a1', 'Operating', 1000.1),
        account('a2', 'Operating', 1999.9),
        account('a3', 'Money Market', 3000),
        account('a4', 'Savings', 750, true),
      ],
      investments: [investment('i1', 'Treasury Bill', 2500), investment('i2', 'Treasury Bill', 500.25)],
      liquidityLevels: levels,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        numberOfAccounts: 3,
        numberOfInvestments: 2,
        cashBalance: 6000,
        amountInvested: 3000.25,
        totalAssets: 9000.25,
        strategicLiquidity: 1400.6,
        series: [
          // 3000 / 9000.25 = 33.3324…%, twice; 3000.25 / 9000.25 = 33.3351…%. Whole points 3333 + 3333 +
          // 3333 = 9999; the missing point goes to the largest remainder (the Treasury Bills' .51).
          { kind: 'account', label: 'Money Market', count: 1, amount: 3000, sharePercent: 33.33 },
          { kind: 'account', label: 'Operating', count: 2, amount: 3000, sharePercent: 33.33 },
          { kind: 'investment', label: 'Treasury Bill', count: 2, amount: 3000.25, sharePercent: 33.34 },
        ],
      },
    });
  });

  it('gives an overdrawn category its (negative) amount but no share', () => {
    const result = summariseAssets({
      accounts: [account('a1', 'Operating', -250), account('a2', ' Sweep ', 600)],
      investments: [investment('i1', null, 400)],
      liquidityLevels: null,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.cashBalance).toBe(350);
    expect(result.value.totalAssets).toBe(750);
    expect(result.value.strategicLiquidity).toBeNull();
    expect(result.value.series).toEqual([
      { kind: 'account', label: 'Sweep', count: 1, amount: 600, sharePercent: 60 },
      { kind: 'account', label: 'Operating', count: 1, amount: -250, sharePercent: 0 },
      { kind: 'investment', label: 'Unspecified type', count: 1, amount: 400, sharePercent: 40 },
    ]);
  });

  it('keeps cents exact where floating-point sums would drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; in integer cents it is 30.
    const result = summariseAssets({
      accounts: [account('a1', null, 0.1), account('a2', '', 0.2)],
      investments: [],
      liquidityLevels: null,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.cashBalance).toBe(0.3);
    expect(result.value.series).toEqual([
      { kind: 'account', label: 'Uncategorised', count: 2, amount: 0.3, sharePercent: 100 },
    ]);
  });

  it('returns zeros and an empty series for a client with nothing', () => {
    expect(summariseAssets({ accounts: [], investments: [], liquidityLevels: null })).toEqual({
      ok: true,
      value: {
        numberOfAccounts: 0,
        numberOfInvestments: 0,
        cashBalance: 0,
        amountInvested: 0,
        totalAssets: 0,
        strategicLiquidity: null,
        series: [],
      },
    });
  });

  it('never returns NaN and its shares add up to 100% for any valid input', () => {
    const amount = fc.double({ min: -1e9, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('Operating', 'Sweep', 'Payroll', null), amount), { maxLength: 12 }),
        fc.array(
          fc.tuple(
            fc.constantFrom('CD', 'Treasury Bill', null),
            fc.double({ min: 0, max: 1e9, noNaN: true }),
          ),
          {
            maxLength: 12,
          },
        ),
        (accounts, investments) => {
          const result = summariseAssets({
            accounts: accounts.map(([category, balance], index) => account(`a${index}`, category, balance)),
            investments: investments.map(([type, faceValue], index) =>
              investment(`i${index}`, type, faceValue),
            ),
            liquidityLevels: levels,
          });
          if (!result.ok) throw new Error(result.error.message);
          const { series, ...totals } = result.value;
          const numbers = [
            ...Object.values(totals),
            ...series.flatMap((slice) => [slice.amount, slice.sharePercent, slice.count]),
          ];
          expect(numbers.every((value) => Number.isFinite(value))).toBe(true);
          const points = result.value.series.reduce(
            (sum, slice) => sum + Math.round(slice.sharePercent * 100),
            0,
          );
          const hasPositive = result.value.series.some((slice) => slice.amount > 0);
          expect(points).toBe(hasPositive ? 10_000 : 0);
          const sliceCents = result.value.series.reduce(
            (sum, slice) => sum + Math.round(slice.amount * 100),
            0,
          );
          expect(sliceCents).toBe(Math.round(result.value.totalAssets * 100));
        },
      ),
    );
  });
});

describe('summariseAssets bad input', () => {
  it.each([
    [{ accounts: [account('a1', 'Operating', Number.NaN)] }, 'NON_FINITE_AMOUNT', 'accounts[0].balance'],
    [
      { investments: [investment('i1', 'CD', Number.POSITIVE_INFINITY)] },
      'NON_FINITE_AMOUNT',
      'investments[0].faceValue',
    ],
    [{ investments: [investment('i1', 'CD', -5)] }, 'NEGATIVE_AMOUNT', 'investments[0].faceValue'],
    [{ accounts: [account('a1', 'Operating', 2e12)] }, 'INVALID_ARGUMENT', 'accounts[0].balance'],
    [
      { accounts: [account('a1', 'Operating', 1), account('a1', 'Sweep', 2)] },
      'DUPLICATE_ID',
      'accounts[1].accountId',
    ],
    [
      { investments: [investment('i1', 'CD', 1), investment('i1', 'CD', 1)] },
      'DUPLICATE_ID',
      'investments[1].investmentId',
    ],
    [
      { liquidityLevels: { ...levels, levelThree: Number.NaN } },
      'NON_FINITE_AMOUNT',
      'liquidityLevels.levelThree',
    ],
  ] as const)('rejects %o with %s on %s', (override, code, field) => {
    const result = summariseAssets({ accounts: [], investments: [], liquidityLevels: null, ...override });
    expect(result).toMatchObject({ ok: false, error: { code, field } });
  });

  it('checks a closed account too (a NaN there is still bad data)', () => {
    const result = summariseAssets({
      accounts: [account('a1', 'Operating', Number.NaN, true)],
      investments: [],
      liquidityLevels: null,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'NON_FINITE_AMOUNT' } });
  });
});
