import { parseIsoDate, type RateCurve } from '@tideline/analytics';
import {
  LIQUIDITY_LEVEL_TERMS,
  type LiquidityLevelField,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { DbOrTx } from '../../db/open-database';
import { findLatestRatesOnOrBefore } from '../market-rates/market-rates.service';

// analytics.md "Monte Carlo" step 6: the rate of each level's horizon on the run date, from the stored
// market rates (market_rate_observations, docs/models.md "Market rates"): levelOne the daily effective
// fed funds rate (EFFR), levelTwo the 90-day Treasury at constant maturity (DGS3MO: the par yield curve
// on an investment basis, as the rate ticker reads it, rather than the T-bill discount rate), levelThree
// and levelFour the 1- and 2-year Treasury (DGS1, DGS2), levelFive the 2-year HQM corporate bond spot
// rate (HQMCB2YR). Each is the latest observation on or before the run date, within its series' limit.
//
// Issue 41 point 5: a level is never left without an answer. When its own series is older than its
// limit, the nearest series of the same horizon that is fresh stands in, and the answer names it
// (`fallbackFor`); when none is, the level says "Rate unavailable since DATE" (`unavailable`), DATE
// being the last observation of its own series.

/** A series and how long its latest observation still stands for a later day. */
interface RateSeries {
  seriesId: string;
  name: string;
  /** Days after its observation a rate still stands (the HQM curve is monthly, dated the 1st). */
  limitDays: number;
}

/**
 * How many days a rate stands for a later day: 45, so a monthly HQM value (dated the 1st, published
 * in the following weeks) lasts until the next one; the daily series share the limit, so the rule is
 * one for every level (a daily series older than that has stopped, and its fallback is used).
 */
export const RATE_LIMIT_DAYS = 45;

const series = (seriesId: string, name: string): RateSeries => ({
  seriesId,
  name,
  limitDays: RATE_LIMIT_DAYS,
});

/**
 * Per level: its own series, then the series standing in for it, nearest first. "Same horizon": the
 * same maturity as the level's benchmark, in the market the rate ticker stores (docs/models.md
 * "Market rates"): overnight for levelOne, 90 days for levelTwo, 1 year for levelThree, 2 years for
 * levelFour and levelFive (Treasury and HQM corporate stand in for each other at 1 and 2 years).
 */
export const LEVEL_RATE_SERIES: Record<LiquidityLevelField, readonly RateSeries[]> = {
  levelOne: [
    series('EFFR', 'Effective federal funds rate'),
    series('SOFR', 'Secured overnight financing rate (SOFR)'),
  ],
  levelTwo: [
    series('DGS3MO', '90-day Treasury bill (3-month constant maturity)'),
    series('DCPN3M', '90-day AA nonfinancial commercial paper'),
    series('DCPF3M', '90-day AA financial commercial paper'),
  ],
  levelThree: [series('DGS1', '1-year Treasury'), series('HQMCB1YR', '1-year corporate bond (HQM)')],
  levelFour: [series('DGS2', '2-year Treasury'), series('HQMCB2YR', '2-year corporate bond (HQM)')],
  levelFive: [series('HQMCB2YR', '2-year corporate bond (HQM)'), series('DGS2', '2-year Treasury')],
};

/** The observation a level's rate came from; value in percent a year, as stored. */
export interface StoredRate {
  /** The series the value is from: the level's own, or the one standing in for it. */
  seriesId: string;
  date: string;
  value: number;
  /** Set when the value is from another series: the level's own series and its last observation. */
  fallbackFor?: { seriesId: string; lastDate: string | null };
}

/** A level without any rate: its own series, and the date of its last observation (null: never). */
export interface UnavailableRate {
  seriesId: string;
  lastDate: string | null;
}

/** What a run stores in its `rates` column. */
export interface RunRates {
  runDate: string;
  rates: Record<LiquidityLevelField, StoredRate | null>;
  /** Each level whose rate is null, with why (absent on runs stored before issue 41). */
  unavailable?: Partial<Record<LiquidityLevelField, UnavailableRate>>;
}

const CURVE_KEYS: Record<LiquidityLevelField, keyof RateCurve> = {
  levelOne: 'effectiveFedFunds',
  levelTwo: 'treasuryBill90Day',
  levelThree: 'treasury1Year',
  levelFour: 'treasury2Year',
  levelFive: 'corporate2Year',
};

const daysBetween = (from: string, to: string) =>
  (parseIsoDate(to) as number) - (parseIsoDate(from) as number);

/** Pure: the rates of `runDate` from each series' latest observation on or before it. */
export function chooseRunRates(
  runDate: string,
  latest: readonly { seriesId: string; date: string; value: number }[],
): RunRates {
  const bySeries = new Map(latest.map((o) => [o.seriesId, o]));
  const rates = {} as RunRates['rates'];
  const unavailable: NonNullable<RunRates['unavailable']> = {};
  for (const term of LIQUIDITY_LEVEL_TERMS) {
    const [own, ...standIns] = LEVEL_RATE_SERIES[term.field];
    const ownLast = bySeries.get(own!.seriesId) ?? null;
    const isFresh = (s: RateSeries) => {
      const o = bySeries.get(s.seriesId);
      return o !== undefined && daysBetween(o.date, runDate) <= s.limitDays ? o : null;
    };
    const fresh = isFresh(own!);
    if (fresh) {
      rates[term.field] = { seriesId: fresh.seriesId, date: fresh.date, value: fresh.value };
      continue;
    }
    const standIn = standIns.map(isFresh).find((o) => o !== null);
    if (standIn) {
      rates[term.field] = {
        seriesId: standIn.seriesId,
        date: standIn.date,
        value: standIn.value,
        fallbackFor: { seriesId: own!.seriesId, lastDate: ownLast?.date ?? null },
      };
      continue;
    }
    rates[term.field] = null;
    unavailable[term.field] = { seriesId: own!.seriesId, lastDate: ownLast?.date ?? null };
  }
  return { runDate, rates, unavailable };
}

export async function findRunRates(db: DbOrTx, runDate: string): Promise<RunRates> {
  const ids = [...new Set(Object.values(LEVEL_RATE_SERIES).flatMap((list) => list.map((s) => s.seriesId)))];
  return chooseRunRates(runDate, await findLatestRatesOnOrBefore(db, ids, runDate));
}

/** The display name of a series of the levels (its id when it is none of them). */
export function rateSeriesName(seriesId: string): string {
  for (const list of Object.values(LEVEL_RATE_SERIES)) {
    const found = list.find((s) => s.seriesId === seriesId);
    if (found) return found.name;
  }
  return seriesId;
}

/** "Rate unavailable since DATE" (DATE: the own series' last observation), or why there is no date. */
export function rateUnavailableText(
  unavailable: UnavailableRate | undefined,
  formatDate: (isoDate: string) => string = (d) => d,
): string {
  if (!unavailable) return 'Rate unavailable (not stored with this run)';
  return unavailable.lastDate === null
    ? `Rate unavailable (no ${unavailable.seriesId} rate stored)`
    : `Rate unavailable since ${formatDate(unavailable.lastDate)}`;
}

/**
 * What a level's rate is, in words for a screen or a report: null for its own series (nothing to
 * say), the stand-in series named, or "Rate unavailable since DATE".
 */
export function describeLevelRate(
  runRates: RunRates | null,
  field: LiquidityLevelField,
  formatDate: (isoDate: string) => string = (d) => d,
): string | null {
  const rate = runRates?.rates[field] ?? null;
  if (!rate) return rateUnavailableText(runRates?.unavailable?.[field], formatDate);
  if (!rate.fallbackFor) return null;
  const { seriesId, lastDate } = rate.fallbackFor;
  const why =
    lastDate === null
      ? `which has no rate stored`
      : `whose latest rate (${formatDate(lastDate)}) is more than ${RATE_LIMIT_DAYS} days old`;
  return `${rateSeriesName(rate.seriesId)} (${rate.seriesId}) in place of ${rateSeriesName(seriesId)} (${seriesId}), ${why}`;
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
