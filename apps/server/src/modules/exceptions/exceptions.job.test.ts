import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAssignees, exceptionItems, jobRuns } from '../../db/schema';
import { defineJobs } from '../../jobs';
import { createRelatedBank } from '../../../test/account-fixtures';
import { createBatchFileRow, createBatchRow } from '../../../test/batch-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { BALANCE_TABLES_JOB } from '../balance-tables/balance-tables.job';
import { DETECT_EXCEPTIONS_JOB, followJobsWithDetection } from './exceptions.job';

// Issue 43 point 1: detection runs as a job after each followed job of a client (here the tables job
// that VALIDATE THIS BATCH sends), and when a person asks for it; never twice in a row waiting.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;

async function waitFor<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 150; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen`);
}

const detectionsOf = (clientId: number) =>
  db()
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.queue, DETECT_EXCEPTIONS_JOB), eq(jobRuns.clientId, clientId)));

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: true, queues: [BALANCE_TABLES_JOB, DETECT_EXCEPTIONS_JOB] });
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

async function clientWithFailedFile() {
  const [clientId] = (await createClients(ctx, 1, 'Exception jobs')) as [number];
  await createRelatedBank(ctx, clientId);
  await db().insert(clientAssignees).values({ clientId, userId: admin.userId });
  const batchId = await createBatchRow(ctx, clientId);
  await createBatchFileRow(ctx, clientId, batchId, { status: 'Failed', extractionMessage: 'Unknown layout' });
  return clientId;
}

describe('the detection job', () => {
  it('follows the tables job of a client, and finds its failed file', async () => {
    const clientId = await clientWithFailedFile();
    const res = await call(ctx, 'POST', `/api/analytics/balance-tables/${clientId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const run = await waitFor(async () => {
      const [r] = await detectionsOf(clientId);
      return r?.state === 'completed' ? r : undefined;
    }, 'the detection after the tables job');
    expect(run.message).toContain('1 new');
    const rows = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId));
    expect(rows.map((r) => [r.kind, r.assigneeId])).toEqual([['extraction_failed', admin.userId]]);
  });

  it('asks once for a client while a detection of it waits to start', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Exception burst')) as [number];
    const jobs = { enqueue: ctx.platform.jobs.enqueue };
    const follow = followJobsWithDetection(db(), jobs);
    // Two tables jobs of the client ended while no detection had started yet.
    for (const jobId of [crypto.randomUUID(), crypto.randomUUID()]) {
      await db().insert(jobRuns).values({ jobId, queue: BALANCE_TABLES_JOB, clientId, state: 'completed' });
      await db()
        .update(jobRuns)
        .set({ state: 'queued' })
        .where(and(eq(jobRuns.queue, DETECT_EXCEPTIONS_JOB), eq(jobRuns.clientId, clientId)));
      await follow({ queue: BALANCE_TABLES_JOB, jobId, state: 'completed' });
    }
    expect(await detectionsOf(clientId)).toHaveLength(1);
    await follow({ queue: 'accounts.extract-csv', jobId: crypto.randomUUID(), state: 'completed' });
    expect(await detectionsOf(clientId)).toHaveLength(1);
  });

  it('runs when a person asks, for a client they see', async () => {
    const clientId = await clientWithFailedFile();
    const res = await call(ctx, 'POST', '/api/exceptions/detect', admin, { clientId });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json() as { jobId: string };
    await waitFor(async () => {
      const [r] = await db().select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
      return r?.state === 'completed' ? r : undefined;
    }, 'the detection asked for');
    expect(
      await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId)),
    ).toHaveLength(1);
  });
});
