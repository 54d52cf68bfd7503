import { describe, expect, it } from 'vitest';
import type { CashVestInput } from './cash-vest-input';
import { scoreCashVest } from './score-cash-vest';

const rate = 0.05;
const base: CashVestInput = {
  startDate: '2024-01-01',
  endDate: '2024-03-31',
  initialInterest: 1234.5,
  transactions: [
    { date: '2023-06-15', amount: 900, keyword: 'Interest' },
    { date: '2024-01-31', amount: 2500, keyword: 'Interest' },
    { date: '2024-02-29', amount: 3500, keyword: 'interest' },
    { date: '2024-03-01', amount: 99_999, keyword: 'Deposit' },
  ],
  accounts: [
    { accountId: 'a', averageBalance: 600_000, isEarning: true },
    { accountId: 'b', averageBalance: 400_000, isEarning: false },
  ],
  levels: {
    levelOne: 100_000,
    levelTwo: 200_000,
    levelThree: 200_000,
    levelFour: 300_000,
    levelFive: 200_000,
  },
  heldByLevel: { levelTwo: 200_000, levelThree: 100_000, levelFour: 0, levelFive: 250_000 },
  rateCurve: {
    effectiveFedFunds: rate,
    treasuryBill90Day: rate,
    treasury1Year: rate,
    treasury2Year: rate,
    corporate2Year: rate,
  },
  totalFees: 1000,
  earningsCredit: 500,
  backTestRelativeError: 0.2,
  policyChecklist: {
    authorisedInstruments: true,
    maximumMaturity: true,
    diversification: true,
    collateral: true,
    liquidityBuffer: false,
    reporting: false,
  },
  investments: [{ amount: 100_000, maturityDate: '2026-03-31' }],
};

describe('scoreCashVest', () => {
  it('maps each ratio linearly onto its range and shows the inputs behind it', () => {
    const result = scoreCashVest(base);
    if (!result.ok) throw new Error(result.error.message);
    const suggestion = result.value;
    expect(suggestion.valueScore).toMatchObject({
      ratio: 0.6,
      score: Math.round(2 + 0.6 * 18),
      min: 2,
      max: 20,
    });
    expect(suggestion.valueScore.inputs).toEqual({
      earningAverageBalance: 600_000,
      totalAverageBalance: 1_000_000,
    });
    // 500,000 of 900,000 investable dollars matched; full marks at 90%.
    const share = 500_000 / 900_000;
    expect(suggestion.liquidityProficiency.score).toBe(Math.round(3 + (share / 0.9) * 27));
    expect(suggestion.liquidityProficiency.inputs.matchedDollars).toBe(500_000);
    const days = 91;
    const earningRate = (6000 / 600_000) * (365 / days);
    const allRate = (6000 / 1_000_000) * (365 / days);
    expect(suggestion.warnickRate.score).toBe(
      Math.round(2 + ((earningRate / rate + allRate / rate) / 2) * 18),
    );
    expect(suggestion.warnickRate.inputs).toMatchObject({
      periodInterest: 6000,
      periodDays: 91,
      benchmarkRate: 0.05,
    });
    // Fees half offset (0.5), idle 300,000 of 1,000,000 (0.7 working), back-test 0.8: mean 2/3.
    expect(suggestion.cashflow.score).toBe(Math.round(2 + (2 / 3) * 18));
    expect(suggestion.cashflow.inputs.idleBalance).toBe(300_000);
    // Four of six elements ticked and the 2-year investment is covered by levelFive: (4 + 1) / 7.
    expect(suggestion.investment.score).toBe(Math.round(1 + (5 / 7) * 9));
    const total =
      suggestion.valueScore.score +
      suggestion.liquidityProficiency.score +
      suggestion.warnickRate.score +
      suggestion.cashflow.score +
      suggestion.investment.score;
    expect(suggestion.totalScore).toBe(total);
    expect(suggestion.totalStar).toBe(Math.round(total / 10) / 2);
    expect(suggestion.valueScore.starPercentage).toBeCloseTo(suggestion.valueScore.score / 20, 6);
  });

  it('sums period, 12-month and initial interest from Interest transactions', () => {
    const result = scoreCashVest(base);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({ periodInterest: 6000, yearInterest: 6900, initialInterest: 1234.5 });
  });

  it('clamps every sub-score at its minimum', () => {
    const result = scoreCashVest({
      ...base,
      transactions: [{ date: '2024-02-01', amount: -500, keyword: 'Interest' }],
      accounts: [{ accountId: 'b', averageBalance: 1_000_000, isEarning: false }],
      levels: { levelOne: 0, levelTwo: 250_000, levelThree: 250_000, levelFour: 250_000, levelFive: 0 },
      heldByLevel: { levelTwo: 0, levelThree: 0, levelFour: 0, levelFive: 0 },
      earningsCredit: 0,
      backTestRelativeError: 3,
      policyChecklist: {
        authorisedInstruments: false,
        maximumMaturity: false,
        diversification: false,
        collateral: false,
        liquidityBuffer: false,
        reporting: false,
      },
      investments: [{ amount: 500_000, maturityDate: '2030-01-01' }],
    });
    if (!result.ok) throw new Error(result.error.message);
    const value = result.value;
    expect(
      [value.valueScore, value.liquidityProficiency, value.warnickRate, value.cashflow, value.investment].map(
        (s) => s.score,
      ),
    ).toEqual([2, 3, 2, 2, 1]);
    expect(value.warnickRate.ratio).toBeLessThan(0);
    expect(value.totalScore).toBe(10);
    expect(value.totalStar).toBe(0.5);
  });

  it('clamps every sub-score at its maximum', () => {
    const result = scoreCashVest({
      ...base,
      transactions: [{ date: '2024-02-01', amount: 50_000, keyword: 'Interest' }],
      accounts: [{ accountId: 'a', averageBalance: 1_000_000, isEarning: true }],
      heldByLevel: { levelTwo: 300_000, levelThree: 300_000, levelFour: 300_000, levelFive: 300_000 },
      totalFees: 0,
      backTestRelativeError: 0,
      policyChecklist: {
        authorisedInstruments: true,
        maximumMaturity: true,
        diversification: true,
        collateral: true,
        liquidityBuffer: true,
        reporting: true,
      },
      investments: [],
    });
    if (!result.ok) throw new Error(result.error.message);
    const value = result.value;
    expect(value.warnickRate.ratio).toBeGreaterThan(1);
    expect(
      [value.valueScore, value.liquidityProficiency, value.warnickRate, value.cashflow, value.investment].map(
        (s) => s.score,
      ),
    ).toEqual([20, 30, 20, 20, 10]);
    expect(value.totalScore).toBe(100);
    expect(value.totalStar).toBe(5);
    expect(value.liquidityProficiency.starPercentage).toBe(1);
  });

  it.each([
    [{ accounts: [] }, 'NO_ACCOUNTS'],
    [{ endDate: '2023-12-31' }, 'DATES_OUT_OF_ORDER'],
    [{ totalFees: Number.NaN }, 'NON_FINITE_AMOUNT'],
    [{ investments: [{ amount: 1, maturityDate: 'soon' }] }, 'INVALID_DATE'],
  ] as const)('rejects %o with %s', (override, code) => {
    expect(scoreCashVest({ ...base, ...override })).toMatchObject({ ok: false, error: { code } });
  });
});
