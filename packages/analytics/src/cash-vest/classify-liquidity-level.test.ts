import { describe, expect, it } from 'vitest';
import { toDay } from '../../test/make-history';
import { classifyLiquidityLevel } from './classify-liquidity-level';
import { sumInvestmentsByLevel } from './score-investment-policy';

describe('classifyLiquidityLevel', () => {
  const asOf = toDay('2024-06-30');

  it('puts each maturity on its level horizon, boundaries included in the shorter level', () => {
    expect(classifyLiquidityLevel(toDay('2024-06-01'), asOf)).toBe(1);
    expect(classifyLiquidityLevel(toDay('2024-07-30'), asOf)).toBe(1);
    expect(classifyLiquidityLevel(toDay('2024-07-31'), asOf)).toBe(2);
    expect(classifyLiquidityLevel(asOf + 210, asOf)).toBe(2);
    expect(classifyLiquidityLevel(asOf + 211, asOf)).toBe(3);
    expect(classifyLiquidityLevel(toDay('2025-06-30'), asOf)).toBe(3);
    expect(classifyLiquidityLevel(toDay('2025-07-01'), asOf)).toBe(4);
    expect(classifyLiquidityLevel(toDay('2026-12-30'), asOf)).toBe(4);
    expect(classifyLiquidityLevel(toDay('2026-12-31'), asOf)).toBe(5);
  });

  it('sums invested amounts by level', () => {
    const sums = sumInvestmentsByLevel(
      [
        { amount: 100, maturityDate: '2024-07-15' },
        { amount: 250, maturityDate: '2025-03-01' },
        { amount: 50, maturityDate: '2025-03-02' },
        { amount: 1000, maturityDate: '2030-01-01' },
      ],
      asOf,
    );
    expect(sums).toEqual([100, 0, 300, 0, 1000]);
  });
});
