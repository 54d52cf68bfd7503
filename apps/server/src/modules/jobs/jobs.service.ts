import { eq } from 'drizzle-orm';
import type { JobStatus } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { jobRuns } from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';
import { conflict, notFound } from '../../platform/http/app-error';
import type { JobRunner } from '../../platform/jobs/job-runner';

const JOB_NOT_FOUND = 'Job not found.';

async function findOwnRun(db: Db, user: CurrentUser, jobId: string) {
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
  if (!run || run.createdBy !== user.userId) throw notFound(JOB_NOT_FOUND);
  return run;
}

export async function findJobStatus(db: Db, user: CurrentUser, jobId: string): Promise<JobStatus> {
  const run = await findOwnRun(db, user, jobId);
  return {
    jobId: run.jobId,
    queue: run.queue,
    state: run.state,
    progress: run.progress,
    attempts: run.attempts,
    message: run.message,
    result: run.result ?? null,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
  };
}

export async function retryJob(deps: { db: Db; jobs: JobRunner }, user: CurrentUser, jobId: string) {
  await findOwnRun(deps.db, user, jobId);
  if (!(await deps.jobs.retry(jobId))) throw conflict('Only a job that failed can be retried.');
}
