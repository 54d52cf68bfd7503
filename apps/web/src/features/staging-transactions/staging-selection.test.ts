import { describe, expect, it } from 'vitest';
import type { MatchingSelection } from '../../components/data-table/data-table.types';
import { duplicateOf, rowOf } from './staging-transactions.fixtures';
import { countOf, decisionBodyOf, deleteBodyOf, validationBodiesOf } from './staging-selection';

// Issue 39 point 2: the bodies of a bulk action on the rows ticked, or on every row of the filter.

const ROWS = [
  duplicateOf({ stagingTransactionId: 1, batchAccountId: 31 }),
  rowOf({ stagingTransactionId: 2, batchAccountId: 32 }),
];
const MATCHING: MatchingSelection = {
  filters: [{ id: 'amount', value: { low: 10, high: null } }],
  searchTerm: 'rent',
  timeZone: 'America/Chicago',
  count: 12_345,
  isCountBounded: false,
};
const ALL = { rows: ROWS, matching: MATCHING };
const TICKED = { rows: ROWS, matching: null };
const FILTER = { filters: MATCHING.filters, searchTerm: 'rent', timeZone: 'America/Chicago' };

describe('bulk action bodies', () => {
  it('sends the filter per batch account to validate every matching row', () => {
    expect(validationBodiesOf('validate', ALL, [31, 32])).toEqual([
      { batchAccountId: 31, matching: FILTER },
      { batchAccountId: 32, matching: FILTER },
    ]);
    expect(validationBodiesOf('validate', TICKED, [31, 32])).toEqual([
      { batchAccountId: 31, stagingTransactionIds: [1] },
      { batchAccountId: 32, stagingTransactionIds: [2] },
    ]);
  });

  it('deletes and decides by the filter over the batch accounts, or by the ids ticked', () => {
    expect(deleteBodyOf(ALL, [31, 32])).toEqual({ matching: { batchAccountIds: [31, 32], ...FILTER } });
    expect(deleteBodyOf(TICKED, [31, 32])).toEqual({ stagingTransactionId: [1, 2] });
    expect(decisionBodyOf('drop', ALL, [31])).toEqual({
      decision: 'drop',
      matching: { batchAccountIds: [31], ...FILTER },
    });
    // Only the possible duplicates ticked; none, nothing to send.
    expect(decisionBodyOf('keep', TICKED, [31])).toEqual({ decision: 'keep', stagingTransactionIds: [1] });
    expect(decisionBodyOf('keep', { rows: [ROWS[1]!], matching: null }, [31])).toBeNull();
  });

  it('counts the selection as a confirmation says it', () => {
    expect(countOf(TICKED)).toBe('2');
    expect(countOf(ALL)).toBe('12,345');
    expect(countOf({ rows: [], matching: { ...MATCHING, count: 10_000, isCountBounded: true } })).toBe(
      'more than 10,000',
    );
  });
});
