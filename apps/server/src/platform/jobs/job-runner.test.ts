import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { jobRuns } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { createJobRunner, PermanentJobError, type JobRunner } from './job-runner';

// A job that writes its output rows and then "crashes" on the first attempt, after its rows committed.
const output = pgTable('job_probe_rows', {
  jobId: uuid('job_id').notNull(),
  seq: integer('seq').notNull(),
  note: text('note'),
});

let ctx: TestContext;
let runner: JobRunner;

// Generous: on a loaded 2-core CI machine a retried job with pg-boss's delays took over 20 s.
async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 50_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const runOf = async (jobId: string) =>
  (await ctx.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId)))[0]!;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.db.execute(
    sql`create table if not exists job_probe_rows (job_id uuid not null, seq int not null, note text)`,
  );
  runner = createJobRunner({
    db: ctx.database.db,
    databaseUrl: ctx.database.url,
    log: ctx.app.log,
    pollingIntervalSeconds: 0.5,
  });
  runner.define<{ rows: number }>({
    name: 'probe-write-rows',
    retryLimit: 2,
    retryDelaySeconds: 1,
    async handle(job) {
      // The idempotent pattern every job follows: replace whatever an earlier attempt of this job wrote.
      await job.db.transaction(async (tx) => {
        await tx.delete(output).where(eq(output.jobId, job.jobId));
        await tx.insert(output).values(
          Array.from({ length: job.data.rows }, (_, seq) => ({
            jobId: job.jobId,
            seq,
            note: `attempt ${job.attempt}`,
          })),
        );
      });
      await job.setProgress(50, 'rows written');
      if (job.attempt === 1) throw new Error('worker crashed after writing');
      return { rows: job.data.rows };
    },
  });
  runner.define<Record<string, never>>({
    name: 'probe-always-fails',
    retryLimit: 1,
    retryDelaySeconds: 1,
    async handle() {
      throw new Error('The bank file could not be read: no template matched.');
    },
  });
  runner.define<Record<string, never>>({
    name: 'probe-bad-file',
    retryLimit: 3,
    retryDelaySeconds: 1,
    async handle() {
      throw new PermanentJobError('Row 7: Bank Name is not a bank of this client.');
    },
  });
  runner.define<Record<string, never>>({
    name: 'probe-late-progress',
    async handle(job) {
      // Progress reported without awaiting it, landing after the job has completed.
      setTimeout(() => void job.setProgress(95, 'late').catch(() => undefined), 300);
      return { done: true };
    },
  });
  await runner.start({ work: true });
});
afterAll(async () => {
  await runner.stop();
  await ctx.close();
});

describe('job runner', () => {
  it('retries a job that crashed after writing, leaving no duplicate rows', async () => {
    const jobId = await runner.enqueue('probe-write-rows', { rows: 25 }, { createdBy: 1 });
    const run = await waitFor(
      () => runOf(jobId),
      (r) => r.state === 'completed',
    );
    expect(run).toMatchObject({ state: 'completed', attempts: 2, progress: 100, result: { rows: 25 } });
    const rows = await ctx.database.db.select().from(output).where(eq(output.jobId, jobId));
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.note))).toEqual(new Set(['attempt 2']));
  }, 60_000);

  it('ignores progress reported once the job has completed', async () => {
    const jobId = await runner.enqueue('probe-late-progress', {}, { createdBy: 1 });
    await waitFor(
      () => runOf(jobId),
      (r) => r.state === 'completed',
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(await runOf(jobId)).toMatchObject({ state: 'completed', progress: 100, result: { done: true } });
  }, 60_000);

  it('records a readable message when a job fails for good, and can run it again', async () => {
    const jobId = await runner.enqueue('probe-always-fails', {}, { createdBy: 1 });
    const run = await waitFor(
      () => runOf(jobId),
      (r) => r.state === 'failed',
    );
    expect(run).toMatchObject({
      state: 'failed',
      attempts: 2,
      message: 'The bank file could not be read: no template matched.',
    });
    expect(await runner.retry(jobId)).toBe(true);
    const again = await waitFor(
      () => runOf(jobId),
      (r) => r.attempts > 2 && r.state === 'failed',
    );
    expect(again.attempts).toBeGreaterThan(2);
    expect(await runner.retry(randomUUID())).toBe(false);
  }, 120_000);

  it('fails a permanent failure at once, without retries, and can still run it again (issue 20 point 8)', async () => {
    const jobId = await runner.enqueue('probe-bad-file', {}, { createdBy: 1 });
    const run = await waitFor(
      () => runOf(jobId),
      (r) => r.state === 'failed',
    );
    expect(run).toMatchObject({
      state: 'failed',
      attempts: 1,
      message: 'Row 7: Bank Name is not a bank of this client.',
    });
    // Nothing comes back on its own.
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await runOf(jobId)).attempts).toBe(1);
    expect(await runner.retry(jobId)).toBe(true);
    const again = await waitFor(
      () => runOf(jobId),
      (r) => r.attempts === 2 && r.state === 'failed',
    );
    expect(again).toMatchObject({ state: 'failed', attempts: 2 });
  }, 60_000);
});
