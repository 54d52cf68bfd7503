import { describe, expect, it } from 'vitest';
import { bulkEditBodyOf, BulkEditFormSchema } from './bulk-edit-body';
import { rowOf } from './staging-transactions.fixtures';
import { validationRequestsOf } from './staging-validation';

const ROWS = [
  rowOf({ stagingTransactionId: 1, batchAccountId: 31, validationStatus: 'No' }),
  rowOf({ stagingTransactionId: 2, batchAccountId: 32, validationStatus: 'Yes' }),
  rowOf({ stagingTransactionId: 3, batchAccountId: 32, validationStatus: 'No' }),
  rowOf({ stagingTransactionId: 4, batchAccountId: 31, validationStatus: 'No' }),
  rowOf({ stagingTransactionId: 5, batchAccountId: 31, validationStatus: 'Yes' }),
];

describe('bulk validate and invalidate (spec 4)', () => {
  it('validates only the rows that are No, one request per batch account', () => {
    expect(validationRequestsOf('validate', ROWS)).toEqual([
      { batchAccountId: 31, stagingTransactionIds: [1, 4] },
      { batchAccountId: 32, stagingTransactionIds: [3] },
    ]);
  });

  it('invalidates only the rows that are Yes, one request per batch account', () => {
    expect(validationRequestsOf('invalidate', ROWS)).toEqual([
      { batchAccountId: 32, stagingTransactionIds: [2] },
      { batchAccountId: 31, stagingTransactionIds: [5] },
    ]);
  });

  it('sends nothing when no selected row changes', () => {
    expect(validationRequestsOf('invalidate', [ROWS[0]!])).toEqual([]);
  });
});

describe('bulk edit body (spec 5)', () => {
  const blank = { amount: '', description: '', keyword: '', date: '', year: '' };

  it("sends a date of 'Invalid date' empty and the year as a number", () => {
    const values = BulkEditFormSchema.parse({ ...blank, date: 'Invalid date', year: '2025' });
    expect(bulkEditBodyOf(values, [1, 2])).toEqual({ stagingTransactionIds: [1, 2], date: '', year: 2025 });
  });

  it.each(['25', '20255', 'abcd'])("rejects the year '%s' with 'Must be four digit'", (year) => {
    const result = BulkEditFormSchema.safeParse({ ...blank, year });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Must be four digit']);
  });

  it("rejects an amount that is no number with 'Field must be a number.'", () => {
    const result = BulkEditFormSchema.safeParse({ ...blank, amount: '12a' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Field must be a number.']);
  });
});
