import { describe, expect, it } from 'vitest';
import {
  matchesDateRange,
  matchesNumericRange,
  matchesTextPrefix,
  normalizeNumericRange,
  rangeInputError,
} from './filter-semantics';
import { PagedListRequestSchema } from './paging.schemas';

describe('platform.md 2.9 filter semantics', () => {
  it('swaps a low above the high, reads a blank low as 0 and a blank high as unbounded', () => {
    expect(normalizeNumericRange({ low: '500', high: '100' })).toEqual({ low: 100, high: 500 });
    expect(normalizeNumericRange({ low: '', high: '100' })).toEqual({ low: 0, high: 100 });
    expect(normalizeNumericRange({ low: '25', high: null })).toEqual({ low: 25, high: null });
    expect(normalizeNumericRange({ low: '$1,000.50' })).toEqual({ low: 1000.5, high: null });
    expect(normalizeNumericRange({ low: 'abc' })).toBeNull();
  });

  it('keeps rows inside the normalised range only', () => {
    expect(matchesNumericRange(300, { low: '500', high: '100' })).toBe(true);
    expect(matchesNumericRange(-1, { low: '', high: '100' })).toBe(false);
    expect(matchesNumericRange(1e12, { low: '1' })).toBe(true);
    expect(matchesNumericRange(null, { low: '1' })).toBe(false);
  });

  it('matches text by case-insensitive prefix', () => {
    expect(matchesTextPrefix('Acme Holdings', 'acme h')).toBe(true);
    expect(matchesTextPrefix('Acme Holdings', 'holdings')).toBe(false);
    expect(matchesTextPrefix(null, '')).toBe(true);
  });

  it('compares date ranges by day, inclusive at both ends, swapping reversed ends', () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    expect(matchesDateRange('2026-03-01', range)).toBe(true);
    expect(matchesDateRange('2026-03-31', range)).toBe(true);
    expect(matchesDateRange(new Date(2026, 2, 31, 23, 59), range)).toBe(true);
    expect(matchesDateRange('2026-04-01', range)).toBe(false);
    expect(matchesDateRange('2026-03-15', { from: '2026-03-31', to: '2026-03-01' })).toBe(true);
  });

  it('gives the section 5 messages for range inputs', () => {
    expect(rangeInputError('12.5', 'number')).toBeNull();
    expect(rangeInputError('12a', 'number')).toBe('Field must be a number.');
    expect(rangeInputError('1,234.56', 'money')).toBeNull();
    expect(rangeInputError('12.345', 'money')).toBe('Field must be monetary value.');
    expect(rangeInputError('', 'money')).toBeNull();
  });

  it('keeps a date range filter as sent rather than reading it as an empty numeric range', () => {
    const request = PagedListRequestSchema.parse({
      filters: [
        { id: 'createdAt', value: { from: '2026-03-01', to: null } },
        { id: 'amount', value: { low: '5', high: '' } },
      ],
    });
    expect(request.filters.map((f) => f.value)).toEqual([
      { from: '2026-03-01', to: null },
      { low: '5', high: '' },
    ]);
  });

  it('defaults a paged list request to 50 rows of page 0', () => {
    expect(PagedListRequestSchema.parse({})).toEqual({
      pageSize: 50,
      pageIndex: 0,
      filters: [],
      searchTerm: '',
      sortOrder: [],
    });
  });
});
