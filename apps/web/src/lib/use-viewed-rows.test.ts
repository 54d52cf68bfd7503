import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { defaultViewed, toggleViewed, useViewedRows } from './use-viewed-rows';

// Spec 2 and 9: at most 2 viewed rows; a third drops the one chosen first; the first two by default.

describe('the viewed rows of an analysis history', () => {
  it('keeps at most two, dropping the one chosen first, and unviews a cleared box', () => {
    expect(toggleViewed([], 1)).toEqual([1]);
    expect(toggleViewed([1], 2)).toEqual([1, 2]);
    expect(toggleViewed([1, 2], 3)).toEqual([2, 3]);
    expect(toggleViewed([2, 3], 2)).toEqual([3]);
  });

  it('starts with the first two viewable rows, the older of them chosen first', () => {
    expect(defaultViewed([8, 6, 5])).toEqual([6, 8]);
    expect(defaultViewed([4])).toEqual([4]);
    // A third choice then drops row 6, the older of the two.
    expect(toggleViewed(defaultViewed([8, 6, 5]), 5)).toEqual([8, 5]);
  });

  it('follows the user once they choose, and drops rows that are no longer viewable', () => {
    const { result, rerender } = renderHook(({ ids }) => useViewedRows(ids), {
      initialProps: { ids: [8, 6, 5] },
    });
    expect(result.current.viewed).toEqual([6, 8]);
    act(() => result.current.toggle(5));
    expect(result.current.viewed).toEqual([8, 5]);
    act(() => result.current.hide(8));
    expect(result.current.isViewed(8)).toBe(false);
    rerender({ ids: [8, 6] });
    expect(result.current.viewed).toEqual([]);
  });
});
