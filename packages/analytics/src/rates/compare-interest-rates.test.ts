import { describe, expect, it } from 'vitest';
import { compareInterestRates, type InterestRateComparisonInput } from './compare-interest-rates';

const input: InterestRateComparisonInput = {
  asOfDate: '2024-04-15',
  clientState: 'NY',
  accounts: [
    {
      bankId: 'b1',
      bankName: 'First Bank',
      category: 'highYield',
      history: {
        accountId: 'hy',
        anchorBalance: 1_000_000,
        anchorDate: '2023-12-31',
        transactions: [
          { date: '2024-01-31', amount: 3000, keyword: 'Interest' },
          { date: '2024-02-29', amount: 3000, keyword: 'Interest' },
          { date: '2024-03-31', amount: 3100, keyword: 'Interest' },
        ],
      },
    },
  ],
  negotiatedRates: [
    { bankId: 'b1', state: 'NY', category: 'highYield', rate: 0.045 },
    { bankId: 'b2', state: 'CA', category: 'highYield', rate: 0.05 },
    { bankId: 'b3', state: 'NY', category: 'highYield', rate: 0.048 },
  ],
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

describe('compareInterestRates', () => {
  it('annualises last month and last quarter interest over the average daily balance', () => {
    const result = compareInterestRates(input);
    if (!result.ok) throw new Error(result.error.message);
    const [bank] = result.value;
    const marchAdb = (30 * 1_006_000 + 1_009_100) / 31;
    const quarterAdb = (30 * 1_000_000 + 29 * 1_003_000 + 31 * 1_006_000 + 1_009_100) / 91;
    expect(bank).toMatchObject({ bankId: 'b1', bankName: 'First Bank', state: 'NY' });
    expect(bank?.highYield).toEqual({
      lastMonth: round6((3100 / marchAdb) * (365 / 31)),
      lastQuarter: round6((9100 / quarterAdb) * (365 / 91)),
      bestRate: 0.05,
      bestInState: 0.048,
      average: round6((0.045 + 0.05 + 0.048) / 3),
    });
    expect(bank?.lowYield).toEqual({
      lastMonth: null,
      lastQuarter: null,
      bestRate: null,
      bestInState: null,
      average: null,
    });
  });

  it('rejects an unknown category and a non-finite negotiated rate', () => {
    const badCategory = { ...input, accounts: [{ ...input.accounts[0]!, category: 'other' as never }] };
    expect(compareInterestRates(badCategory)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    const badRate = {
      ...input,
      negotiatedRates: [{ bankId: 'b1', state: 'NY', category: 'lowYield' as const, rate: Infinity }],
    };
    expect(compareInterestRates(badRate)).toMatchObject({ ok: false, error: { code: 'NON_FINITE_AMOUNT' } });
    expect(compareInterestRates({ ...input, accounts: [] })).toMatchObject({
      ok: false,
      error: { code: 'NO_ACCOUNTS' },
    });
  });
});
