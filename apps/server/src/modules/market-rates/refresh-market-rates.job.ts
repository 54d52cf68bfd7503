import type { MarketRateSource } from '@tideline/contracts/market-rates/market-rates.schemas';
import type { DbOrTx } from '../../db/open-database';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import { deleteStandInRows, upsertObservations } from './market-rates.queries';
import { addDays, type RateObservation } from './rate-observation';
import type { RateProvider } from './providers/rate-provider';

export const REFRESH_MARKET_RATES_JOB = 'market-rates.refresh';

/** Each run asks for the last year: analysis reads a year of benchmark history, and FRED revises. */
const LOOKBACK_DAYS = 366;
/** Rates are published on New York business days; the cron reads in that zone. */
const SCHEDULE_TZ = 'America/New_York';

export interface ProviderOutcome {
  provider: string;
  saved: number;
  /** Why the provider, or some of its series, could not be read; their last good values stayed. */
  problems: string[];
}

/**
 * The daily refresh (issue 6 point 4): each provider in turn; what one reads is saved in one
 * transaction, and a provider that is down or answers garbage saves nothing, so the last good rates
 * stay. The run fails (and retries) only when no provider could be read; the reasons are logged and
 * kept as the job run's message either way.
 */
export function refreshMarketRatesJob(deps: {
  providers: RateProvider[];
  cron?: string;
  today?: () => string;
}): JobDefinition<Record<string, never>> {
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));
  return {
    name: REFRESH_MARKET_RATES_JOB,
    retryLimit: 2,
    retryDelaySeconds: 300,
    ...(deps.cron && deps.providers.length > 0
      ? { schedule: { cron: deps.cron, tz: SCHEDULE_TZ, data: {} } }
      : {}),
    async handle(job) {
      if (deps.providers.length === 0) return { outcomes: [] };
      const since = addDays(today(), -LOOKBACK_DAYS);
      const outcomes: ProviderOutcome[] = [];
      for (const provider of deps.providers) {
        try {
          const { observations, failures } = await provider.fetchObservations(since);
          await saveProviderObservations(job.db, observations, provider.name);
          outcomes.push({ provider: provider.name, saved: observations.length, problems: failures });
        } catch (err) {
          const problem = err instanceof Error ? err.message : String(err);
          outcomes.push({ provider: provider.name, saved: 0, problems: [problem] });
        }
      }
      const summary = describeOutcomes(outcomes);
      const hasProblems = outcomes.some((o) => o.problems.length > 0);
      if (hasProblems) job.log.warn({ outcomes }, `market rate refresh: ${summary}`);
      else job.log.info(`market rate refresh: ${summary}`);
      if (outcomes.every((o) => o.saved === 0 && o.problems.length > 0)) throw new Error(summary);
      await job.setProgress(100, summary);
      return { outcomes };
    },
  };
}

/**
 * What a provider read, in one transaction: the values replace earlier ones of the same dates, and
 * stand-in rows of those series (the shipped snapshot's, the demo's) go.
 */
async function saveProviderObservations(
  db: DbOrTx,
  observations: RateObservation[],
  source: MarketRateSource,
): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteStandInRows(tx, [...new Set(observations.map((o) => o.seriesId))]);
    await upsertObservations(tx, observations, source);
  });
}

function describeOutcomes(outcomes: ProviderOutcome[]): string {
  return outcomes
    .map((o) =>
      o.problems.length === 0
        ? `${o.provider}: ${o.saved} observations saved.`
        : `${o.provider}: ${o.saved} observations saved; last good rates kept for: ${o.problems.join('; ')}.`,
    )
    .join(' ');
}
