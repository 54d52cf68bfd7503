import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '@tideline/ingest/pdf/read-pdf-text';
import { DEFAULT_LIMITS } from '@tideline/ingest/core/limits';
import { SHORT_TERM_MSG } from '@tideline/contracts/short-term/short-term.schemas';
import type {
  CashPositionForecast,
  ShortTermModelRow,
  ShortTermStep2Row,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { accountGroups, jobRuns, shortTermModels } from '../../db/schema';
import { defineJobs } from '../../jobs';
import {
  createAccountRow,
  createRelatedBank,
  insertTransactions,
  weekdays,
} from '../../../test/account-fixtures';
import { syntheticFlow } from '../../../test/short-term-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { refreshGroupTables } from '../balance-tables/group-history';
import { PDF_SECTIONS } from './short-term-pdf';
import { SHORT_TERM_STEP1_JOB, SHORT_TERM_STEP2_JOB } from './short-term.job';

// The short-term model end to end (issue 18 point 4 and 7): step 1 and step 2 as jobs worked by this
// process's pg-boss, on an account with 30 months of weekday transactions read through the balance
// tables; the stored results, the PDF's text, a failed run run again, and forecast accuracy once
// later transactions arrive.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const END = '2025-12-31';

async function waitForJob(jobId: string) {
  for (let i = 0; i < 300; i += 1) {
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    if (run?.state === 'completed' || run?.state === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function createHistoryClient(from: string, to: string, skip: ReadonlySet<string> = new Set()) {
  const [clientId] = (await createClients(ctx, 1, 'Short term')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const accountId = await createAccountRow(ctx, clientId, bankId, {
    accountBalance: '250000.00',
    accountBalanceDate: to,
  });
  const days = weekdays(from, to, skip);
  await insertTransactions(
    ctx,
    clientId,
    accountId,
    days.map((date, index) => ({ transactionDate: date, amount: syntheticFlow(date, index).toFixed(2) })),
  );
  const [group] = await db()
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  return { clientId, accountId, groupId: group!.groupId };
}

const runStep1 = (body: Record<string, unknown>) =>
  call(ctx, 'POST', '/api/analytics/short-term/step-1/run', admin, { shortTerm: body });
const runStep2 = (id: number, modelName: string) =>
  call(ctx, 'PUT', `/api/analytics/short-term/step-2/run/${id}`, admin, { shortTerm: { modelName } });
const step1Rows = async (clientId: number) =>
  (
    await call(ctx, 'GET', `/api/analytics/short-term/step-1/${clientId}`, admin)
  ).json() as ShortTermModelRow[];
const step2Rows = async (clientId: number) =>
  (
    await call(ctx, 'GET', `/api/analytics/short-term/step-2/${clientId}`, admin)
  ).json() as ShortTermStep2Row[];

async function started(res: Awaited<ReturnType<typeof runStep1>>) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { shortTermModelId: number; jobId: string };
  expect((await waitForJob(body.jobId)).state).toBe('completed');
  return body.shortTermModelId;
}

async function pdfText(key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.platform.storage.getObject(key)) chunks.push(chunk as Buffer);
  const read = await readPdfText(new Uint8Array(Buffer.concat(chunks)), DEFAULT_LIMITS, Date.now());
  if (!read.ok) throw new Error(read.error.message);
  return read.value
    .flat()
    .map((item) => item.text)
    .join(' ');
}

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: true, queues: [SHORT_TERM_STEP1_JOB, SHORT_TERM_STEP2_JOB] });
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('step 1 then step 2', () => {
  let world: Awaited<ReturnType<typeof createHistoryClient>>;
  let modelId: number;

  beforeAll(async () => {
    world = await createHistoryClient('2023-07-03', END);
  }, 60_000);

  it('runs step 1: Step 1 Ready? YES, the result, the data it read and a PDF', async () => {
    modelId = await started(
      await runStep1({
        addAnalysisName: 'Year-end forecast',
        accountGroupId: world.groupId,
        clientId: world.clientId,
        startRange: '2023-07-03',
        endRange: END,
        balanceAdjustments: [{ date: '2026-01-15', amount: '-50000' }],
      }),
    );
    const [row] = await step1Rows(world.clientId);
    expect(row).toMatchObject({
      shortTermModelId: modelId,
      shortTermModelName: 'Year-end forecast',
      stepStatus: 'YES',
      dataHasChanged: 'NO',
      state: 'done',
      progress: 100,
      balanceAdjustments: [{ date: '2026-01-15', amount: -50000 }],
    });
    expect(row!.fileUrl).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await db()
      .select()
      .from(shortTermModels)
      .where(eq(shortTermModels.shortTermModelId, modelId));
    expect(stored!.dataAsOf).not.toBeNull();
    expect(stored!.step1Result).toMatchObject({
      startDate: '2023-07-03',
      endDate: END,
      checks: { isReady: true },
    });
    expect((await step2Rows(world.clientId)).map((r) => r.shortTermModelId)).not.toContain(modelId);
    const list = await call(ctx, 'GET', `/api/analytics/short-term/list?clientId=${world.clientId}`, admin);
    expect(list.json()).toEqual([
      expect.objectContaining({ shortTermModelId: modelId, groupName: 'All Accounts' }),
    ]);
  });

  it('runs step 2: the forecast, and no strategic liquidity without a Monte Carlo, said plainly', async () => {
    await started(await runStep2(modelId, 'Year-end forecast'));
    const [row] = await step2Rows(world.clientId);
    expect(row).toMatchObject({
      shortTermModelId: modelId,
      stepStatus: 'YES',
      state: 'done',
      accuracy: null,
      strategicLiquidityNote: SHORT_TERM_MSG.noLiquidityLevels,
    });
    // Issue 41: the back-test's MASE, WAPE and bias and the forecast it chose travel with the row.
    const backTest = row!.modelAccuracy!;
    expect(backTest.origins).toBeGreaterThan(0);
    expect(backTest.model.map((h) => h.weeks)).toEqual([1, 4, 13]);
    expect(backTest.used).toEqual(
      (backTest.usesNaive ? backTest.seasonalNaive : backTest.model).find((h) => h.weeks === 13),
    );
    expect(backTest.method).toBe(backTest.usesNaive ? 'seasonalNaive' : 'model');
    const forecast = (
      await call(ctx, 'GET', `/api/analytics/short-term/forecast/${world.groupId}`, admin)
    ).json() as { shortTermModelId: number; rows: { date: string; singleVariance: number }[] };
    expect(forecast.shortTermModelId).toBe(modelId);
    // 24 weeks of business days from the day after the end date.
    expect(forecast.rows.length).toBeGreaterThan(110);
    expect(forecast.rows[0]!.date > END).toBe(true);
    const weekly = (
      await call(
        ctx,
        'GET',
        `/api/analytics/short-term/cash-position-forecast/${world.clientId}/${world.groupId}?weeks=6`,
        admin,
      )
    ).json() as CashPositionForecast;
    expect(weekly.rows).toHaveLength(6);
    expect(weekly.rows[0]).toMatchObject({
      week: 1,
      dateRange: '2026-01-01 - 2026-01-07',
      strategicLiquidity: null,
    });
    expect(weekly.rows[0]!.priorYearActual).toEqual(expect.any(Number));
    const widget = await call(ctx, 'GET', `/api/clients/short-term-forecast/${world.clientId}`, admin);
    expect((widget.json() as CashPositionForecast).rows).toHaveLength(4);
  });

  it('writes the PDF with the model name and every section, fetched through a signed link', async () => {
    const [row] = await step1Rows(world.clientId);
    const link = await call(
      ctx,
      'GET',
      `/api/analytics/short-term/download/${world.clientId}/${row!.fileUrl}`,
      admin,
    );
    expect(link.statusCode, link.body).toBe(200);
    const { url, fileName } = link.json() as { url: string; fileName: string };
    expect(fileName).toBe('Year-end forecast - Short Term Model.pdf');
    // The link carries its own signature: fetched without the authorization header.
    const download = await ctx.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [stored] = await db()
      .select()
      .from(shortTermModels)
      .where(eq(shortTermModels.shortTermModelId, modelId));
    const text = await pdfText(stored!.fileKey!);
    expect(text).toContain('Short Term Model: Year-end forecast');
    for (const section of Object.values(PDF_SECTIONS)) expect(text).toContain(section);
    expect(text).toContain(SHORT_TERM_MSG.noLiquidityLevels.slice(0, 40));
    // Issue 41: the accuracy of the forecast used, beside the forecast and in the back-test.
    expect(text).toMatch(/MASE \d+\.\d\d · WAPE \d+\.\d% · bias [+-]?\d+\.\d%/);
    expect(text).toContain('Same week last year (364 days)');
  });

  it("says 'Data Has Changed?' YES once a transaction in the model's range changes", async () => {
    await insertTransactions(ctx, world.clientId, world.accountId, [
      { transactionDate: '2025-06-10', amount: '12.00' },
    ]);
    expect((await step1Rows(world.clientId))[0]!.dataHasChanged).toBe('YES');
  });

  it('shows how the forecast did once later transactions are in the balance tables (point 7)', async () => {
    const later = weekdays('2026-01-01', '2026-02-27');
    await insertTransactions(
      ctx,
      world.clientId,
      world.accountId,
      later.map((date, index) => ({ transactionDate: date, amount: syntheticFlow(date, index).toFixed(2) })),
    );
    await refreshGroupTables(db(), { clientId: world.clientId, userId: admin.userId }, world.groupId);
    const [row] = await step2Rows(world.clientId);
    expect(row!.accuracy).not.toBeNull();
    const accuracy = row!.accuracy!;
    expect(accuracy.actualThrough).toBe('2026-02-27');
    expect(accuracy.sevenDay.comparedDays).toBeGreaterThan(30);
    expect(accuracy.sevenDay.meanAbsoluteError).toEqual(expect.any(Number));
    // Eight whole forecast weeks have happened by 2026-02-25 (weeks end on Wednesdays).
    expect(accuracy.weeks).toHaveLength(8);
    for (const week of accuracy.weeks)
      expect(week.error).toBeCloseTo(week.forecastChange - week.actualChange, 2);
    expect(accuracy.band).toBeNull();
    const weekly = (
      await call(
        ctx,
        'GET',
        `/api/analytics/short-term/cash-position-forecast/${world.clientId}/${world.groupId}?weeks=4`,
        admin,
      )
    ).json() as CashPositionForecast;
    expect(weekly.rows.every((r) => typeof r.actual === 'number')).toBe(true);
  });

  it('removes step 2 and keeps step 1, with a PDF again without the forecast', async () => {
    const res = await call(ctx, 'DELETE', `/api/analytics/short-term/step-2/remove/${modelId}`, admin);
    expect(res.json()).toEqual({ msg: SHORT_TERM_MSG.step2Deleted });
    expect((await step2Rows(world.clientId)).map((r) => r.shortTermModelId)).not.toContain(modelId);
    const [stored] = await db()
      .select()
      .from(shortTermModels)
      .where(eq(shortTermModels.shortTermModelId, modelId));
    expect(stored).toMatchObject({ step1State: 'done', step2State: null, step2Result: null });
    const text = await pdfText(stored!.fileKey!);
    expect(text).toContain('Step 2 has not been run for this model yet.');
    expect(text).not.toContain(PDF_SECTIONS.forecastTable);
  });
});

describe('a run that fails', () => {
  it('says why, and Edit & Rerun runs it again in place once the data is there', async () => {
    // Data from 2022 to mid-2023 only: the window from 2023-07-03 has no transaction at all.
    const world = await createHistoryClient('2022-01-03', '2023-06-30');
    const body = {
      addAnalysisName: 'Too early',
      accountGroupId: world.groupId,
      clientId: world.clientId,
      startRange: '2023-07-03',
      endRange: END,
      balanceAdjustments: [],
    };
    const failedId = await started(await runStep1(body));
    const [failed] = await step1Rows(world.clientId);
    expect(failed).toMatchObject({ shortTermModelId: failedId, state: 'failed', stepStatus: 'NO' });
    expect(failed!.message).toContain(SHORT_TERM_MSG.step1Failed);
    expect(failed!.message).toContain('no transactions between the start and end dates');
    expect(failed!.fileUrl).toBeNull();
    const days = weekdays('2023-07-03', END);
    await insertTransactions(
      ctx,
      world.clientId,
      world.accountId,
      days.map((date, index) => ({ transactionDate: date, amount: syntheticFlow(date, index).toFixed(2) })),
    );
    const rerunId = await started(await runStep1({ ...body, shortTermModelId: failedId }));
    expect(rerunId).toBe(failedId);
    const rows = await step1Rows(world.clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'done', stepStatus: 'YES', message: null });
  });

  it('is not ready with a gap over 10 business days, and step 2 refuses it', async () => {
    const gap = new Set(weekdays('2024-03-04', '2024-03-22'));
    const world = await createHistoryClient('2023-07-03', END, gap);
    const id = await started(
      await runStep1({
        addAnalysisName: 'Gappy',
        accountGroupId: world.groupId,
        clientId: world.clientId,
        startRange: '2023-07-03',
        endRange: END,
        balanceAdjustments: [],
      }),
    );
    const [row] = await step1Rows(world.clientId);
    expect(row).toMatchObject({ state: 'done', stepStatus: 'NO' });
    expect(row!.message).toContain('15 business days without transactions from 2024-03-04');
    const res = await runStep2(id, 'Gappy');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: SHORT_TERM_MSG.step1NotReady });
  });
});
