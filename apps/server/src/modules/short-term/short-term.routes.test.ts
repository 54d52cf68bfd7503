import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PERMISSIONS, type Permission } from '@tideline/contracts';
import { SHORT_TERM_MSG } from '@tideline/contracts/short-term/short-term.schemas';
import { accountGroups, jobRuns, shortTermModels } from '../../db/schema';
import { defineJobs } from '../../jobs';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { insertShortTermModel } from '../../../test/short-term-fixtures';
import { SHORT_TERM_STEP2_JOB } from './short-term.job';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// The short-term routes (ingestion-analysis.md 7 "Analysis", clients-accounts-investments-reports.md
// 7): each route's permission, another client's ids answered 404 as ids that exist nowhere, and
// every rule of spec 5 "Short term step 1" and "step 2" with its message. Jobs are sent, not worked.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;

interface World {
  clientId: number;
  groupId: number;
  shortTermModelId: number;
  fileUrl: string;
}

/** A client whose group's first transaction (its minDate) is 2024-01-02, with a finished model. */
async function createWorld(name = 'Model'): Promise<World> {
  const [clientId] = (await createClients(ctx, 1, 'Short term routes')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const accountId = await createAccountRow(ctx, clientId, bankId);
  await insertTransactions(ctx, clientId, accountId, [
    { transactionDate: '2024-01-02', amount: '100.00' },
    { transactionDate: '2024-02-01', amount: '-40.00' },
  ]);
  const [group] = await db()
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  const model = await insertShortTermModel(ctx, { clientId, groupId: group!.groupId, name });
  return { clientId, groupId: group!.groupId, ...model };
}

const step1 = (w: World, changes: Record<string, unknown> = {}) => ({
  shortTerm: {
    addAnalysisName: 'Spring forecast',
    accountGroupId: w.groupId,
    clientId: w.clientId,
    startRange: '2024-01-02',
    endRange: '2026-01-02',
    balanceAdjustments: [{ date: '2026-02-02', amount: '-2500.50' }],
    ...changes,
  },
});

/** Every route: method, url for a world, body, and the permission it needs. */
const ROUTES: [
  string,
  'GET' | 'POST' | 'PUT' | 'DELETE',
  (w: World) => string,
  ((w: World) => unknown) | null,
  Permission,
][] = [
  [
    'run step 1',
    'POST',
    () => '/api/analytics/short-term/step-1/run',
    (w) => step1(w),
    'RUN_SHORT_TERM_MODEL',
  ],
  [
    'run step 2',
    'PUT',
    (w) => `/api/analytics/short-term/step-2/run/${w.shortTermModelId}`,
    () => ({ shortTerm: { modelName: 'Model' } }),
    'RUN_SHORT_TERM_MODEL',
  ],
  [
    'step 1 table',
    'GET',
    (w) => `/api/analytics/short-term/step-1/${w.clientId}`,
    null,
    'VIEW_SHORT_TERM_MODEL',
  ],
  [
    'step 2 table',
    'GET',
    (w) => `/api/analytics/short-term/step-2/${w.clientId}`,
    null,
    'VIEW_SHORT_TERM_MODEL',
  ],
  [
    'model list',
    'GET',
    (w) => `/api/analytics/short-term/list?clientId=${w.clientId}`,
    null,
    'VIEW_SHORT_TERM_MODEL',
  ],
  [
    'forecast',
    'GET',
    (w) => `/api/analytics/short-term/forecast/${w.groupId}`,
    null,
    'VIEW_SHORT_TERM_MODEL',
  ],
  [
    'day-to-day variance',
    'GET',
    (w) => `/api/analytics/short-term/day-to-day-variance/${w.groupId}`,
    null,
    'VIEW_SHORT_TERM_MODEL',
  ],
  [
    'cash position forecast',
    'GET',
    (w) => `/api/analytics/short-term/cash-position-forecast/${w.clientId}/${w.groupId}`,
    null,
    'VIEW_SHORT_TERM_MODEL',
  ],
  [
    'download',
    'GET',
    (w) => `/api/analytics/short-term/download/${w.clientId}/${w.fileUrl}`,
    null,
    'DOWNLOAD_FILES',
  ],
  ['widget: variance', 'GET', (w) => `/api/clients/day-to-day-variance/${w.clientId}`, null, 'VIEW_CLIENTS'],
  ['widget: forecast', 'GET', (w) => `/api/clients/short-term-forecast/${w.clientId}`, null, 'VIEW_CLIENTS'],
  ['widget: short-term', 'GET', (w) => `/api/clients/short-term/${w.clientId}/5`, null, 'VIEW_CLIENTS'],
  [
    'remove step 2',
    'DELETE',
    (w) => `/api/analytics/short-term/step-2/remove/${w.shortTermModelId}`,
    null,
    'DELETE_SHORT_TERM_MODEL',
  ],
  [
    'remove step 1',
    'DELETE',
    (w) => `/api/analytics/short-term/step-1/remove/${w.shortTermModelId}`,
    null,
    'DELETE_SHORT_TERM_MODEL',
  ],
];

interface Started {
  shortTermModelId: number;
  jobId: string;
}

/**
 * What the worker records when a step's job ends (this file's jobs are sent, not worked): job_runs'
 * state, then the step's.
 */
async function endStep(started: Started, step: 1 | 2, state: 'done' | 'failed') {
  await db()
    .update(jobRuns)
    .set({ state: state === 'done' ? 'completed' : 'failed' })
    .where(eq(jobRuns.jobId, started.jobId));
  await db()
    .update(shortTermModels)
    .set(step === 1 ? { step1State: state, step1Ready: true } : { step2State: state })
    .where(eq(shortTermModels.shortTermModelId, started.shortTermModelId));
}

const send = (w: World, route: (typeof ROUTES)[number], user: SignedInUser) =>
  call(ctx, route[1], route[2](w), user, route[3]?.(w));

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: false });
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('permissions and client scoping', () => {
  let own: World;
  let other: World;
  let scoped: SignedInUser;

  beforeAll(async () => {
    own = await createWorld();
    other = await createWorld();
    const { roleName } = await createRole(ctx, [...PERMISSIONS], true);
    scoped = await createSignedInUser(ctx, roleName, [own.clientId]);
  });

  it.each(ROUTES)('%s needs its permission', async (...route) => {
    const { roleName } = await createRole(
      ctx,
      PERMISSIONS.filter((p) => p !== route[4]),
    );
    const res = await send(own, route, await createSignedInUser(ctx, roleName));
    expect(res.statusCode, res.body).toBe(403);
  });

  it.each(ROUTES)(
    "%s answers 404 for another client's ids, as for ids that exist nowhere",
    async (...route) => {
      const ghost: World = {
        clientId: 2_000_000_000,
        groupId: 2_000_000_000,
        shortTermModelId: 2_000_000_000,
        fileUrl: 'nothing',
      };
      const leaked = await send(other, route, scoped);
      const missing = await send(ghost, route, scoped);
      expect(leaked.statusCode, leaked.body).toBe(404);
      expect(leaked.body).toBe(missing.body);
    },
  );

  it.each(ROUTES)('%s reaches its own client’s record', async (...route) => {
    const res = await send(own, route, scoped);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('Short term step 1 rules (spec 5)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld();
  });

  const run = (changes: Record<string, unknown>) =>
    call(ctx, 'POST', '/api/analytics/short-term/step-1/run', admin, step1(world, changes));
  const expectField = async (res: Awaited<ReturnType<typeof run>>, field: string, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { fieldErrors: Record<string, string[]> }).fieldErrors[field]).toContain(message);
  };

  it.each([['addAnalysisName'], ['accountGroupId'], ['startRange'], ['endRange']])(
    '%s is required',
    async (field) => {
      await expectField(await run({ [field]: '' }), `shortTerm.${field}`, MSG.required);
    },
  );

  it('needs the end date at least 24 months after the start date', async () => {
    await expectField(
      await run({ endRange: '2026-01-01' }),
      'shortTerm.endRange',
      SHORT_TERM_MSG.twentyFourMonths,
    );
    // Exactly 24 months is enough.
    const ok = await run({ endRange: '2026-01-02' });
    expect(ok.statusCode).toBe(200);
    // It ended (as the worker records it): the client's next step 1 may start.
    await endStep(ok.json() as Started, 1, 'done');
  });

  it("refuses a start date before the group's minDate", async () => {
    const res = await run({ startRange: '2024-01-01', endRange: '2026-06-30' });
    await expectField(res, 'startRange', SHORT_TERM_MSG.startBeforeMinDate('2024-01-02'));
    expect(res.json()).toMatchObject({ msg: SHORT_TERM_MSG.startBeforeMinDate('2024-01-02') });
  });

  it('needs each balance adjustment to have a date and a number', async () => {
    await expectField(
      await run({ balanceAdjustments: [{ date: '2026-02-02', amount: '12a' }] }),
      'shortTerm.balanceAdjustments.0.amount',
      MSG.fieldMustBeNumber,
    );
    await expectField(
      await run({ balanceAdjustments: [{ date: '', amount: '5' }] }),
      'shortTerm.balanceAdjustments.0.date',
      MSG.required,
    );
    await expectField(
      await run({ balanceAdjustments: [{ date: '2026-02-02', amount: '' }] }),
      'shortTerm.balanceAdjustments.0.amount',
      MSG.required,
    );
    await expectField(
      await run({
        balanceAdjustments: [
          { date: '2026-02-02', amount: '1' },
          { date: '2026-02-02', amount: '2' },
        ],
      }),
      'shortTerm.balanceAdjustments.1.date',
      SHORT_TERM_MSG.oneAdjustmentPerDate,
    );
    await expectField(
      await run({ balanceAdjustments: [{ date: '2026-02-02', amount: '1e400' }] }),
      'shortTerm.balanceAdjustments.0.amount',
      MSG.fieldMustBeNumber,
    );
    await expectField(
      await run({ balanceAdjustments: [{ date: '2026-02-02', amount: '99999999999999' }] }),
      'shortTerm.balanceAdjustments.0.amount',
      SHORT_TERM_MSG.amountTooLarge,
    );
  });

  it('writes nothing when a rule fails, and records the model with its adjustments when none does', async () => {
    const before = await db()
      .select()
      .from(shortTermModels)
      .where(eq(shortTermModels.clientId, world.clientId));
    await run({ endRange: '2025-01-01' });
    const after = await db()
      .select()
      .from(shortTermModels)
      .where(eq(shortTermModels.clientId, world.clientId));
    expect(after).toHaveLength(before.length);
    const ok = await run({ addAnalysisName: 'Recorded' });
    expect(ok.statusCode, ok.body).toBe(200);
    const { shortTermModelId, jobId, msg } = ok.json() as {
      shortTermModelId: number;
      jobId: string;
      msg: string;
    };
    expect(msg).toBe(SHORT_TERM_MSG.step1Started);
    const [row] = await db()
      .select()
      .from(shortTermModels)
      .where(eq(shortTermModels.shortTermModelId, shortTermModelId));
    expect(row).toMatchObject({
      shortTermModelName: 'Recorded',
      step1State: 'queued',
      step1JobId: jobId,
      balanceAdjustments: [{ date: '2026-02-02', amount: -2500.5 }],
    });
  });

  it("refuses another client's group with the client's own id", async () => {
    const stranger = await createWorld();
    const res = await run({ accountGroupId: stranger.groupId });
    expect(res.statusCode).toBe(404);
  });
});

describe('Short term step 2 rules (spec 5) and the reads', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('Ready model');
  });
  const run = (modelName: unknown) =>
    call(ctx, 'PUT', `/api/analytics/short-term/step-2/run/${world.shortTermModelId}`, admin, {
      shortTerm: { modelName },
    });

  it('needs the model name, and the one of the model chosen', async () => {
    const missing = await run('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fieldErrors: { 'shortTerm.modelName': [MSG.required] } });
    const wrong = await run('Another model');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ msg: SHORT_TERM_MSG.modelNameMismatch });
  });

  it('takes weeks from 4 to 24 only', async () => {
    for (const weeks of [3, 25, 'x']) {
      const res = await call(
        ctx,
        'GET',
        `/api/clients/short-term-forecast/${world.clientId}?weeks=${weeks}`,
        admin,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fieldErrors: { weeks: [SHORT_TERM_MSG.weeksRange] } });
    }
    const res = await call(ctx, 'GET', `/api/clients/short-term-forecast/${world.clientId}?weeks=24`, admin);
    expect((res.json() as { rows: unknown[] }).rows).toHaveLength(24);
  });

  it('reads the viewed model of a group, and 404 for a model of another group', async () => {
    const url = (groupId: number, id: number) =>
      `/api/analytics/short-term/forecast/${groupId}?shortTermModelId=${id}`;
    const res = await call(ctx, 'GET', url(world.groupId, world.shortTermModelId), admin);
    expect(res.json()).toMatchObject({
      shortTermModelId: world.shortTermModelId,
      shortTermModelName: 'Ready model',
    });
    const stranger = await createWorld();
    expect((await call(ctx, 'GET', url(world.groupId, stranger.shortTermModelId), admin)).statusCode).toBe(
      404,
    );
  });

  it('answers empty rows for a client without any step 2 (the widgets’ empty state)', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Short term empty')) as [number];
    const res = await call(ctx, 'GET', `/api/clients/day-to-day-variance/${clientId}`, admin);
    expect(res.json()).toEqual({
      shortTermModelId: null,
      shortTermModelName: null,
      groupName: null,
      rows: [],
    });
  });

  it('sends step 2, then refuses a second run while it is queued', async () => {
    const res = await run('Ready model');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      msg: SHORT_TERM_MSG.step2Started,
      shortTermModelId: world.shortTermModelId,
    });
    const again = await run('Ready model');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: SHORT_TERM_MSG.stillRunning });
  });
});

describe('one run of each step of a client at a time (issue 40 point 4)', () => {
  const models = (clientId: number) =>
    db().select().from(shortTermModels).where(eq(shortTermModels.clientId, clientId));
  const runStep1 = (w: World, name: string) =>
    call(ctx, 'POST', '/api/analytics/short-term/step-1/run', admin, step1(w, { addAnalysisName: name }));
  const runStep2 = (shortTermModelId: number, modelName: string) =>
    call(ctx, 'PUT', `/api/analytics/short-term/step-2/run/${shortTermModelId}`, admin, {
      shortTerm: { modelName },
    });

  it('step 1: one model of two identical requests at once, the other 409; a new one once it has ended', async () => {
    const w = await createWorld();
    const answers = await Promise.all([runStep1(w, 'Twice'), runStep1(w, 'Twice')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      msg: SHORT_TERM_MSG.step1AlreadyRunning,
    });
    const first = answers.find((r) => r.statusCode === 200)!.json() as Started;
    expect((await models(w.clientId)).filter((m) => m.shortTermModelName === 'Twice')).toHaveLength(1);
    // Another model of the client waits too.
    expect((await runStep1(w, 'Another')).statusCode).toBe(409);

    await endStep(first, 1, 'done');
    const second = await runStep1(w, 'After done');
    expect(second.statusCode, second.body).toBe(200);
    await endStep(second.json() as Started, 1, 'failed');
    const third = await runStep1(w, 'After failed');
    expect(third.statusCode, third.body).toBe(200);
    // The world's finished model, 'Twice', 'After done', 'After failed'.
    expect(await models(w.clientId)).toHaveLength(4);
  });

  it('step 2: two identical requests at once send one job; another model waits; a new one once it has ended', async () => {
    const w = await createWorld('First model');
    const other = await insertShortTermModel(ctx, {
      clientId: w.clientId,
      groupId: w.groupId,
      name: 'Second model',
    });
    const answers = await Promise.all([
      runStep2(w.shortTermModelId, 'First model'),
      runStep2(w.shortTermModelId, 'First model'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // The same model: its own rule answers (its step 2 is queued).
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ msg: SHORT_TERM_MSG.stillRunning });
    const first = answers.find((r) => r.statusCode === 200)!.json() as Started;
    const jobs = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.queue, SHORT_TERM_STEP2_JOB), eq(jobRuns.clientId, w.clientId)));
    expect(jobs.map((j) => j.jobId)).toEqual([first.jobId]);
    const busy = await runStep2(other.shortTermModelId, 'Second model');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ msg: SHORT_TERM_MSG.step2AlreadyRunning });

    await endStep(first, 2, 'failed');
    const next = await runStep2(other.shortTermModelId, 'Second model');
    expect(next.statusCode, next.body).toBe(200);
    await endStep(next.json() as Started, 2, 'done');
    expect((await runStep2(w.shortTermModelId, 'First model')).statusCode).toBe(200);
  });
});
