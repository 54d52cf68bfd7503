import { type AnalyticsError, type MonteCarloInput } from '@tideline/analytics';
import { MONTE_CARLO_MSG } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { PROMPT_POLLING_SECONDS, type JobContext, type JobDefinition } from '../../platform/jobs/job-runner';
import { loadGroupHistory, refreshGroupTables } from '../balance-tables/group-history';
import { MONTE_CARLO_THREADS, runMonteCarloOnWorkers } from './monte-carlo-pool';
import * as q from './monte-carlo.queries';
import type { DefaultCushions } from './run-levels';
import { findRunRates, toRateCurve } from './run-rates';

export const MONTE_CARLO_JOB = 'analysis.monte-carlo';

export interface MonteCarloJobData {
  monteCarloId: number;
  clientId: number;
  /** Who asked: the balance tables rebuilt on the way are theirs. */
  userId: number;
}

export interface MonteCarloJobResult {
  monteCarloId: number;
  /** 'missing': the run was deleted before the job got to it. */
  state: 'done' | 'failed' | 'missing';
  message: string | null;
}

type MonteCarloJob = Pick<JobContext<MonteCarloJobData>, 'db' | 'data' | 'setProgress'>;

/** A model error as the sentence the history table shows. */
export function describeModelError(error: AnalyticsError): string {
  const text = error.message.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The run date, YYYY-MM-DD (UTC): the model's "today" and the day of its market rates. */
export function runDateOf(createdAt: Date): string {
  return createdAt.toISOString().slice(0, 10);
}

/**
 * The Monte Carlo run (analytics.md "Monte Carlo"; issue 18 point 3), given a db: rebuilds the group's
 * stale balance tables, reads the group's daily table, takes the stored market rates of the run date,
 * runs the model on worker threads from the run's stored seed, and stores the MonteCarloResult as the
 * model returned it. What the data does not allow (too short a history, a negative balance) is
 * recorded on the run as its message, state 'failed'; the run can then be run again. Anything else
 * throws, and the job is retried. Idempotent: a retry computes the same result from the same seed.
 */
export async function computeMonteCarloRun(job: MonteCarloJob): Promise<MonteCarloJobResult> {
  const { db, data } = job;
  const { monteCarloId } = data;
  const missing: MonteCarloJobResult = { monteCarloId, state: 'missing', message: null };
  const run = await q.selectRunRow(db, monteCarloId);
  if (!run) return missing;
  const fail = async (message: string): Promise<MonteCarloJobResult> => {
    await q.updateRun(db, monteCarloId, { state: 'failed', message, completedAt: new Date() });
    return { monteCarloId, state: 'failed', message };
  };

  await q.updateRun(db, monteCarloId, { state: 'running', message: null, completedAt: null });
  await job.setProgress(5, 'Bringing the balance tables up to date');
  // Taken before the tables are read: a change made while they are read counts as a later change.
  const dataAsOf = new Date();
  await refreshGroupTables(db, { clientId: data.clientId, userId: data.userId }, run.accountGroupId);
  await job.setProgress(20, 'Reading the account group’s history');
  const history = await loadGroupHistory(db, run.accountGroupId);
  if (!history) return fail(MONTE_CARLO_MSG.noHistory);

  const runDate = runDateOf(run.createdAt);
  const runRates = await findRunRates(db, runDate);
  const rateCurve = toRateCurve(runRates);
  const input: MonteCarloInput = {
    accounts: [history],
    endDate: run.endDate,
    numberOfYears: run.numberOfYears,
    today: runDate,
    seed: run.seed,
    paths: run.paths,
    dateRange: 6,
    ...(rateCurve ? { rateCurve } : {}),
  };
  await job.setProgress(25, `Simulating ${run.paths.toLocaleString('en-US')} paths`);
  let slices = 0;
  const result = await runMonteCarloOnWorkers(input, () => {
    slices += 1;
    void job.setProgress(25 + (70 * slices) / MONTE_CARLO_THREADS).catch(() => undefined);
  });
  if (!result.ok) return fail(describeModelError(result.error));

  // Both ranges' default cushions (the worst 30-day outflow of the last 6 or 12 months beyond level
  // one's operating need), so Set Liquidity Levels can offer both (spec 9).
  const defaultCushions: DefaultCushions = { ...result.value.defaultCushions };
  const isStored = await q.updateRun(db, monteCarloId, {
    state: 'done',
    message: null,
    result: result.value,
    rates: runRates,
    defaultCushions,
    dataAsOf,
    completedAt: new Date(),
  });
  return isStored ? { monteCarloId, state: 'done', message: null } : missing;
}

/** Registered in jobs.ts; sent by POST /api/analytics/monte-carlo/run. */
export function monteCarloJob(): JobDefinition<MonteCarloJobData> {
  return {
    name: MONTE_CARLO_JOB,
    retryLimit: 1,
    retryDelaySeconds: 5,
    pollingIntervalSeconds: PROMPT_POLLING_SECONDS,
    expireInSeconds: 10 * 60,
    handle: (job) => computeMonteCarloRun(job),
    onFinalFailure: async (job, message) => {
      await q.updateRun(job.db, job.data.monteCarloId, {
        state: 'failed',
        message: MONTE_CARLO_MSG.jobFailed(message),
        completedAt: new Date(),
      });
    },
  };
}
