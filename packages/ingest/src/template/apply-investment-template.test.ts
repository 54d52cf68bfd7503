import { describe, expect, it } from 'vitest';
import { createGrid } from '../core/grid.js';
import { applyInvestmentTemplate } from './apply-investment-template.js';

describe('applyInvestmentTemplate', () => {
  const template = {
    accountNumber: '0',
    investmentId: '1',
    investmentType: '2',
    faceValue: '3',
    settlementAmount: '4',
    interestRate: '5',
    settlementDate: '6',
    maturityDate: '7',
    couponRate: '8',
    headerStart: '0',
  };

  it('reads every templated column, optional ones as null when absent', () => {
    const grid = createGrid(
      [
        ['Acct', 'CUSIP', 'Type', 'Face', 'Settle amt', 'Yield', 'Settle', 'Maturity', 'Coupon'],
        [
          '77',
          '912810RW0',
          'Treasury',
          '$1,000,000.00',
          '998,500.00',
          '4.25%',
          '01/15/2024',
          '15-Jan-2025',
          '',
        ],
      ],
      { format: 'csv' },
    );
    expect(applyInvestmentTemplate(grid, template)).toEqual({
      ok: true,
      value: [
        {
          rowNumber: 2,
          accountNumber: '77',
          investmentId: '912810RW0',
          investmentTypeName: 'Treasury',
          fund: null,
          faceValue: '1000000',
          settlementAmount: '998500',
          interestRate: '4.25',
          couponRate: null,
          settlementDate: '2024-01-15',
          maturityDate: '2025-01-15',
          callDate: null,
        },
      ],
    });
  });

  it('fails a row with an empty required column', () => {
    const grid = createGrid([['h'], ['77', 'x', 'T', '', '1', '1', '1/1/24', '1/1/25']], { format: 'csv' });
    const result = applyInvestmentTemplate(grid, template);
    expect(!result.ok && result.error.kind === 'rows-unreadable' && result.error.rowErrors[0]).toMatchObject({
      rowNumber: 2,
      column: 3,
      field: 'faceValue',
    });
  });
});
