import { sql } from 'drizzle-orm';
import { JOB_MSG } from '@tideline/contracts';
import type { Db } from '../../db/open-database';

export interface StoppedRun {
  jobId: string;
  queue: string;
  attempts: number;
  data: unknown;
}

/**
 * Runs that no process will finish (issue 40 point 2): job_runs still says queued, active or retrying,
 * but pg-boss has failed or cancelled the job for good (a worker killed on its last attempt: pg-boss's
 * expiry fails the job, and runOne, which would have recorded it, died with the worker), or has no
 * such job at all (a run whose send never happened). They become failed with JOB_MSG.stopped, each
 * by one process only (the update's `returning`), and are answered so that the caller runs each
 * definition's onFinalFailure. Only runs of `queues` (the sweeping process's own definitions);
 * `graceSeconds`: a run this fresh is left alone.
 */
export async function claimStoppedRuns(
  db: Db,
  queues: readonly string[],
  graceSeconds: number,
): Promise<StoppedRun[]> {
  if (queues.length === 0) return [];
  const { rows } = await db.execute(sql`with stopped as (
      select r.job_id, coalesce(j.data, a.data) as data
      from job_runs r
      left join pgboss.job j on j.name = r.queue and j.id = r.job_id
      left join pgboss.archive a on a.name = r.queue and a.id = r.job_id
      where r.state in ('queued', 'active', 'retrying')
        and r.queue = any(${sql.param([...queues])}::text[])
        and r.updated_at < now() - make_interval(secs => ${graceSeconds})
        and ((j.id is null and a.id is null) or coalesce(j.state, a.state) in ('failed', 'cancelled'))
      limit 500)
    update job_runs r set state = 'failed', message = ${JOB_MSG.stopped}, updated_at = now()
    from stopped
    where r.job_id = stopped.job_id and r.state in ('queued', 'active', 'retrying')
    returning r.job_id as "jobId", r.queue, r.attempts, stopped.data`);
  return rows as unknown as StoppedRun[];
}
