import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  QuarterChecklist,
  QuarterStage,
} from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';
import { accountGroups, batchAccounts, batches, monteCarloRuns, openReports, reports } from '../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { createBatchFileRow } from '../../../test/batch-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Issue 42 point 1: the quarter checklist follows a cycle from Start Report to Finalize, with the
// counts of each stage and the step on the first one not done (or on one that needs a person).

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const period = { startDate: '2026-07-01', endDate: '2026-09-30' };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
});
afterAll(() => ctx.close());

async function checklistOf(clientId: number): Promise<QuarterChecklist> {
  const res = await call(ctx, 'GET', `/api/quarter-checklist/${clientId}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json() as QuarterChecklist;
}
const stageOf = (list: QuarterChecklist, stage: QuarterStage) => list.stages.find((s) => s.stage === stage)!;
const nextOf = (list: QuarterChecklist) => list.stages.filter((s) => s.state === 'next');

describe('the quarter checklist', () => {
  it('starts with Start Report when no report is open', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Checklist')) as [number];
    const list = await checklistOf(clientId);
    expect(list.openReportId).toBeNull();
    expect(list.stages).toHaveLength(15);
    expect(nextOf(list).map((s) => [s.stage, s.step])).toEqual([
      ['reportStarted', { label: 'Start Report', place: 'clientReport' }],
    ]);
    expect(list.stages.slice(1).every((s) => s.state === 'waiting' && s.step === null)).toBe(true);
  });

  it('follows the cycle: batches, files (a failed one needs attention), validation, runs, report', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Checklist')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    await createAccountRow(ctx, clientId, bankId, { accountType: 'Transaction' });
    await createAccountRow(ctx, clientId, bankId, { accountType: 'Transaction' });
    expect(
      (await call(ctx, 'POST', `/api/clients/start-report/${clientId}`, admin, { client: period }))
        .statusCode,
    ).toBe(201);
    let list = await checklistOf(clientId);
    expect(list).toMatchObject({ startDate: period.startDate, endDate: period.endDate });
    expect(stageOf(list, 'reportStarted').state).toBe('done');
    expect(nextOf(list).map((s) => s.stage)).toEqual(['ingestionStarted']);
    expect(stageOf(list, 'ingestionStarted').step).toEqual({
      label: 'Start Ingestion',
      place: 'clientBanks',
    });

    const started = await call(ctx, 'POST', `/api/data-ingestion/start-ingestion/client/${clientId}`, admin, {
      ...period,
      types: ['transactions'],
    });
    expect(started.statusCode).toBe(201);
    const batchId = started.json().batches[0].batchId as number;
    list = await checklistOf(clientId);
    expect(stageOf(list, 'ingestionStarted')).toMatchObject({ state: 'done', detail: '1 batch created.' });
    expect(stageOf(list, 'filesUploaded')).toMatchObject({ state: 'next', done: 0, total: 2 });

    const accounts = await db().select().from(batchAccounts).where(eq(batchAccounts.batchId, batchId));
    await db()
      .update(batchAccounts)
      .set({ status: 'Needs Validation' })
      .where(eq(batchAccounts.batchId, batchId));
    await createBatchFileRow(ctx, clientId, batchId);
    await createBatchFileRow(ctx, clientId, batchId, { status: 'Failed' });
    list = await checklistOf(clientId);
    expect(stageOf(list, 'filesUploaded')).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(stageOf(list, 'failedFiles')).toMatchObject({
      state: 'attention',
      detail: '1 file failed: fix the template or upload again.',
      step: { label: 'Fix Failed Files', place: 'uploadDashboard' },
    });
    // The failed file keeps "extracted" from being done too; the next stage to work on is validation.
    expect(stageOf(list, 'filesExtracted')).toMatchObject({ state: 'next', done: 1, total: 2 });

    await db()
      .update(batchAccounts)
      .set({ status: 'Validated' })
      .where(eq(batchAccounts.batchId, accounts[0]!.batchId));
    await db().update(batches).set({ validatedAt: new Date() }).where(eq(batches.batchId, batchId));
    list = await checklistOf(clientId);
    expect(stageOf(list, 'accountsValidated')).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(stageOf(list, 'batchesValidated')).toMatchObject({
      state: 'done',
      detail: '1 of 1 batch validated.',
    });

    const [report] = await db().select().from(openReports).where(eq(openReports.clientId, clientId));
    // The client's All Accounts group, made with its first account.
    const [group] = await db().select().from(accountGroups).where(eq(accountGroups.clientId, clientId));
    const groupId = group!.groupId;
    await db().insert(monteCarloRuns).values({
      clientId,
      accountGroupId: groupId,
      openReportId: report!.openReportId,
      startDate: '2023-09-30',
      endDate: period.endDate,
      monteCarloName: 'Q3',
      numberOfYears: 3,
      seed: 1,
      paths: 100,
      state: 'failed',
      message: 'The group has no transactions in the history window.',
    });
    list = await checklistOf(clientId);
    expect(stageOf(list, 'monteCarlo')).toMatchObject({
      state: 'attention',
      detail: '1 run failed: run it again.',
      step: { label: 'Run Monte Carlo', place: 'analysisMonteCarlo' },
    });

    await db()
      .insert(reports)
      .values({
        clientId,
        openReportId: report!.openReportId,
        ...period,
        params: {},
        generationState: 'done',
        finalized: true,
        published: true,
      });
    await db()
      .update(openReports)
      .set({ closedAt: new Date() })
      .where(eq(openReports.openReportId, report!.openReportId));
    list = await checklistOf(clientId);
    // A finalized, closed cycle: the next quarter starts with Start Report.
    expect(list.openReportId).toBeNull();
    expect(nextOf(list).map((s) => s.stage)).toEqual(['reportStarted']);
  });

  it('is refused to a role without VIEW_OPEN_REPORTS', async () => {
    const [clientId, other] = (await createClients(ctx, 2, 'Checklist')) as [number, number];
    const scoped = await createSignedInUser(ctx, 'Client Viewer', [other]);
    const res = await call(ctx, 'GET', `/api/quarter-checklist/${clientId}`, scoped);
    // A Client Viewer holds no VIEW_OPEN_REPORTS: refused before the client is looked at.
    expect(res.statusCode).toBe(403);
  });
});
