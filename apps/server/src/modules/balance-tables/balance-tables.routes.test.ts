import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@tideline/contracts';
import {
  BALANCE_TABLES_MSG,
  type BalanceTablesJobResult,
} from '@tideline/contracts/balance-tables/balance-tables.schemas';
import { dailyBalances, jobRuns } from '../../db/schema';
import { defineJobs } from '../../jobs';
import { createPromotionWorld } from '../../../test/promotion-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { BALANCE_TABLES_JOB } from './balance-tables.job';

// POST /api/analytics/balance-tables/:clientId and the job VALIDATE THIS BATCH sends, worked by this
// process's pg-boss as a worker would.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const start = (clientId: number, user: SignedInUser) =>
  call(ctx, 'POST', `/api/analytics/balance-tables/${clientId}`, user);

async function waitForRun(jobId: string) {
  for (let i = 0; i < 100; i += 1) {
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    if (run?.state === 'completed' || run?.state === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: true, queues: [BALANCE_TABLES_JOB] });
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('POST /api/analytics/balance-tables/:clientId', () => {
  it('needs RUN_CALCULATIONS', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Tables')) as [number];
    const { roleName } = await createRole(
      ctx,
      PERMISSIONS.filter((p) => p !== 'RUN_CALCULATIONS'),
    );
    const res = await start(clientId, await createSignedInUser(ctx, roleName));
    expect(res.statusCode, res.body).toBe(403);
  });

  it('answers 404 for a client outside a client-scoped user’s association', async () => {
    const [own, other] = (await createClients(ctx, 2, 'Tables scoped')) as [number, number];
    const { roleName } = await createRole(ctx, ['RUN_CALCULATIONS'], true);
    const user = await createSignedInUser(ctx, roleName, [own]);
    expect((await start(other, user)).statusCode).toBe(404);
    expect((await start(2_000_000_000, admin)).statusCode).toBe(404);
    expect((await start(own, user)).statusCode).toBe(200);
  });

  it('sends the job for all the client’s accounts; its progress is read at /api/jobs', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Tables run')) as [number];
    const res = await start(clientId, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = res.json() as { msg: string; jobId: string };
    const run = await waitForRun(jobId);
    expect(run).toMatchObject({
      queue: BALANCE_TABLES_JOB,
      clientId,
      createdBy: admin.userId,
      progress: 100,
    });
    const status = await call(ctx, 'GET', `/api/jobs/${jobId}`, admin);
    expect(status.json()).toMatchObject({ state: 'completed', progress: 100 });
  });
});

describe('one calculation of a client at a time (issue 40 point 4)', () => {
  const jobsOf = (clientId: number) =>
    db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.queue, BALANCE_TABLES_JOB), eq(jobRuns.clientId, clientId)));

  it('sends one job for two requests at once: the other is 409; once it has ended, a new one is sent', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Tables twice')) as [number];
    const answers = await Promise.all([start(clientId, admin), start(clientId, admin)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      msg: BALANCE_TABLES_MSG.alreadyRunning,
    });
    const { jobId } = answers.find((r) => r.statusCode === 200)!.json() as { jobId: string };
    expect((await jobsOf(clientId)).map((r) => r.jobId)).toEqual([jobId]);
    expect((await waitForRun(jobId)).state).toBe('completed');
    const again = await start(clientId, admin);
    expect(again.statusCode, again.body).toBe(200);
    await waitForRun((again.json() as { jobId: string }).jobId);
    expect(await jobsOf(clientId)).toHaveLength(2);
  });

  it('refuses while a job of the client is queued or retrying, and sends one again once it has failed', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Tables in flight')) as [number];
    // A run no worker takes (no pg-boss job), as a promotion's job waiting its turn.
    const jobId = randomUUID();
    await db().insert(jobRuns).values({ jobId, queue: BALANCE_TABLES_JOB, clientId, state: 'retrying' });
    const refused = await start(clientId, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: BALANCE_TABLES_MSG.alreadyRunning });
    await db().update(jobRuns).set({ state: 'failed' }).where(eq(jobRuns.jobId, jobId));
    const accepted = await start(clientId, admin);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await waitForRun((accepted.json() as { jobId: string }).jobId);
  });
});

describe('VALIDATE THIS BATCH', () => {
  it('sends the job for the promoted accounts, which writes their tables', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Tables promote')) as [number];
    const world = await createPromotionWorld(ctx, clientId, { rows: 4 });
    const validated = await call(ctx, 'PUT', '/api/data-ingestion/accounts/validate', admin, {
      accounts: world.accounts.map((a) => ({ batchAccountId: a.batchAccountId })),
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const promoted = await call(ctx, 'PUT', '/api/data-ingestion/batches/validate', admin, {
      accounts: [{ batchId: world.batchId }],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const runs = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.queue, BALANCE_TABLES_JOB), eq(jobRuns.clientId, clientId)));
    expect(runs).toHaveLength(1);
    const run = await waitForRun(runs[0]!.jobId);
    expect(run.state).toBe('completed');
    expect(run.result as BalanceTablesJobResult).toMatchObject({ accountCount: 2, skipped: [] });
    for (const { accountId } of world.accounts) {
      const rows = await db().select().from(dailyBalances).where(eq(dailyBalances.accountId, accountId));
      expect(rows.length).toBeGreaterThan(0);
    }
  });
});
