import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { jobRuns } from '../../db/schema';
import type { JobDefinition, JobEnded, JobRunner } from '../../platform/jobs/job-runner';
import { BALANCE_TABLES_JOB } from '../balance-tables/balance-tables.job';
import { EXTRACT_BATCH_FILE_JOB } from '../data-ingestion/extraction/extract-batch-file.job';
import { MONTE_CARLO_JOB } from '../monte-carlo/monte-carlo.job';
import { REPORT_PDF_JOB } from '../reports/reports.job';
import { SHORT_TERM_STEP1_JOB, SHORT_TERM_STEP2_JOB } from '../short-term/short-term.job';
import { detectExceptions } from './detect-exceptions';

export const DETECT_EXCEPTIONS_JOB = 'exceptions.detect';

export interface DetectExceptionsData {
  /** The clients to look at; null: every active client (the nightly run). */
  clientIds: number[] | null;
}

/** The firm's calendar day of a moment (UTC, as the database's current_date). */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Detection as a job (issue 43 point 1): nightly over every client, and for one client after each of
 * its extractions, validations (the tables job they send) and analysis runs.
 */
export function detectExceptionsJob(deps: {
  cron?: string;
  now?: () => Date;
}): JobDefinition<DetectExceptionsData> {
  const now = deps.now ?? (() => new Date());
  return {
    name: DETECT_EXCEPTIONS_JOB,
    retryLimit: 2,
    retryDelaySeconds: 30,
    ...(deps.cron ? { schedule: { cron: deps.cron, tz: 'UTC', data: { clientIds: null } } } : {}),
    async handle(job) {
      const at = now();
      const outcome = await detectExceptions(job.db, {
        clientIds: job.data.clientIds,
        today: dayOf(at),
        now: at,
      });
      await job.setProgress(
        100,
        `${outcome.found} found over ${outcome.clients} clients: ${outcome.opened} new, ` +
          `${outcome.reopened} found again, ${outcome.resolved} resolved themselves.`,
      );
      return outcome;
    },
  };
}

/** The queues whose end may change what a client's queue should hold. */
export const QUEUES_FOLLOWED: ReadonlySet<string> = new Set([
  EXTRACT_BATCH_FILE_JOB,
  BALANCE_TABLES_JOB,
  MONTE_CARLO_JOB,
  SHORT_TERM_STEP1_JOB,
  SHORT_TERM_STEP2_JOB,
  REPORT_PDF_JOB,
]);

/**
 * After a followed job of a client ends, one detection of that client, unless one is already
 * waiting to start (a burst of twenty extractions asks once more, not twenty times).
 */
export function followJobsWithDetection(db: Db, jobs: Pick<JobRunner, 'enqueue'>) {
  return async (ended: JobEnded) => {
    if (!QUEUES_FOLLOWED.has(ended.queue)) return;
    const [run] = await db
      .select({ clientId: jobRuns.clientId })
      .from(jobRuns)
      .where(eq(jobRuns.jobId, ended.jobId));
    const clientId = run?.clientId;
    if (!clientId) return;
    const [waiting] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.queue, DETECT_EXCEPTIONS_JOB),
          eq(jobRuns.clientId, clientId),
          eq(jobRuns.state, 'queued'),
        ),
      );
    if ((waiting?.n ?? 0) > 0) return;
    await jobs.enqueue<DetectExceptionsData>(DETECT_EXCEPTIONS_JOB, { clientIds: [clientId] }, { clientId });
  };
}
