import {
  MARKET_DATA_GROUPS,
  MARKET_DATA_LAYOUT,
  MARKET_RATE_SERIES,
  MARKET_RATES_MSG,
  type MarketData,
} from '@tideline/contracts/market-rates/market-rates.schemas';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { conflict } from '../../platform/http/app-error';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { averageOverCalendarDays } from './average-over-calendar-days';
import * as q from './market-rates.queries';
import { parseFredCsv } from './parse-fred-csv';
import { addDays, type RateObservation } from './rate-observation';
import { REFRESH_MARKET_RATES_JOB } from './refresh-market-rates.job';

/** platform.md 3 "Effective fund (30-Day)": daily EFFR averaged over 30 calendar days. */
const EFFECTIVE_FUND_DAYS = 30;
/** How far before the window to look for the rate that carries into its first days (long weekends). */
const CARRY_IN_DAYS = 10;

/** The market data object from the newest observation of each series, each value with its date. */
export async function buildMarketData(db: DbOrTx): Promise<MarketData> {
  const latest = new Map(
    (await q.selectLatestObservations(db, MARKET_RATE_SERIES)).map((o) => [o.seriesId, o]),
  );
  const effr = latest.get('EFFR');
  if (effr) {
    const from = addDays(effr.date, -(EFFECTIVE_FUND_DAYS - 1 + CARRY_IN_DAYS));
    const history = await q.selectHistory(db, 'EFFR', from, effr.date);
    const average = averageOverCalendarDays(history, effr.date, EFFECTIVE_FUND_DAYS);
    if (average === null) latest.delete('EFFR');
    else latest.set('EFFR', { ...effr, value: average });
  }
  return Object.fromEntries(
    MARKET_DATA_GROUPS.map((group) => [
      group,
      MARKET_DATA_LAYOUT[group].rates.map(({ label, seriesId }) => {
        const observation = latest.get(seriesId);
        return {
          label,
          seriesId,
          value: observation?.value ?? null,
          asOf: observation?.date ?? null,
          source: observation?.source ?? null,
        };
      }),
    ]),
  ) as MarketData;
}

export type RateFileImport = { ok: true; imported: number } | { ok: false; problems: string[] };

/** `import-rates FILE`: every row is checked first; one bad row imports nothing from the file. */
export async function importRateFile(db: DbOrTx, text: string): Promise<RateFileImport> {
  const { observations, problems } = parseFredCsv(text);
  if (problems.length > 0) return { ok: false, problems };
  await db.transaction((tx) => q.upsertObservations(tx, observations, 'import'));
  return { ok: true, imported: observations.length };
}

/**
 * seed-demo: made-up observations (source 'demo') for the days that have none; every stored value, the
 * snapshot's included, is kept. Answers how many were stored.
 */
export function addDemoRates(db: DbOrTx, observations: RateObservation[]): Promise<number> {
  return db.transaction((tx) => q.insertAbsentObservations(tx, observations, 'demo'));
}

/** One series' stored history, oldest first: what analysis reads for benchmark rates. */
export function findRateHistory(db: DbOrTx, seriesId: string, from: string, to: string) {
  return q.selectHistory(db, seriesId, from, to);
}

/** Each series' newest observation on or before `date` (series without one are left out). */
export function findLatestRatesOnOrBefore(db: DbOrTx, seriesIds: readonly string[], date: string) {
  return q.selectLatestObservationsOnOrBefore(db, seriesIds, date);
}

/** POST /api/market-rates/refresh: the daily refresh, now; the answer's job id is polled at /api/jobs. */
export async function startRateRefresh(
  deps: { jobs: JobRunner; hasProviders: boolean },
  user: CurrentUser,
): Promise<{ msg: string; jobId: string }> {
  if (!deps.hasProviders) throw conflict(MARKET_RATES_MSG.noProvider);
  const jobId = await deps.jobs.enqueue(REFRESH_MARKET_RATES_JOB, {}, { createdBy: user.userId });
  return { msg: MARKET_RATES_MSG.refreshStarted, jobId };
}
