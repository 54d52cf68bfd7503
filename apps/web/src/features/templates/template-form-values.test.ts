import { describe, expect, it } from 'vitest';
import type { StoredTemplate } from '@tideline/contracts/templates/templates.schemas';
import { startValuesOf } from './template-form-values';

// Create First Cell / Header Row Template from a failed file (issue 16 point 7): the relationship's
// template for its usual layout is left as it is; a template that matches the file is opened to fix.

const USUAL: StoredTemplate = {
  templateId: 7,
  bankClientRelId: 5,
  clientId: 1,
  type: 'Transaction',
  templateType: 'Header',
  headerRow: 'Account Number,Posting Date,Description,Debit,Credit',
  jsonTransform: [
    {
      accountNumber: '0',
      date: '1',
      description: '2',
      amountDebit: '3',
      amountCredit: '4',
      headerStart: '0',
      dateFormat: 'MM/DD/YYYY',
    },
  ],
  createdAt: '2026-01-03T12:00:00.000Z',
  updatedAt: '2026-01-03T12:00:00.000Z',
};
const STATEMENT_CELL: StoredTemplate = {
  ...USUAL,
  templateId: 8,
  templateType: 'Cell',
  headerRow: null,
  jsonTransform: [{ ...USUAL.jsonTransform[0], cellHeaderData: 'Account  Statement', headerStart: '2' }],
};

describe('startValuesOf', () => {
  // Issue 42 point 3: USUAL's date column (1) is this file's Account column.
  it("makes a new template from the file's detected header row when none matches it, not another layout's", () => {
    const values = startValuesOf('Transaction', 5, [USUAL], {
      templateType: 'Header',
      headerRow: 'Booking Date,Account,Details,Amount,Currency,Balance',
      headerRowNumber: 1,
    });
    expect(values.templateId).toBeUndefined();
    expect(values).toMatchObject({
      bankClientRelId: 5,
      templateType: 'Header',
      headerRow: 'Booking Date,Account,Details,Amount,Currency,Balance',
    });
    expect(values.jsonTransform[0]).toEqual({
      cellHeaderData: 'Booking Date',
      headerStart: '1',
      date: '0',
      accountNumber: '1',
      description: '2',
      amount: '3',
      balance: '5',
      dateFormat: 'Auto',
      decimalSeparator: 'dot',
      fileNameIncluded: false,
      specialCase: false,
    });
  });

  it('opens the template that matches the header row as extraction compares it, to fix it', () => {
    const values = startValuesOf('Transaction', 5, [STATEMENT_CELL, USUAL], {
      templateType: 'Header',
      headerRow: 'account number, posting date,Description,Debit,Credit,',
      headerRowNumber: 0,
    });
    expect(values.templateId).toBe(7);
    expect(values.headerRow).toBe('account number, posting date,Description,Debit,Credit,');
  });

  it('opens the First Cell template of the same first cell, and makes a new one for another', () => {
    const start = { templateType: 'Cell', firstCell: 'account statement' } as const;
    expect(startValuesOf('Transaction', 5, [USUAL, STATEMENT_CELL], start).templateId).toBe(8);
    const other = startValuesOf('Transaction', 5, [STATEMENT_CELL], {
      templateType: 'Cell',
      firstCell: 'Activity Report',
    });
    expect(other.templateId).toBeUndefined();
    expect(other.jsonTransform[0]).toMatchObject({ cellHeaderData: 'Activity Report' });
  });

  it('starts a blank template when the relationship has none', () => {
    const values = startValuesOf('Transaction', 5, [], {
      templateType: 'Header',
      headerRow: 'Date,Amount',
      headerRowNumber: 0,
    });
    expect(values).toMatchObject({ templateType: 'Header', headerRow: 'Date,Amount' });
    expect(values.templateId).toBeUndefined();
  });
});
