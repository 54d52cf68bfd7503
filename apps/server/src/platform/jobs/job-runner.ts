import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open-database';
import { jobRuns } from '../../db/schema';

export interface JobContext<T> {
  jobId: string;
  data: T;
  /** 1 on the first try, 2 on the first retry… Handlers must be idempotent: retries rerun everything. */
  attempt: number;
  db: Db;
  log: FastifyBaseLogger;
  setProgress(percent: number, message?: string): Promise<void>;
}

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
  /** A recurring job (cron, in the time zone given); pg-boss sends it once per tick whatever the process count. */
  schedule?: { cron: string; tz: string; data: T };
  handle(ctx: JobContext<T>): Promise<unknown>;
  /** Called once when the last attempt failed, to record what the user sees (never retried). */
  onFinalFailure?(ctx: JobContext<T>, message: string): Promise<void>;
}

/**
 * A failure that would happen again on every attempt (a file with bad rows, an unknown bank): the job
 * fails at once instead of being retried (issue 20 point 8). A person may still retry it by hand once
 * they have fixed the cause.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface EnqueueMeta {
  createdBy?: number | null;
  clientId?: number | null;
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
  let started = false;

  /** `whileActive`: only if the run is still active (an update that may land after the run ended). */
  async function updateRun(jobId: string, values: Partial<typeof jobRuns.$inferInsert>, whileActive = false) {
    const isRun = eq(jobRuns.jobId, jobId);
    await options.db
      .update(jobRuns)
      .set({ ...values, updatedAt: new Date() })
      .where(whileActive ? and(isRun, eq(jobRuns.state, 'active')) : isRun);
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
      await updateRun(job.id, {
        state: 'completed',
        progress: 100,
        result: (result ?? null) as object | null,
      });
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
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
      await updateRun(job.id, { state: final ? 'failed' : 'retrying', message });
      ctx.log.warn({ err, final }, 'job attempt failed');
      if (final && def.onFinalFailure) {
        await def.onFinalFailure(ctx, message).catch((hookErr: unknown) => {
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
     * Creates the queues; with work=true this process also takes jobs (embedded mode, workers), of
     * every queue or only of `queues` (tests sharing one database each work their own).
     */
    async start({ work, queues }: { work: boolean; queues?: readonly string[] }) {
      await boss.start();
      started = true;
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
        if (work && (!queues || queues.includes(def.name))) {
          await boss.work<unknown>(
            def.name,
            {
              includeMetadata: true,
              batchSize: 1,
              pollingIntervalSeconds: def.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2,
            },
            async ([job]) => (job ? runOne(def, job) : undefined),
          );
        }
      }
    },
    async enqueue<T>(name: string, data: T, meta: EnqueueMeta = {}): Promise<string> {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      const jobId = randomUUID();
      await options.db
        .insert(jobRuns)
        .values({ jobId, queue: name, createdBy: meta.createdBy ?? null, clientId: meta.clientId ?? null });
      await boss.send(name, data as object, { id: jobId });
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
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      started = false;
    },
  };
}
