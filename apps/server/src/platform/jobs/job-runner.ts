import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { JOB_MSG } from '@tideline/contracts';
import { isEmbeddedDb, type Db, type DbOrTx } from '../../db/open-database';
import { isDatabaseError, isDatabaseUnavailable } from '../../db/pg-errors';
import { jobRuns } from '../../db/schema';
import { claimStoppedRuns } from './stopped-runs';

export interface JobContext<T> {
  jobId: string;
  data: T;
  /** 1 on the first try, 2 on the first retry… Handlers must be idempotent: retries rerun everything. */
  attempt: number;
  db: Db;
  log: FastifyBaseLogger;
  setProgress(percent: number, message?: string): Promise<void>;
}

/** A run this fresh is never taken for stopped: its send may still be on its way. */
const STOPPED_GRACE_SECONDS = 60;

/** Polling for the queues of work a person waits on (pg-boss's least). */
export const PROMPT_POLLING_SECONDS = 0.5;

export interface JobDefinition<T> {
  name: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /**
   * How often an idle worker asks for this queue's next job (default 2 s; pg-boss's least is 0.5 s):
   * short for work a person waits on with a progress bar, such as an analysis run.
   */
  pollingIntervalSeconds?: number;
  /**
   * How many of this queue's jobs one process works at once (default 1): a lane waits on the database
   * or a parse thread while another works.
   */
  lanes?: number;
  /** A recurring job (cron, in the time zone given); pg-boss sends it once per tick whatever the process count. */
  schedule?: { cron: string; tz: string; data: T };
  handle(ctx: JobContext<T>): Promise<unknown>;
  /**
   * Called once when the last attempt failed, to record what the user sees (never retried). `stopped`:
   * no attempt failed, the last one's process was killed or lost (pg-boss expired it), and the
   * runner's sweep noticed (stopped-runs.ts); `message` is then JOB_MSG.stopped.
   */
  onFinalFailure?(ctx: JobContext<T>, message: string, how?: { stopped: boolean }): Promise<void>;
}

/**
 * A failure that would happen again on every attempt (a file with bad rows, an unknown bank): the job
 * fails at once instead of being retried (issue 20 point 8). A person may still retry it by hand once
 * they have fixed the cause.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobEnded {
  queue: string;
  jobId: string;
  state: 'completed' | 'failed';
}
export type JobEndedListener = (ended: JobEnded) => Promise<void> | void;

export interface EnqueueMeta {
  createdBy?: number | null;
  clientId?: number | null;
  /**
   * Send the job in the caller's transaction (issue 40 point 2): the job and its job_runs row commit
   * with the rows that need it (a Queued file), or not at all, so no process killed in between can
   * leave one without the other.
   */
  tx?: DbOrTx;
}

/**
 * A failed attempt's message as the user reads it: the handler's own sentence, or ours when the
 * failure is the database's (a query's SQL text, a lost connection), which only the log keeps.
 */
export function describeJobFailure(err: unknown): string {
  if (err instanceof PermanentJobError) return err.message;
  if (isDatabaseUnavailable(err)) return JOB_MSG.databaseUnavailable;
  if (isDatabaseError(err)) return JOB_MSG.systemError;
  return err instanceof Error ? err.message : String(err);
}

/** pg-boss's executor for one Drizzle transaction: its numbered parameters become Drizzle's. */
function executorOf(tx: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = [sql.raw(parts[0]!)];
      for (let i = 1; i < parts.length; i += 2)
        chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`, sql.raw(parts[i + 1]!));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Jobs are pg-boss rows taken with SKIP LOCKED, so any number of workers share a queue; retries back
 * off exponentially. job_runs mirrors each job's state, progress and a message a person can read.
 */
export function createJobRunner(options: {
  db: Db;
  databaseUrl: string;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  /** How often pg-boss fails jobs past their expireIn (a killed worker's), so they are retried. */
  maintenanceIntervalSeconds?: number;
}) {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: 4,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (err) => options.log.error({ err }, 'job runner error'));
  const definitions = new Map<string, JobDefinition<unknown>>();
  const endedListeners: JobEndedListener[] = [];
  const tellEnded = (ended: JobEnded) => {
    for (const listener of endedListeners)
      void Promise.resolve()
        .then(() => listener(ended))
        .catch((err: unknown) =>
          options.log.error({ err, queue: ended.queue }, 'a job-ended listener failed'),
        );
  };
  let started = false;
  let sweepTimer: NodeJS.Timeout | undefined;

  /** `whileActive`: only if the run is still active (an update that may land after the run ended). */
  async function updateRun(jobId: string, values: Partial<typeof jobRuns.$inferInsert>, whileActive = false) {
    const isRun = eq(jobRuns.jobId, jobId);
    await options.db
      .update(jobRuns)
      .set({ ...values, updatedAt: new Date() })
      .where(whileActive ? and(isRun, eq(jobRuns.state, 'active')) : isRun);
  }

  /**
   * Each queue created (or updated) and its schedule set. Processes starting at once on a fresh
   * database take turns (issue 40 fault suite): pg-boss creates a queue's partition with DDL, and two
   * processes doing it together deadlocked, which ended one of them. PGlite runs one process and one
   * transaction at a time: a lock held open there would stop pg-boss's own connection.
   */
  async function setUpQueues() {
    const createAll = async () => {
      for (const def of definitions.values()) {
        await boss.createQueue(def.name, {
          name: def.name,
          retryLimit: def.retryLimit ?? 3,
          retryDelay: def.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        });
        if (def.schedule) {
          await boss.schedule(def.name, def.schedule.cron, def.schedule.data as object, {
            tz: def.schedule.tz,
          });
        } else {
          await boss.unschedule(def.name);
        }
      }
    };
    if (isEmbeddedDb(options.db)) return createAll();
    await options.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tideline.job-queues'))`);
      await createAll();
    });
  }

  /** Runs no process will finish get their final failure recorded (stopped-runs.ts). */
  async function finishStoppedRuns(graceSeconds: number): Promise<number> {
    const stopped = await claimStoppedRuns(options.db, [...definitions.keys()], graceSeconds);
    for (const run of stopped) {
      const def = definitions.get(run.queue);
      const log = options.log.child({ job: run.queue, jobId: run.jobId });
      log.warn('a job run was stopped before it finished (its process was killed or lost)');
      if (!def?.onFinalFailure) continue;
      const ctx: JobContext<unknown> = {
        jobId: run.jobId,
        data: run.data,
        attempt: run.attempts,
        db: options.db,
        log,
        setProgress: async () => undefined,
      };
      await def.onFinalFailure(ctx, JOB_MSG.stopped, { stopped: true }).catch((err: unknown) => {
        log.error({ err }, 'could not record the stop of a job');
      });
    }
    return stopped.length;
  }

  async function runOne<T>(def: JobDefinition<T>, job: PgBoss.JobWithMetadata<T>) {
    const attempt = job.retryCount + 1;
    // A scheduled job was sent by pg-boss's cron, not enqueue(): give it its job_runs row here.
    await options.db.insert(jobRuns).values({ jobId: job.id, queue: def.name }).onConflictDoNothing();
    await updateRun(job.id, { state: 'active', attempts: attempt, message: null });
    const ctx: JobContext<T> = {
      jobId: job.id,
      data: job.data,
      attempt,
      db: options.db,
      log: options.log.child({ job: def.name, jobId: job.id, attempt }),
      // Only while the attempt runs: a handler may report progress without awaiting it (the Monte Carlo
      // job, per finished slice), and such an update landing after 'completed, 100' showed a finished
      // job at 95%.
      setProgress: (percent, message) =>
        updateRun(
          job.id,
          { progress: Math.max(0, Math.min(100, Math.round(percent))), ...(message ? { message } : {}) },
          true,
        ),
    };
    try {
      const result = await def.handle(ctx);
      // While active only: an attempt that outlived its expiry was failed by pg-boss and, as stopped,
      // by the sweep; its late end changes nothing the user was told.
      await updateRun(
        job.id,
        { state: 'completed', progress: 100, result: (result ?? null) as object | null },
        true,
      );
      tellEnded({ queue: def.name, jobId: job.id, state: 'completed' });
      return result;
    } catch (err) {
      const message = describeJobFailure(err);
      const isPermanent = err instanceof PermanentJobError;
      const final = isPermanent || job.retryCount >= job.retryLimit;
      // pg-boss retries while retry_count < retry_limit: a permanent failure spends the retries left.
      if (isPermanent && job.retryCount < job.retryLimit)
        await boss
          .getDb()
          .executeSql(`UPDATE pgboss.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [
            def.name,
            job.id,
          ]);
      await updateRun(job.id, { state: final ? 'failed' : 'retrying', message }, true);
      ctx.log.warn({ err, final }, 'job attempt failed');
      if (final) tellEnded({ queue: def.name, jobId: job.id, state: 'failed' });
      if (final && def.onFinalFailure) {
        await def.onFinalFailure(ctx, message, { stopped: false }).catch((hookErr: unknown) => {
          ctx.log.error({ err: hookErr }, 'could not record the failure of a job');
        });
      }
      throw err;
    }
  }

  return {
    boss,
    define<T>(def: JobDefinition<T>) {
      definitions.set(def.name, def as JobDefinition<unknown>);
    },
    /**
     * Called after a job of this process completed or failed for good (never awaited by the job; a
     * listener's failure is logged): follow-up work such as the exception queue's detection.
     */
    onJobEnded(listener: JobEndedListener) {
      endedListeners.push(listener);
    },
    /**
     * Creates the queues; with work=true this process also takes jobs (embedded mode, workers), of
     * every queue or only of `queues` (tests sharing one database each work their own).
     */
    async start({ work, queues }: { work: boolean; queues?: readonly string[] }) {
      await boss.start();
      started = true;
      await setUpQueues();
      for (const def of definitions.values()) {
        if (work && (!queues || queues.includes(def.name))) {
          for (let lane = 0; lane < (def.lanes ?? 1); lane++) {
            const workerId: string = await boss.work<unknown>(
              def.name,
              {
                includeMetadata: true,
                batchSize: 1,
                pollingIntervalSeconds: def.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2,
              },
              async ([job]) => {
                if (!job) return undefined;
                // A queue with more waiting is asked again at once, not after the polling interval:
                // two-row files waited up to 2 s each between jobs (issue 40 point 5).
                try {
                  return await runOne(def, job);
                } finally {
                  boss.notifyWorker(workerId);
                }
              },
            );
          }
        }
      }
      if (work) {
        const everyMs = (options.maintenanceIntervalSeconds ?? 30) * 1000;
        sweepTimer = setInterval(() => {
          finishStoppedRuns(STOPPED_GRACE_SECONDS).catch((err: unknown) =>
            options.log.warn({ err }, 'could not sweep stopped job runs'),
          );
        }, everyMs);
        sweepTimer.unref();
      }
    },
    /** One sweep of stopped runs now (tests; the interval does the same). */
    finishStoppedRuns,
    async enqueue<T>(name: string, data: T, meta: EnqueueMeta = {}): Promise<string> {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      const jobId = randomUUID();
      const db = meta.tx ?? options.db;
      await db
        .insert(jobRuns)
        .values({ jobId, queue: name, createdBy: meta.createdBy ?? null, clientId: meta.clientId ?? null });
      await boss.send(name, data as object, meta.tx ? { id: jobId, db: executorOf(meta.tx) } : { id: jobId });
      return jobId;
    },
    /** A job that failed for good runs again from the start, keeping its id (and so its idempotency key). */
    async retry(jobId: string): Promise<boolean> {
      const [run] = await options.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
      if (!run || run.state !== 'failed') return false;
      await boss.retry(run.queue, jobId);
      await options.db
        .update(jobRuns)
        .set({ state: 'queued', message: null, updatedAt: sql`now()` })
        .where(eq(jobRuns.jobId, jobId));
      return true;
    },
    async stop() {
      clearInterval(sweepTimer);
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      started = false;
    },
  };
}
