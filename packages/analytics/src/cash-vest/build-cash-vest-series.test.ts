import { describe, expect, it } from 'vitest';
import { buildCashVestSeries } from './build-cash-vest-series';

const scores = { valueScore: 10, liquidityProficiency: 20, warnickRate: 12, cashflow: 14, investment: 6 };

describe('buildCashVestSeries', () => {
  it('gives one point per month, oldest first, the latest score of a month winning', () => {
    const result = buildCashVestSeries([
      { date: '2024-06-30', ...scores, investment: 9 },
      { date: '2024-03-31', ...scores },
      { date: '2024-06-15', ...scores, investment: 7 },
    ]);
    expect(result).toEqual({
      ok: true,
      value: [
        {
          monthYear: '2024-03',
          'Cash Flow': 14,
          Investment: 6,
          'Liquidity Proficiency': 20,
          'Value Score': 10,
          'Warnick Rate': 12,
        },
        {
          monthYear: '2024-06',
          'Cash Flow': 14,
          Investment: 9,
          'Liquidity Proficiency': 20,
          'Value Score': 10,
          'Warnick Rate': 12,
        },
      ],
    });
  });

  it('rejects a non-numeric score and a bad date', () => {
    expect(buildCashVestSeries([{ date: '2024-06-30', ...scores, cashflow: Number.NaN }])).toMatchObject({
      ok: false,
      error: { code: 'NON_FINITE_AMOUNT', field: 'records[0].cashflow' },
    });
    expect(buildCashVestSeries([{ date: '30/06/2024', ...scores }])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_DATE' },
    });
  });
});
