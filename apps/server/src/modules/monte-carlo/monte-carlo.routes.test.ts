import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PERMISSIONS, type Permission } from '@tideline/contracts';
import { MONTE_CARLO_MSG, type MonteCarloRun } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { accountGroups, auditLog, jobRuns, monteCarloRuns, openReports } from '../../db/schema';
import { defineJobs } from '../../jobs';
import { insertTransactions } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { createMonteCarloGroup } from './monte-carlo.fixtures';
import { closeMonteCarloPool } from './monte-carlo-pool';
import { MONTE_CARLO_JOB } from './monte-carlo.job';
import { runMonteCarloNow } from './run-monte-carlo-now';

// ingestion-analysis.md 7 "Analysis", the Monte Carlo history, run, validate and delete calls
// (/api/analytics/monte-carlo), with spec 5's rules and messages; the job is worked by this process.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const END_DATE = '2001-06-29';
const BASE = '/api/analytics/monte-carlo';

const runBody = (fields: Record<string, unknown>) => ({ monteCarlo: fields });

async function waitForRun(monteCarloId: number) {
  for (let i = 0; i < 300; i += 1) {
    const [row] = await db()
      .select()
      .from(monteCarloRuns)
      .where(eq(monteCarloRuns.monteCarloId, monteCarloId));
    if (row?.state === 'done' || row?.state === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`run ${monteCarloId} did not finish`);
}

async function waitForJob(jobId: string) {
  for (let i = 0; i < 600; i += 1) {
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    if (run?.state === 'completed' || run?.state === 'failed') return run.state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

const jobsOf = (clientId: number) =>
  db()
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.queue, MONTE_CARLO_JOB), eq(jobRuns.clientId, clientId)));

const countRuns = async (clientId: number) =>
  (await db().select({ n: count() }).from(monteCarloRuns).where(eq(monteCarloRuns.clientId, clientId)))[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: true, queues: [MONTE_CARLO_JOB] });
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(async () => {
  await closeMonteCarloPool();
  await ctx.close();
});

describe('permissions', () => {
  const ROUTES: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, Permission][] = [
    ['history', 'GET', `${BASE}/1`, 'VIEW_MONTE_CARLO_ANALYSIS'],
    ['validate', 'GET', `${BASE}/validate/1?endDate=2001-06-29&numberOfYears=1`, 'RUN_MONTE_CARLO_MODEL'],
    ['run', 'POST', `${BASE}/run`, 'RUN_MONTE_CARLO_MODEL'],
    ['results', 'GET', `${BASE}/results/1`, 'VIEW_MONTE_CARLO_ANALYSIS'],
    ['total balance', 'GET', `${BASE}/total-balance/1`, 'VIEW_MONTE_CARLO_ANALYSIS'],
    ['graph', 'GET', `${BASE}/duration-capability-cushion-graph/1`, 'VIEW_MONTE_CARLO_ANALYSIS'],
    ['default levels', 'GET', `${BASE}/liquidity-levels/get/default/1`, 'VIEW_LIQUIDITY_LEVELS'],
    ['current levels', 'GET', `${BASE}/liquidity-levels/get/current/1`, 'VIEW_LIQUIDITY_LEVELS'],
    ['set levels', 'PUT', `${BASE}/liquidity-levels/1`, 'EDIT_LIQUIDITY_LEVELS'],
    ['delete', 'DELETE', `${BASE}/remove/1`, 'DELETE_MONTE_CARLO_MODEL'],
    ['assets widget', 'GET', '/api/clients/assets-widget/1', 'VIEW_CLIENTS'],
    ['liquidity donut', 'GET', '/api/investments/liquidity-levels-widget/1/1', 'VIEW_INVESTMENTS'],
  ];
  it.each(ROUTES)('%s needs its permission', async (_name, method, url, permission) => {
    const { roleName } = await createRole(
      ctx,
      PERMISSIONS.filter((p) => p !== permission),
    );
    const res = await call(
      ctx,
      method,
      url,
      await createSignedInUser(ctx, roleName),
      method === 'GET' ? undefined : {},
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ msg: MSG.forbidden });
  });
});

describe('client scoping', () => {
  it('answers 404 for another client’s runs, groups and widgets, as for ids that exist nowhere', async () => {
    const [own, other] = (await createClients(ctx, 2, 'Monte Carlo scoped')) as [number, number];
    const { roleName } = await createRole(ctx, [...PERMISSIONS], true);
    const user = await createSignedInUser(ctx, roleName, [own]);
    const theirs = await createMonteCarloGroup(ctx, other, { endDate: END_DATE });
    const run = await runMonteCarloNow(db(), {
      clientId: other,
      accountGroupId: theirs.groupId,
      userId: admin.userId,
      name: 'Theirs',
      endDate: END_DATE,
      numberOfYears: 1,
      paths: 200,
    });
    const urls = (id: number, groupId: number, clientId: number) =>
      [
        ['GET', `${BASE}/${clientId}`],
        ['GET', `${BASE}/validate/${groupId}?endDate=${END_DATE}&numberOfYears=1`],
        ['GET', `${BASE}/results/${id}`],
        ['GET', `${BASE}/total-balance/${id}`],
        ['GET', `${BASE}/duration-capability-cushion-graph/${id}`],
        ['GET', `${BASE}/liquidity-levels/get/default/${id}`],
        ['GET', `${BASE}/liquidity-levels/get/current/${id}`],
        ['DELETE', `${BASE}/remove/${id}`],
        ['GET', `/api/clients/assets-widget/${clientId}`],
        ['GET', `/api/investments/liquidity-levels-widget/${clientId}/${groupId}`],
      ] as const;
    const theirUrls = urls(run.monteCarloId, theirs.groupId, other);
    const ghostUrls = urls(2_000_000_000, 2_000_000_000, 2_000_000_000);
    for (const [index, [method, url]] of theirUrls.entries()) {
      const leaked = await call(ctx, method, url, user);
      const ghost = await call(ctx, method, ghostUrls[index]![1], user);
      expect(leaked.statusCode, url).toBe(404);
      expect(leaked.body, url).toBe(ghost.body);
    }
    const levels = {
      levelOne: '1',
      levelTwo: '0',
      levelThree: '0',
      levelFour: '0',
      levelFive: '0',
      cushion: '0',
    };
    const put = await call(ctx, 'PUT', `${BASE}/liquidity-levels/${theirs.groupId}`, user, {
      monteCarlo: { ...levels, dateRange: 6, monteCarloId: run.monteCarloId },
    });
    expect(put.statusCode).toBe(404);
    const post = await call(
      ctx,
      'POST',
      `${BASE}/run`,
      user,
      runBody({
        name: 'Probe',
        accountGroupId: theirs.groupId,
        clientId: other,
        endRange: END_DATE,
        numberOfYears: '1',
      }),
    );
    expect(post.statusCode).toBe(404);
    // Nothing of theirs was touched.
    expect((await waitForRun(run.monteCarloId)).state).toBe('done');
    expect(await countRuns(other)).toBe(1);
  }, 60_000);
});

describe('GET monte-carlo/{clientId}: the history', () => {
  it('lists the runs newest first with their group, dates and state; Data Has Changed? follows the books', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Monte Carlo history')) as [number];
    const { groupId, accountId } = await createMonteCarloGroup(ctx, clientId, {
      endDate: END_DATE,
      name: 'Reserves',
    });
    const first = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: groupId,
      userId: admin.userId,
      name: 'First',
      endDate: END_DATE,
      numberOfYears: 1,
      paths: 200,
      createdAt: new Date('2001-07-02T10:00:00Z'),
    });
    const second = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: groupId,
      userId: admin.userId,
      name: 'Second',
      endDate: '2001-03-30',
      numberOfYears: 1,
      paths: 200,
      createdAt: new Date('2001-07-03T10:00:00Z'),
    });
    const res = await call(ctx, 'GET', `${BASE}/${clientId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as MonteCarloRun[];
    expect(rows.map((r) => r.monteCarloId)).toEqual([second.monteCarloId, first.monteCarloId]);
    expect(rows[1]).toEqual({
      monteCarloId: first.monteCarloId,
      monteCarloName: 'First',
      groupId,
      groupName: 'Reserves',
      createdAt: '2001-07-02T10:00:00.000Z',
      startDateRange: '2000-06-29',
      endDateRange: END_DATE,
      numberOfYears: 1,
      dataHasChanged: 'NO',
      state: 'done',
      progress: 100,
      message: null,
      jobId: null,
      completedAt: expect.any(String),
    });

    // A transaction dated in the second run's window only.
    await insertTransactions(ctx, clientId, accountId, [{ transactionDate: '2001-02-01', amount: '10.00' }]);
    await insertTransactions(ctx, clientId, accountId, [{ transactionDate: '2001-05-01', amount: '10.00' }]);
    const after = (await call(ctx, 'GET', `${BASE}/${clientId}`, admin)).json() as MonteCarloRun[];
    expect(after.map((r) => r.dataHasChanged)).toEqual(['YES', 'YES']);
    const [client2] = (await createClients(ctx, 1, 'Monte Carlo none')) as [number];
    expect((await call(ctx, 'GET', `${BASE}/${client2}`, admin)).json()).toEqual([]);
  }, 60_000);
});

describe('GET monte-carlo/validate/{accountGroupId}: the run button’s check', () => {
  let clientId: number;
  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'Monte Carlo validate')) as [number];
  });

  it('passes a group with enough history, by the model’s own rules', async () => {
    const { groupId } = await createMonteCarloGroup(ctx, clientId, { endDate: END_DATE });
    const res = await call(
      ctx,
      'GET',
      `${BASE}/validate/${groupId}?endDate=${END_DATE}&numberOfYears=1`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      isValid: true,
      msg: null,
      startDate: '2000-06-29',
      endDate: END_DATE,
      historyStartDate: '2000-01-03',
      historyEndDate: END_DATE,
      startBalance: 1_000_000,
    });
  });

  it('says why not: too short a history, an end date after today, a window without transactions', async () => {
    const { groupId } = await createMonteCarloGroup(ctx, clientId, {
      endDate: END_DATE,
      firstDate: '2001-01-02',
    });
    const check = async (endDate: string, years: number) =>
      (
        await call(ctx, 'GET', `${BASE}/validate/${groupId}?endDate=${endDate}&numberOfYears=${years}`, admin)
      ).json() as {
        isValid: boolean;
        msg: string;
      };
    expect(await check(END_DATE, 1)).toMatchObject({
      isValid: false,
      msg: "The group's history starts 2001-01-02; at least 1 year before the end date is needed.",
    });
    expect(await check('2099-01-01', 1)).toMatchObject({
      isValid: false,
      msg: MONTE_CARLO_MSG.endDateAfterToday,
    });
    expect(await check('2000-06-30', 1)).toMatchObject({
      isValid: false,
      msg: 'The group has no transactions in the history window.',
    });
  });

  it('refuses a number of years that is not digits', async () => {
    const res = await call(ctx, 'GET', `${BASE}/validate/1?endDate=${END_DATE}&numberOfYears=two`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ numberOfYears: [MSG.fieldMustBeNumber] });
  });
});

describe('POST monte-carlo/run', () => {
  let clientId: number;
  let groupId: number;
  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'Monte Carlo run')) as [number];
    ({ groupId } = await createMonteCarloGroup(ctx, clientId, { endDate: END_DATE }));
  });
  const post = (fields: Record<string, unknown>) =>
    call(
      ctx,
      'POST',
      `${BASE}/run`,
      admin,
      runBody({
        name: 'Run',
        accountGroupId: groupId,
        clientId,
        endRange: END_DATE,
        numberOfYears: '1',
        ...fields,
      }),
    );

  it.each([
    ['name', { name: '' }, 'name', MSG.required],
    ['account group', { accountGroupId: '' }, 'accountGroupId', MSG.required],
    ['end date', { endRange: '' }, 'endRange', MSG.required],
    ['number of years', { numberOfYears: '' }, 'numberOfYears', MSG.required],
    ['number of years as digits', { numberOfYears: '1.5' }, 'numberOfYears', MSG.fieldMustBeNumber],
    [
      'number of years from 1 to 30',
      { numberOfYears: '0' },
      'numberOfYears',
      MONTE_CARLO_MSG.numberOfYearsRange,
    ],
  ])('requires the %s (spec 5)', async (_name, fields, field, message) => {
    const before = await countRuns(clientId);
    const res = await post(fields);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ [`monteCarlo.${field}`]: [message] });
    expect(await countRuns(clientId)).toBe(before);
  });

  it('refuses an end date after today, a start date that is not the end date minus the years, and too short a history', async () => {
    const before = await countRuns(clientId);
    const future = await post({ endRange: '2099-01-02' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      msg: MONTE_CARLO_MSG.endDateAfterToday,
      fieldErrors: { 'monteCarlo.endRange': [MONTE_CARLO_MSG.endDateAfterToday] },
    });
    const mismatch = await post({ startRange: '2000-01-01' });
    expect(mismatch.json()).toMatchObject({
      msg: 'The start date is the end date minus the number of years: 2000-06-29.',
    });
    const notWhole = await post({ numberOfYears: undefined, startRange: '2000-07-01' });
    expect(notWhole.json()).toMatchObject({ msg: MONTE_CARLO_MSG.startRangeNotWholeYears });
    const tooShort = await post({ endRange: '2000-09-29' });
    expect(tooShort.statusCode).toBe(400);
    const why = "The group's history starts 2000-01-03; at least 1 year before the end date is needed.";
    expect(tooShort.json()).toMatchObject({ msg: why, fieldErrors: { 'monteCarlo.accountGroupId': [why] } });
    expect(await countRuns(clientId)).toBe(before);
  });

  it('records the run (10,000 paths, a seed, In Progress on the open report), sends its job, and the job stores the result', async () => {
    const [report] = await db()
      .insert(openReports)
      .values({ clientId, startDate: '2001-04-01', endDate: '2001-06-30' })
      .returning();
    // Spec 7 sends startRange and endRange: the years follow from them.
    const res = await post({ numberOfYears: undefined, startRange: '2000-06-29', name: 'Spec body' });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json() as { msg: string; monteCarloId: number; jobId: string };
    expect(started).toEqual({
      msg: MONTE_CARLO_MSG.runStarted,
      monteCarloId: expect.any(Number),
      jobId: expect.any(String),
    });
    const row = await waitForRun(started.monteCarloId);
    expect(row).toMatchObject({
      state: 'done',
      paths: 10_000,
      numberOfYears: 1,
      startDate: '2000-06-29',
      openReportId: report!.openReportId,
      jobId: started.jobId,
      createdBy: admin.userId,
    });
    expect(row.seed).toBeGreaterThanOrEqual(0);
    const [cycle] = await db()
      .select()
      .from(openReports)
      .where(eq(openReports.openReportId, report!.openReportId));
    expect(cycle!.analysisStatus).toBe('In Progress');
    const job = await call(ctx, 'GET', `/api/jobs/${started.jobId}`, admin);
    expect(job.json()).toMatchObject({ state: 'completed', progress: 100 });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'monte_carlo_run'), eq(auditLog.entityId, String(started.monteCarloId))),
      );
    expect(audit.map((a) => a.action)).toEqual(['monte_carlo.run']);
  }, 120_000);

  it('Edit and Rerun: a failed run runs again in place, a finished one leaves its row for a new run', async () => {
    const failed = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: groupId,
      userId: admin.userId,
      name: 'Too far back',
      endDate: '2000-03-31',
      numberOfYears: 1,
      paths: 200,
    });
    expect(failed.state).toBe('failed');
    const rerun = await post({ monteCarloId: failed.monteCarloId, name: 'Edited', numberOfYears: '1' });
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json().monteCarloId).toBe(failed.monteCarloId);
    expect(await waitForRun(failed.monteCarloId)).toMatchObject({
      state: 'done',
      monteCarloName: 'Edited',
      endDate: END_DATE,
      message: null,
    });
    const again = await post({ monteCarloId: failed.monteCarloId, name: 'New one' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().monteCarloId).not.toBe(failed.monteCarloId);
    await waitForRun(again.json().monteCarloId);
  }, 120_000);

  it('refuses to rerun a run that is still running', async () => {
    const [row] = await db()
      .insert(monteCarloRuns)
      .values({
        clientId,
        accountGroupId: groupId,
        monteCarloName: 'Busy',
        startDate: '2000-06-29',
        endDate: END_DATE,
        numberOfYears: 1,
        seed: 1,
        paths: 200,
        state: 'running',
      })
      .returning();
    const res = await post({ monteCarloId: row!.monteCarloId });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(MONTE_CARLO_MSG.stillRunning);
  });

  it('makes one run of two identical requests at once: the other is 409; once it has ended, a new run is accepted', async () => {
    const [client] = (await createClients(ctx, 1, 'Monte Carlo twice')) as [number];
    const { groupId: group } = await createMonteCarloGroup(ctx, client, { endDate: END_DATE });
    const send = () =>
      call(
        ctx,
        'POST',
        `${BASE}/run`,
        admin,
        runBody({
          name: 'Twice',
          accountGroupId: group,
          clientId: client,
          endRange: END_DATE,
          numberOfYears: '1',
        }),
      );
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      msg: MONTE_CARLO_MSG.alreadyRunning,
    });
    const first = answers.find((r) => r.statusCode === 200)!.json() as {
      monteCarloId: number;
      jobId: string;
    };
    expect(await countRuns(client)).toBe(1);
    expect(await jobsOf(client)).toHaveLength(1);
    expect(await waitForJob(first.jobId)).toBe('completed');
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
    expect((await waitForRun(again.json().monteCarloId)).state).toBe('done');
    expect(await countRuns(client)).toBe(2);
  }, 180_000);

  it('refuses a run while one of the client is in flight, and takes one again once that has failed', async () => {
    const [client] = (await createClients(ctx, 1, 'Monte Carlo in flight')) as [number];
    const { groupId: group } = await createMonteCarloGroup(ctx, client, { endDate: END_DATE });
    // A run of another group of the client, its job active (no pg-boss job: no worker takes it here).
    const { groupId: otherGroup } = await createMonteCarloGroup(ctx, client, { endDate: END_DATE });
    const jobId = randomUUID();
    await db().insert(jobRuns).values({ jobId, queue: MONTE_CARLO_JOB, clientId: client, state: 'active' });
    const [busy] = await db()
      .insert(monteCarloRuns)
      .values({
        clientId: client,
        accountGroupId: otherGroup,
        monteCarloName: 'Busy',
        startDate: '2000-06-29',
        endDate: END_DATE,
        numberOfYears: 1,
        seed: 1,
        paths: 200,
        state: 'running',
        jobId,
      })
      .returning();
    const body = runBody({
      name: 'Next',
      accountGroupId: group,
      clientId: client,
      endRange: END_DATE,
      numberOfYears: '1',
    });
    const refused = await call(ctx, 'POST', `${BASE}/run`, admin, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: MONTE_CARLO_MSG.alreadyRunning });
    expect(await countRuns(client)).toBe(1);
    // The job failed for good (the runner's job_runs, then onFinalFailure's row).
    await db().update(jobRuns).set({ state: 'failed' }).where(eq(jobRuns.jobId, jobId));
    await db()
      .update(monteCarloRuns)
      .set({ state: 'failed' })
      .where(eq(monteCarloRuns.monteCarloId, busy!.monteCarloId));
    const accepted = await call(ctx, 'POST', `${BASE}/run`, admin, body);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await waitForRun(accepted.json().monteCarloId)).state).toBe('done');
  }, 180_000);

  it('refuses a group of another client than the one named', async () => {
    const [otherClient] = (await createClients(ctx, 1, 'Monte Carlo other')) as [number];
    const res = await post({ clientId: otherClient });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE monte-carlo/remove/{id}', () => {
  it('removes the run with its override; the id is then unknown', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Monte Carlo delete')) as [number];
    const { groupId } = await createMonteCarloGroup(ctx, clientId, { endDate: END_DATE });
    const run = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: groupId,
      userId: admin.userId,
      name: 'Gone',
      endDate: END_DATE,
      numberOfYears: 1,
      paths: 200,
    });
    const res = await call(ctx, 'DELETE', `${BASE}/remove/${run.monteCarloId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: MONTE_CARLO_MSG.deleted });
    expect(await countRuns(clientId)).toBe(0);
    const again = await call(ctx, 'DELETE', `${BASE}/remove/${run.monteCarloId}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ msg: MONTE_CARLO_MSG.notFound });
    // The group is untouched.
    expect(await db().select().from(accountGroups).where(eq(accountGroups.groupId, groupId))).toHaveLength(1);
  }, 60_000);
});
