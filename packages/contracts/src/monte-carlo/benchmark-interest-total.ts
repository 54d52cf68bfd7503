import { LIQUIDITY_LEVEL_TERMS } from './liquidity-levels.schemas';

// Issue 41 point 5: a level whose rate is unavailable must not blank the total of the rate table. The
// screen and the PDF show the same words: the sum of the levels that have a rate, and which do not.

interface RateRow {
  readonly field: string;
  readonly benchmarkInterest: number | null;
}

/**
 * The benchmark interest total as shown: the whole total when every level has a rate, else the known
 * levels' sum and the labels of those left out; null when no level has a rate.
 */
export function describeBenchmarkInterestTotal(
  rows: readonly RateRow[],
): { amount: number; missingLevels: string[] } | null {
  const missing = rows.filter((r) => r.benchmarkInterest === null);
  if (rows.length === 0 || missing.length === rows.length) return null;
  const known = rows.reduce((sum, r) => sum + (r.benchmarkInterest ?? 0), 0);
  return {
    amount: Math.round(known * 100) / 100,
    missingLevels: missing.map(
      (r) => LIQUIDITY_LEVEL_TERMS.find((t) => t.field === r.field)?.label ?? r.field,
    ),
  };
}
