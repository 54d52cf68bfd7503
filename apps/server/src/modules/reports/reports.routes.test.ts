import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PERMISSIONS, type Permission } from '@tideline/contracts';
import { REPORT_MSG, type Report } from '@tideline/contracts/reports/reports.schemas';
import { REPORT_DUE_STATUS, REPORTED_STATUS } from '@tideline/contracts/data-ingestion/start-report.schemas';
import { accountGroups, files, jobRuns, openReports, reports } from '../../db/schema';
import { defineJobs } from '../../jobs';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { followLocalLink, postLocalForm, storeFile } from '../../../test/file-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { generateReportPdf, recordReportFailure, REPORT_PDF_JOB, reportPdfJob } from './reports.job';

// The reports routes (clients-accounts-investments-reports.md 4, 5, 7 "Reports", 8; design/reports.md
// "Life of a report"): each route's permission, another client's report answered 404, Client Viewers
// seeing published reports only, every rule with its message, upload and complete closing the cycle,
// finalize and publish, downloads. Jobs are sent, not worked: the PDF is written here by the job's own
// function with a stand-in renderer (the document has its own tests; reports.job.test.ts runs the job).

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const PDF = Buffer.from('%PDF-1.4\n% stand-in report\n%%EOF\n');

interface World {
  clientId: number;
  accountId: number;
  groupId: number;
  otherGroupId: number;
  openReportId: number;
}

async function createWorld(): Promise<World> {
  const [clientId] = (await createClients(ctx, 1, 'Reports')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const accountId = await createAccountRow(ctx, clientId, bankId, { accountName: 'Operating' });
  const [group, other] = await db()
    .insert(accountGroups)
    .values([
      { clientId, groupName: 'Operating group' },
      { clientId, groupName: 'Closure group' },
    ])
    .returning({ groupId: accountGroups.groupId });
  const started = await call(ctx, 'POST', `/api/clients/start-report/${clientId}`, admin, {
    client: { startDate: '2026-01-01', endDate: '2026-03-31', dueDate: null },
  });
  expect(started.statusCode, started.body).toBe(201);
  const { openReportId } = started.json() as { openReportId: number };
  return { clientId, accountId, groupId: group!.groupId, otherGroupId: other!.groupId, openReportId };
}

const generate = (w: World, changes: Record<string, unknown> = {}, user = admin) =>
  call(ctx, 'POST', '/api/reports/generate', user, {
    reports: { clientId: w.clientId, allAccountsGraph: [w.groupId], ...changes },
  });

/** A generated report (its job sent, not worked); answers the report and the job's id. */
async function createReport(w: World, changes: Record<string, unknown> = {}) {
  const res = await generate(w, changes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { report: Report; jobId: string };
}

/** Runs the report's job function as the worker would, with a stand-in PDF. */
async function writeSystemPdf(reportId: number, jobId: string) {
  const [row] = await db().select().from(reports).where(eq(reports.reportId, reportId));
  return generateReportPdf(
    { storage: ctx.platform.storage, render: () => Promise.resolve(PDF) },
    {
      db: db(),
      jobId,
      data: { reportId, clientId: row!.clientId, userId: admin.userId },
      setProgress: async () => {},
    },
  );
}

/** What the worker records when a job ends (this file's jobs are sent, not worked). */
const endJob = (jobId: string, state: 'completed' | 'failed') =>
  db().update(jobRuns).set({ state }).where(eq(jobRuns.jobId, jobId));

async function createGeneratedReport(w: World) {
  const { report, jobId } = await createReport(w);
  expect((await writeSystemPdf(report.reportId, jobId)).state).toBe('done');
  return report.reportId;
}

const listOf = async (clientId: number, user = admin) => {
  const res = await call(ctx, 'GET', `/api/reports/all/${clientId}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Report[];
};

async function uploadForm(user: SignedInUser, w: World, reportId: number, fileName: string, size: number) {
  const query = new URLSearchParams({ fileName, contentType: 'application/pdf', sizeBytes: String(size) });
  return call(ctx, 'GET', `/api/reports/upload/${w.clientId}/${reportId}?${query.toString()}`, user);
}

/** Upload and complete as the web does: the form, the post, then PUT /{id}. */
async function uploadAndComplete(
  user: SignedInUser,
  w: World,
  reportId: number,
  body = PDF,
  name = 'edited.pdf',
) {
  const form = await uploadForm(user, w, reportId, name, body.length);
  expect(form.statusCode, form.body).toBe(200);
  const { url, fields, fileId } = form.json() as {
    url: string;
    fields: Record<string, string>;
    fileId: number;
  };
  expect((await postLocalForm(ctx, url, fields, body, name)).statusCode).toBe(204);
  const res = await call(ctx, 'PUT', `/api/reports/${reportId}`, user, {
    reports: { fileId, fileName: name, comment: 'Edited for the board', userId: user.userId },
  });
  return { res, fileId };
}

beforeAll(async () => {
  ctx = await createTestContext();
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: false });
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('generate report', () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  });

  it('records the report for the open cycle and sends its job', async () => {
    const { report, jobId } = await createReport(w, {
      stressTestResult: [w.otherGroupId],
      minTransacForClosureGroupId: w.otherGroupId,
      liquidTargetAccount: 0,
      highYieldTargetAccountId: w.accountId,
      highYieldLiquidBenchmarkOverride: 4.25,
      zbaAccountStructure: 1,
    });
    expect(report).toMatchObject({
      clientId: w.clientId,
      reportStartDate: '2026-01-01',
      reportEndDate: '2026-03-31',
      systemReport: null,
      userReport: null,
      finalized: false,
      published: false,
      generationStatus: 'queued',
      jobId,
      createdBy: 'Test Admin',
    });
    const [run] = await db().select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    expect(run).toMatchObject({
      queue: 'reports.generate-pdf',
      createdBy: admin.userId,
      clientId: w.clientId,
    });
    const [row] = await db().select().from(reports).where(eq(reports.reportId, report.reportId));
    expect(row!.openReportId).toBe(w.openReportId);
    // Spec 5: with liquidTargetAccount off, the target is cleared.
    const params = await call(ctx, 'GET', `/api/reports/${report.reportId}`, admin);
    expect(params.statusCode, params.body).toBe(200);
    expect(params.json()).toEqual({
      reportId: report.reportId,
      reportStartDate: '2026-01-01',
      reportEndDate: '2026-03-31',
      clientName: expect.stringContaining('Reports'),
      stackedAreaAndStats: [],
      includeAllGraphs: [],
      minTransacForClosureGroupName: 'Closure group',
      allAccountsGraph: ['Operating group'],
      zbaAccountStructure: 1,
      liquidityLevelAmounts: 1,
      liquidTargetAccount: 0,
      stressTestResult: ['Closure group'],
      highYieldTargetAccountName: null,
      stmNetGraph: 1,
      electronicTransacTemplate: 0,
      stmPrevQuarterResults: 0,
      highYieldLiquidBenchmarkOverride: 4.25,
      stmMinTable: 1,
      shortTermLiquidity: [],
    });
    // Its PDF written, the client's next report may be generated (one generation in flight at a time).
    expect((await writeSystemPdf(report.reportId, jobId)).state).toBe('done');
  });

  it('names the high-yield target account when liquidTargetAccount is on', async () => {
    const { report } = await createReport(w, {
      liquidTargetAccount: 1,
      highYieldTargetAccountId: w.accountId,
    });
    const params = (await call(ctx, 'GET', `/api/reports/${report.reportId}`, admin)).json();
    expect(params).toMatchObject({ liquidTargetAccount: 1, highYieldTargetAccountName: 'Operating' });
  });

  it("requires the target when liquidTargetAccount is on: 'Required!'", async () => {
    const res = await generate(w, { liquidTargetAccount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'reports.highYieldTargetAccountId': [MSG.required] });
  });

  it("refuses another client's group or account, naming it: 400", async () => {
    const other = await createWorld();
    const group = await generate(w, { includeAllGraphs: [w.groupId, other.groupId] });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toMatchObject({
      msg: REPORT_MSG.groupNotOfClient(other.groupId),
      fieldErrors: { includeAllGraphs: [REPORT_MSG.groupNotOfClient(other.groupId)] },
    });
    const closure = await generate(w, { minTransacForClosureGroupId: 2_000_000_000 });
    expect(closure.json().fieldErrors).toEqual({
      minTransacForClosureGroupId: [REPORT_MSG.groupNotOfClient(2_000_000_000)],
    });
    const account = await generate(w, { liquidTargetAccount: 1, highYieldTargetAccountId: other.accountId });
    expect(account.statusCode).toBe(400);
    expect(account.json()).toMatchObject({
      msg: REPORT_MSG.accountNotOfClient(other.accountId),
      fieldErrors: { highYieldTargetAccountId: [REPORT_MSG.accountNotOfClient(other.accountId)] },
    });
  });

  it('refuses a benchmark override outside 0 to 100 and flags that are not 0 or 1', async () => {
    expect((await generate(w, { highYieldLiquidBenchmarkOverride: 101 })).statusCode).toBe(400);
    expect((await generate(w, { stmMinTable: 2 })).statusCode).toBe(400);
  });

  it('is refused without an open cycle: 409', async () => {
    const [clientId] = (await createClients(ctx, 1, 'No cycle')) as [number];
    const res = await call(ctx, 'POST', '/api/reports/generate', admin, { reports: { clientId } });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(REPORT_MSG.noOpenCycle);
  });

  it('makes one report of two identical requests at once: the other is 409, and a later one is accepted', async () => {
    const world = await createWorld();
    const answers = await Promise.all([generate(world), generate(world)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({ msg: REPORT_MSG.alreadyGenerating });
    const first = answers.find((r) => r.statusCode === 201)!.json() as { report: Report; jobId: string };
    const rowsOf = () => db().select().from(reports).where(eq(reports.clientId, world.clientId));
    const jobsOf = () =>
      db()
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.queue, REPORT_PDF_JOB), eq(jobRuns.clientId, world.clientId)));
    expect(await rowsOf()).toHaveLength(1);
    expect((await jobsOf()).map((r) => r.jobId)).toEqual([first.jobId]);

    // The first finished (as the worker would record it): a new request is accepted.
    expect((await writeSystemPdf(first.report.reportId, first.jobId)).state).toBe('done');
    await endJob(first.jobId, 'completed');
    const second = await createReport(world);
    // That one failed for good: the client may generate again.
    await endJob(second.jobId, 'failed');
    const failed = await recordReportFailure(
      {
        db: db(),
        jobId: second.jobId,
        data: { reportId: second.report.reportId, clientId: world.clientId, userId: admin.userId },
        setProgress: async () => {},
      },
      'the fonts are missing',
    );
    expect(failed.state).toBe('failed');
    await createReport(world);
    expect(await rowsOf()).toHaveLength(3);
    expect(await jobsOf()).toHaveLength(3);
  });

  it('lists the reports newest generation first', async () => {
    const list = await listOf(w.clientId);
    expect(list.length).toBeGreaterThanOrEqual(2);
    const times = list.map((r) => r.systemReportGeneratedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('the system PDF job function', () => {
  it('stores the PDF as the system report; a failure is recorded with its reason and can be run again', async () => {
    const w = await createWorld();
    const { report, jobId } = await createReport(w);
    const progress: [number, string | undefined][] = [];
    const definition = reportPdfJob({
      storage: ctx.platform.storage,
      render: () => Promise.reject(new Error('the fonts are missing')),
    });
    const job = {
      db: db(),
      jobId,
      data: { reportId: report.reportId, clientId: w.clientId, userId: admin.userId },
      attempt: 2,
      log: ctx.app.log,
      setProgress: (percent: number, message?: string) => {
        progress.push([percent, message]);
        return Promise.resolve();
      },
    };
    await expect(definition.handle(job)).rejects.toThrow('the fonts are missing');
    await definition.onFinalFailure!(job, 'the fonts are missing');
    // The job's message (GET /api/jobs/{jobId}) is the spec's text with the reason.
    expect(progress.at(-1)).toEqual([100, REPORT_MSG.jobFailed('the fonts are missing')]);
    expect(REPORT_MSG.jobFailed('the fonts are missing')).toMatch(/^Failed to generate report pdf\. /);
    let [failed] = await listOf(w.clientId);
    expect(failed).toMatchObject({
      generationStatus: 'failed',
      generationError: REPORT_MSG.jobFailed('the fonts are missing'),
      systemReport: null,
    });
    expect(await writeSystemPdf(report.reportId, jobId)).toMatchObject({ state: 'done' });
    [failed] = await listOf(w.clientId);
    expect(failed).toMatchObject({ generationStatus: 'done', generationError: null });
    expect(failed!.systemReport).toMatch(/^Liquidity Analysis 2026-01-01 to 2026-03-31 .*\.pdf$/);
    // A retry after success writes nothing twice; another job's run is not this row's.
    expect((await writeSystemPdf(report.reportId, jobId)).state).toBe('done');
    expect((await writeSystemPdf(report.reportId, randomUUID())).state).toBe('skipped');
    const stored = await db().select().from(files).where(eq(files.clientId, w.clientId));
    expect(stored).toHaveLength(1);
  });
});

describe('comments, finalize, delete', () => {
  let w: World;
  let reportId: number;
  beforeAll(async () => {
    w = await createWorld();
    reportId = await createGeneratedReport(w);
  });

  it('edits the comment (200 characters at most; blank clears it)', async () => {
    const ok = await call(ctx, 'PUT', `/api/reports/comments/${reportId}`, admin, {
      report: { comment: '  Reviewed with the treasurer  ' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      msg: REPORT_MSG.commentSaved,
      report: { comment: 'Reviewed with the treasurer' },
    });
    const long = await call(ctx, 'PUT', `/api/reports/comments/${reportId}`, admin, {
      report: { comment: 'x'.repeat(201) },
    });
    expect(long.statusCode).toBe(400);
    const cleared = await call(ctx, 'PUT', `/api/reports/comments/${reportId}`, admin, {
      report: { comment: '' },
    });
    expect(cleared.json().report.comment).toBeNull();
  });

  it('refuses to finalize a report with no PDF yet', async () => {
    const { report } = await createReport(w);
    const res = await call(ctx, 'PUT', `/api/reports/finalize-status/${report.reportId}`, admin, {
      report: { finalizeStatus: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(REPORT_MSG.noReport);
    expect((await call(ctx, 'DELETE', `/api/reports/${report.reportId}`, admin)).statusCode).toBe(200);
  });

  it('finalizes (and so publishes) then unfinalizes; published stays', async () => {
    const finalize = (finalizeStatus: number) =>
      call(ctx, 'PUT', `/api/reports/finalize-status/${reportId}`, admin, { report: { finalizeStatus } });
    const first = await finalize(1);
    expect(first.statusCode, first.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(first.json()).toMatchObject({
      msg: REPORT_MSG.finalized,
      report: { finalized: true, published: true, presentationDate: today },
    });
    const undone = await finalize(0);
    expect(undone.json()).toMatchObject({
      msg: REPORT_MSG.unfinalized,
      report: { finalized: false, published: true, presentationDate: today },
    });
    expect((await finalize(2)).statusCode).toBe(400);
  });

  it('refuses to delete a published report: 409', async () => {
    const res = await call(ctx, 'DELETE', `/api/reports/${reportId}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(REPORT_MSG.publishedNoDelete);
  });

  it('deletes an unpublished report and its stored PDF', async () => {
    const id = await createGeneratedReport(w);
    const [row] = await db().select().from(reports).where(eq(reports.reportId, id));
    const res = await call(ctx, 'DELETE', `/api/reports/${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(REPORT_MSG.deleted);
    expect(await db().select().from(reports).where(eq(reports.reportId, id))).toEqual([]);
    expect(await db().select().from(files).where(eq(files.fileId, row!.systemFileId!))).toEqual([]);
    expect((await call(ctx, 'DELETE', `/api/reports/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('upload and complete', () => {
  let w: World;
  let reportId: number;
  beforeAll(async () => {
    w = await createWorld();
    reportId = await createGeneratedReport(w);
  });

  it("refuses a type the spec does not accept, and an empty file: 'File type not accepted.'", async () => {
    const docx = await uploadForm(admin, w, reportId, 'edited.docx', 100);
    expect(docx.statusCode).toBe(400);
    expect(docx.json().fieldErrors).toEqual({ fileName: [REPORT_MSG.fileTypeNotAccepted] });
    const empty = await uploadForm(admin, w, reportId, 'edited.pdf', 0);
    expect(empty.statusCode).toBe(400);
    // A file stored through another flow, of a type reports do not take.
    const json = await storeFile(ctx, admin, 'rates.json', Buffer.from('{"a":1}'), w.clientId);
    const res = await call(ctx, 'PUT', `/api/reports/${reportId}`, admin, {
      reports: { fileId: json.fileId, fileName: 'rates.pdf' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(REPORT_MSG.fileTypeNotAccepted);
  });

  it("takes one file at a time: 'Can only upload one report file at a time.'", async () => {
    const res = await call(ctx, 'PUT', `/api/reports/${reportId}`, admin, {
      reports: { fileId: [1, 2], fileName: 'edited.pdf' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'reports.fileId': [REPORT_MSG.oneFileOnly] });
  });

  it('refuses a file whose bytes are not the type its name says, and changes nothing', async () => {
    const { res } = await uploadAndComplete(admin, w, reportId, Buffer.from('not a pdf at all'), 'fake.pdf');
    expect(res.statusCode).toBe(422);
    const [report] = (await listOf(w.clientId)).filter((r) => r.reportId === reportId);
    expect(report!.userReport).toBeNull();
  });

  it("completes the report: the cycle closes, the client reads 'Reported' with its last report date", async () => {
    const { res } = await uploadAndComplete(admin, w, reportId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      msg: REPORT_MSG.completed,
      report: { userReport: 'edited.pdf', uploadedBy: 'Test Admin', comment: 'Edited for the board' },
    });
    const [cycle] = await db().select().from(openReports).where(eq(openReports.openReportId, w.openReportId));
    expect(cycle!.closedAt).not.toBeNull();
    const status = () => call(ctx, 'GET', `/api/clients/report-status/${w.clientId}`, admin);
    // The next quarter after March 2026 has ended: the client is due its next report.
    expect((await status()).json()).toMatchObject([
      { reportStatus: REPORT_DUE_STATUS, lastReportDate: '2026-03-31' },
    ]);
    // A cycle reported for the current month reads 'Reported' until its next period ends.
    const today = new Date();
    const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
    const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    await db()
      .update(openReports)
      .set({ startDate: iso(monthStart), endDate: iso(monthEnd) })
      .where(eq(openReports.openReportId, w.openReportId));
    expect((await status()).json()).toMatchObject([
      { reportStatus: REPORTED_STATUS, lastReportDate: iso(monthEnd) },
    ]);
    await db()
      .update(openReports)
      .set({ startDate: '2026-01-01', endDate: '2026-03-31' })
      .where(eq(openReports.openReportId, w.openReportId));
    const open = await call(ctx, 'GET', '/api/data-ingestion/open-reports', admin);
    expect((open.json() as { clientId: number }[]).map((r) => r.clientId)).not.toContain(w.clientId);
    // With the cycle closed, another report cannot be generated for it.
    expect((await generate(w)).statusCode).toBe(409);
  });

  it('replaces the user report on a new upload, removing the file it replaces', async () => {
    const [before] = await db().select().from(reports).where(eq(reports.reportId, reportId));
    const { res, fileId } = await uploadAndComplete(admin, w, reportId, PDF, 'edited v2.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().report.userReport).toBe('edited v2.pdf');
    expect(await db().select().from(files).where(eq(files.fileId, before!.userFileId!))).toEqual([]);
    const [after] = await db().select().from(reports).where(eq(reports.reportId, reportId));
    expect(after!.userFileId).toBe(fileId);
  });

  it('downloads either PDF through a short-lived signed link', async () => {
    for (const kind of ['system', 'user']) {
      const res = await call(ctx, 'GET', `/api/reports/download/${reportId}/${kind}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const { url, fileName } = res.json() as { url: string; fileName: string };
      expect(fileName).toMatch(/\.pdf$/);
      const file = await followLocalLink(ctx, url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it("answers 'No report available' for a PDF the report does not have", async () => {
    const { report } = await createReport(await createWorld());
    const res = await call(ctx, 'GET', `/api/reports/download/${report.reportId}/user`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(REPORT_MSG.noReport);
  });

  it("discards the user's own cancelled upload, never a report's file", async () => {
    const form = await uploadForm(admin, w, reportId, 'draft.pdf', PDF.length);
    const { fileId } = form.json() as { fileId: number };
    const res = await call(ctx, 'DELETE', `/api/reports/upload/${fileId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await db().select().from(files).where(eq(files.fileId, fileId))).toEqual([]);
    const [row] = await db().select().from(reports).where(eq(reports.reportId, reportId));
    const held = await call(ctx, 'DELETE', `/api/reports/upload/${row!.userFileId}`, admin);
    expect(held.statusCode).toBe(409);
  });
});

describe('who sees what', () => {
  let a: World;
  let b: World;
  let published: number;
  let draft: number;
  let otherReport: number;
  let viewerA: SignedInUser;

  beforeAll(async () => {
    a = await createWorld();
    b = await createWorld();
    published = await createGeneratedReport(a);
    draft = await createGeneratedReport(a);
    otherReport = await createGeneratedReport(b);
    await call(ctx, 'PUT', `/api/reports/finalize-status/${published}`, admin, {
      report: { finalizeStatus: 1 },
    });
    await call(ctx, 'PUT', `/api/reports/finalize-status/${published}`, admin, {
      report: { finalizeStatus: 0 },
    });
    viewerA = await createSignedInUser(ctx, 'Client Viewer', [a.clientId]);
  }, 60_000);

  it('shows a Client Viewer only the published reports of their client, and lets them download those', async () => {
    expect((await listOf(a.clientId, viewerA)).map((r) => r.reportId)).toEqual([published]);
    expect((await call(ctx, 'GET', `/api/reports/${draft}`, viewerA)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/reports/download/${draft}/system`, viewerA)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/reports/${published}`, viewerA)).statusCode).toBe(200);
    const link = await call(ctx, 'GET', `/api/reports/download/${published}/system`, viewerA);
    expect(link.statusCode, link.body).toBe(200);
    expect((await followLocalLink(ctx, (link.json() as { url: string }).url)).rawPayload.equals(PDF)).toBe(
      true,
    );
  });

  it("answers another client's report 404 to a Client Viewer and to a client-scoped user, as one that does not exist", async () => {
    const role = await createRole(ctx, [...PERMISSIONS], true);
    const scoped = await createSignedInUser(ctx, role.roleName, [a.clientId]);
    expect((await listOf(a.clientId, scoped)).map((r) => r.reportId).sort()).toEqual(
      [published, draft].sort(),
    );
    for (const user of [viewerA, scoped]) {
      for (const url of [
        `/api/reports/${otherReport}`,
        `/api/reports/download/${otherReport}/system`,
        `/api/reports/all/${b.clientId}`,
      ]) {
        const res = await call(ctx, 'GET', url, user);
        expect(res.statusCode, url).toBe(404);
      }
    }
    const ghost = await call(ctx, 'GET', '/api/reports/2000000000', scoped);
    const leaked = await call(ctx, 'GET', `/api/reports/${otherReport}`, scoped);
    expect(leaked.body).toBe(ghost.body);
    expect((await call(ctx, 'DELETE', `/api/reports/${otherReport}`, scoped)).statusCode).toBe(404);
    expect(
      (await call(ctx, 'PUT', `/api/reports/comments/${otherReport}`, scoped, { report: { comment: 'x' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('permissions', () => {
  const routes: [Permission, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
    ['VIEW_REPORTS', 'GET', '/api/reports/all/1'],
    ['VIEW_REPORTS', 'GET', '/api/reports/1'],
    ['GENERATE_REPORTS', 'POST', '/api/reports/generate', { reports: { clientId: 1 } }],
    ['EDIT_REPORT_COMMENTS', 'PUT', '/api/reports/comments/1', { report: { comment: 'x' } }],
    ['FINALIZE_REPORTS', 'PUT', '/api/reports/finalize-status/1', { report: { finalizeStatus: 1 } }],
    ['DELETE_OPEN_REPORTS', 'DELETE', '/api/reports/1'],
    ['UPLOAD_REPORTS', 'GET', '/api/reports/upload/1/1?fileName=a.pdf&sizeBytes=1'],
    ['UPLOAD_REPORTS', 'PUT', '/api/reports/1', { reports: { fileId: 1, fileName: 'a.pdf' } }],
    ['UPLOAD_REPORTS', 'DELETE', '/api/reports/upload/1'],
    ['DOWNLOAD_REPORTS', 'GET', '/api/reports/download/1/system'],
  ];

  it.each(routes)('%s is needed for %s %s: 403 without it', async (permission, method, url, body) => {
    const role = await createRole(
      ctx,
      PERMISSIONS.filter((p) => p !== permission),
    );
    const user = await createSignedInUser(ctx, role.roleName);
    const res = await call(ctx, method, url, user, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(MSG.forbidden);
  });
});
