import { describe, expect, it } from 'vitest';
import { describeBenchmarkInterestTotal } from './benchmark-interest-total';

describe('describeBenchmarkInterestTotal', () => {
  it('sums the levels with a rate and names those without', () => {
    expect(
      describeBenchmarkInterestTotal([
        { field: 'levelOne', benchmarkInterest: 100.105 },
        { field: 'levelTwo', benchmarkInterest: 200 },
        { field: 'levelFive', benchmarkInterest: null },
      ]),
    ).toEqual({ amount: 300.11, missingLevels: ['Level Five'] });
  });

  it('answers null when no level has a rate, so the total stays empty rather than 0', () => {
    expect(describeBenchmarkInterestTotal([{ field: 'levelOne', benchmarkInterest: null }])).toBeNull();
    expect(describeBenchmarkInterestTotal([])).toBeNull();
  });
});
