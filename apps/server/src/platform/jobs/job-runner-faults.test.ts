import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { JOB_MSG } from '@tideline/contracts';
import { jobRuns } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { createJobRunner, describeJobFailure, PermanentJobError, type JobRunner } from './job-runner';

// Issue 40 points 1 and 2: a job is sent in its caller's transaction or not at all; a run no process
// will finish (its last attempt expired, or its job was never sent) ends failed with a sentence of
// ours and its definition's final-failure step; a database failure never shows its SQL to a user.

let ctx: TestContext;
let runner: JobRunner;
const finalFailures: { jobId: string; data: unknown; message: string; stopped: boolean }[] = [];
let releaseHung: () => void = () => undefined;
const hung = new Promise<void>((resolve) => (releaseHung = resolve));

const runOf = async (jobId: string) =>
  (await ctx.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId)))[0];

const bossJobOf = async (queue: string, jobId: string) => {
  const { rows } = await ctx.database.pool.query<{ state: string }>(
    'select state from pgboss.job where name = $1 and id = $2',
    [queue, jobId],
  );
  return rows[0];
};

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  runner = createJobRunner({
    db: ctx.database.db,
    databaseUrl: ctx.database.url,
    log: ctx.app.log,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  });
  runner.define<{ n: number }>({
    name: 'probe-faults-quick',
    async handle(job) {
      return { n: job.data.n };
    },
  });
  // An attempt that outlives its expiry, as one whose worker was killed: pg-boss fails it (its last).
  runner.define<{ file: string }>({
    name: 'probe-faults-hangs',
    retryLimit: 0,
    expireInSeconds: 1,
    async handle() {
      await hung;
      return { late: true };
    },
    async onFinalFailure(job, message, how) {
      finalFailures.push({ jobId: job.jobId, data: job.data, message, stopped: how?.stopped ?? false });
    },
  });
  await runner.start({ work: true });
});

afterAll(async () => {
  releaseHung();
  await runner.stop();
  await ctx.close();
});

describe('jobs sent in the caller’s transaction', () => {
  it('a rolled-back transaction leaves neither the job nor its run; a committed one runs', async () => {
    let rolledBack = '';
    await ctx.database.db
      .transaction(async (tx) => {
        rolledBack = await runner.enqueue('probe-faults-quick', { n: 1 }, { tx });
        expect(await tx.select().from(jobRuns).where(eq(jobRuns.jobId, rolledBack))).toHaveLength(1);
        throw new Error('the caller failed after sending');
      })
      .catch(() => undefined);
    expect(await runOf(rolledBack)).toBeUndefined();
    expect(await bossJobOf('probe-faults-quick', rolledBack)).toBeUndefined();

    const committed = await ctx.database.db.transaction((tx) =>
      runner.enqueue('probe-faults-quick', { n: 2 }, { tx }),
    );
    const run = await waitFor(
      () => runOf(committed),
      (r) => r?.state === 'completed',
    );
    expect(run).toMatchObject({ state: 'completed', result: { n: 2 } });
  }, 150_000);
});

describe('runs no process will finish', () => {
  it('an expired last attempt ends failed as stopped, with its final-failure step, once', async () => {
    const jobId = await runner.enqueue('probe-faults-hangs', { file: 'june.bai' });
    await waitFor(
      () => bossJobOf('probe-faults-hangs', jobId),
      (j) => j?.state === 'failed',
    );
    // pg-boss has given up, but the run still says what the killed attempt last wrote.
    expect((await runOf(jobId))?.state).toBe('active');
    expect(await runner.finishStoppedRuns(0)).toBe(1);
    expect(await runOf(jobId)).toMatchObject({ state: 'failed', message: JOB_MSG.stopped });
    expect(finalFailures).toEqual([
      { jobId, data: { file: 'june.bai' }, message: JOB_MSG.stopped, stopped: true },
    ]);
    // A second sweep (another process's) finds nothing left to do; a late end changes nothing.
    expect(await runner.finishStoppedRuns(0)).toBe(0);
    releaseHung();
    await new Promise((r) => setTimeout(r, 500));
    expect(await runOf(jobId)).toMatchObject({ state: 'failed', message: JOB_MSG.stopped });
    expect(finalFailures).toHaveLength(1);
  }, 150_000);

  it('a run whose job was never sent ends failed once it is older than the grace', async () => {
    const orphan = randomUUID();
    const fresh = randomUUID();
    await ctx.database.db.insert(jobRuns).values([
      { jobId: orphan, queue: 'probe-faults-quick', updatedAt: sql`now() - interval '5 minutes'` },
      { jobId: fresh, queue: 'probe-faults-quick' },
    ]);
    expect(await runner.finishStoppedRuns(60)).toBe(1);
    expect(await runOf(orphan)).toMatchObject({ state: 'failed', message: JOB_MSG.stopped });
    expect(await runOf(fresh)).toMatchObject({ state: 'queued' });
  });
});

describe('what a failed attempt tells the user', () => {
  it('is the handler’s sentence, or ours for the database’s failures, never SQL', () => {
    const lost = new Error('Connection terminated unexpectedly');
    const query = new DrizzleQueryError('with next as (select 1) update batch_accounts …', [1], lost);
    expect(describeJobFailure(query)).toBe(JOB_MSG.databaseUnavailable);
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(describeJobFailure(new DrizzleQueryError('update batch_accounts …', [], deadlock))).toBe(
      JOB_MSG.systemError,
    );
    expect(describeJobFailure(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(
      JOB_MSG.databaseUnavailable,
    );
    expect(describeJobFailure(new PermanentJobError('Row 7: no such account.'))).toBe(
      'Row 7: no such account.',
    );
    expect(describeJobFailure(new Error('The bank file could not be read.'))).toBe(
      'The bank file could not be read.',
    );
  });
});
