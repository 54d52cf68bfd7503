import type { RateCurve } from '@tideline/analytics';
import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { DbOrTx } from '../../db/open-database';
import { describeLevelRate, findRunRates, toRateCurve } from '../monte-carlo/run-rates';

// The Warnick Rate Indicator's benchmark: the market rate of each liquidity level's horizon as of the
// cashVest period's end date, read as a Monte Carlo run reads its rates (monte-carlo/run-rates.ts), so
// the two never disagree on a series or on how old a rate may be.

export interface LoadedRateCurve {
  /** Null when a level has no rate near the date, its own or a stand-in's (see `missing`). */
  curve: RateCurve | null;
  /** Each rate used, as a fraction a year, with its own date. */
  used: { label: string; rate: number; date: string }[];
  missing: string[];
}

export async function loadRateCurve(db: DbOrTx, asOf: string): Promise<LoadedRateCurve> {
  const runRates = await findRunRates(db, asOf);
  const used: LoadedRateCurve['used'] = [];
  const missing: string[] = [];
  for (const term of LIQUIDITY_LEVEL_TERMS) {
    const rate = runRates.rates[term.field];
    // Issue 41 point 5: a stand-in series is named with the one it replaces; no rate says since when.
    const said = describeLevelRate(runRates, term.field);
    if (rate)
      used.push({
        label: rate.fallbackFor ? (said ?? term.benchmark) : term.benchmark,
        rate: rate.value / 100,
        date: rate.date,
      });
    else missing.push(`${term.label} (${term.benchmark}, ${term.seriesId}): ${said ?? 'rate unavailable'}`);
  }
  return { curve: toRateCurve(runRates) ?? null, used, missing };
}
