import { formatIsoDate, parseIsoDate, type RateCurve } from '@tideline/analytics';
import {
  LIQUIDITY_LEVEL_TERMS,
  type LiquidityLevelField,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { DbOrTx } from '../../db/open-database';
import { findRateHistory } from '../market-rates/market-rates.service';

// analytics.md "Monte Carlo" step 6: the rate of each level's horizon on the run date, from the stored
// market rates (market_rate_observations, docs/models.md "Market rates"): levelOne the daily effective
// fed funds rate (EFFR), levelTwo the 90-day Treasury at constant maturity (DGS3MO: the par yield curve
// on an investment basis, as the rate ticker reads it, rather than the T-bill discount rate), levelThree
// and levelFour the 1- and 2-year Treasury (DGS1, DGS2), levelFive the 2-year HQM corporate bond spot
// rate (HQMCB2YR). Each is the latest observation on or before the run date.

/** A rate still stands for the run date this many days after its observation (HQM is monthly). */
const LOOKBACK_DAYS = 45;

/** The observation a level's rate came from; value in percent a year, as stored. */
export interface StoredRate {
  seriesId: string;
  date: string;
  value: number;
}

/** What a run stores in its `rates` column. */
export interface RunRates {
  runDate: string;
  rates: Record<LiquidityLevelField, StoredRate | null>;
}

const CURVE_KEYS: Record<LiquidityLevelField, keyof RateCurve> = {
  levelOne: 'effectiveFedFunds',
  levelTwo: 'treasuryBill90Day',
  levelThree: 'treasury1Year',
  levelFour: 'treasury2Year',
  levelFive: 'corporate2Year',
};

export async function findRunRates(db: DbOrTx, runDate: string): Promise<RunRates> {
  const from = formatIsoDate((parseIsoDate(runDate) as number) - LOOKBACK_DAYS);
  const entries = await Promise.all(
    LIQUIDITY_LEVEL_TERMS.map(async (term) => {
      const last = (await findRateHistory(db, term.seriesId, from, runDate)).at(-1);
      const rate: StoredRate | null = last
        ? { seriesId: term.seriesId, date: last.date, value: last.value }
        : null;
      return [term.field, rate] as const;
    }),
  );
  return { runDate, rates: Object.fromEntries(entries) as RunRates['rates'] };
}

/** The model's rate curve (decimal fractions), when every level has its rate. */
export function toRateCurve(runRates: RunRates): RateCurve | undefined {
  const curve: Partial<Record<keyof RateCurve, number>> = {};
  for (const term of LIQUIDITY_LEVEL_TERMS) {
    const rate = runRates.rates[term.field];
    if (!rate) return undefined;
    curve[CURVE_KEYS[term.field]] = rate.value / 100;
  }
  return curve as RateCurve;
}

/** The stored rates of a run, or none (a run recorded before the job read them). */
export function readRunRates(stored: unknown): RunRates | null {
  if (!stored || typeof stored !== 'object' || !('rates' in stored)) return null;
  return stored as RunRates;
}
