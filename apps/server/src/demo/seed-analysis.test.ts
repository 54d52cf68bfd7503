import { describe, expect, it } from 'vitest';
import { lastQuarterEnds } from './seed-analysis';

describe('lastQuarterEnds', () => {
  it('counts back whole quarters, the day itself when it ends one', () => {
    expect(lastQuarterEnds('2026-03-31', 4)).toEqual([
      '2025-06-30',
      '2025-09-30',
      '2025-12-31',
      '2026-03-31',
    ]);
    expect(lastQuarterEnds('2026-11-26', 2)).toEqual(['2026-06-30', '2026-09-30']);
    expect(lastQuarterEnds('2026-01-01', 1)).toEqual(['2025-12-31']);
  });
});
