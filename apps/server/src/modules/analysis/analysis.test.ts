import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@tideline/contracts';
import { ANALYSIS_MSG, type AnalysisOpenReportRow } from '@tideline/contracts/analysis/analysis.schemas';
import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import { auditLog, monteCarloRuns, openReports } from '../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { createBatchRow } from '../../../test/batch-fixtures';
import { BATCH_RECOVERY_MSG } from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { batches } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { markAnalysisInProgress } from './analysis-cycle.service';

// The analysis side of the reporting cycle (ingestion.md "Reporting cycle"; ingestion-analysis.md 2
// "Analysis", 4 "Analysis gating"): the open reports of the analysis view, the first analysis run
// moving the cycle to 'In Progress' (client status 'Analysis'), and Complete Analysis.

const NO_RUNS = { monteCarloIds: [], shortTermModelIds: [], cashVestId: null };

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const audit = () => ({ userId: admin.userId, actorEmail: admin.email, requestId: null, ipAddress: null });

async function openCycle(clientId: number, createdAt = new Date()) {
  const [row] = await db()
    .insert(openReports)
    .values({ clientId, startDate: '2026-07-01', endDate: '2026-09-30', dueDate: '2026-10-31', createdAt })
    .returning();
  return row!;
}

const reportStatus = async (clientId: number) =>
  (
    (await call(ctx, 'GET', `/api/clients/report-status/${clientId}`, admin)).json() as ClientReportStatus[]
  )[0]!;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('GET /api/analytics/open-reports', () => {
  it('lists open reports whose analysis is open, newest first, with the last analysis date', async () => {
    const [older, newer, closed] = (await createClients(ctx, 3, 'Analysis list')) as [number, number, number];
    await openCycle(older, new Date('2026-10-01T12:00:00Z'));
    const newerReport = await openCycle(newer, new Date('2026-10-02T12:00:00Z'));
    const closedReport = await openCycle(closed, new Date('2026-10-03T12:00:00Z'));
    await db()
      .update(openReports)
      .set({ analysisCompletedAt: new Date() })
      .where(eq(openReports.openReportId, closedReport.openReportId));
    const bankId = await createRelatedBank(ctx, newer);
    await createAccountRow(ctx, newer, bankId);
    const [group] = (
      await db().execute(sql`select group_id as "groupId" from account_groups where client_id = ${newer}`)
    ).rows as { groupId: number }[];
    await db()
      .insert(monteCarloRuns)
      .values({
        clientId: newer,
        accountGroupId: group!.groupId,
        openReportId: newerReport.openReportId,
        startDate: '2024-09-30',
        endDate: '2026-09-30',
        monteCarloName: 'Quarter',
        numberOfYears: 2,
        seed: 7,
        paths: 100,
        createdAt: new Date('2026-10-05T09:30:00Z'),
      });

    const res = await call(ctx, 'GET', '/api/analytics/open-reports', admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as AnalysisOpenReportRow[]).filter((r) =>
      [older, newer, closed].includes(r.clientId),
    );
    expect(rows.map((r) => r.clientId)).toEqual([newer, older]);
    expect(rows[0]).toMatchObject({
      reportStartDate: '2026-07-01',
      reportEndDate: '2026-09-30',
      dueDate: '2026-10-31',
      status: 'Data Ingestion',
      lastAnalysisDate: '2026-10-05T09:30:00.000Z',
    });
    expect(rows[1]!.lastAnalysisDate).toBeNull();
  });

  it('shows a client-scoped user only their clients, and needs VIEW_ANALYSIS_OPEN_REPORTS', async () => {
    const [own, other] = (await createClients(ctx, 2, 'Analysis scoped')) as [number, number];
    await openCycle(own);
    await openCycle(other);
    const { roleName } = await createRole(ctx, ['VIEW_ANALYSIS_OPEN_REPORTS'], true);
    const viewer = await createSignedInUser(ctx, roleName, [own]);
    const rows = (
      await call(ctx, 'GET', '/api/analytics/open-reports', viewer)
    ).json() as AnalysisOpenReportRow[];
    expect(rows.map((r) => r.clientId)).toEqual([own]);
    const lacking = await createRole(
      ctx,
      PERMISSIONS.filter((p) => p !== 'VIEW_ANALYSIS_OPEN_REPORTS'),
    );
    const refused = await call(
      ctx,
      'GET',
      '/api/analytics/open-reports',
      await createSignedInUser(ctx, lacking.roleName),
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the analysis status of a cycle', () => {
  it("moves to 'In Progress' on the first run, once, and the client status reads 'Analysis'", async () => {
    const [clientId] = (await createClients(ctx, 1, 'Analysis start')) as [number];
    const report = await openCycle(clientId);
    expect((await reportStatus(clientId)).reportStatus).toBe('Reporting');
    const first = await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId));
    const second = await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId));
    expect([first, second]).toEqual([report.openReportId, report.openReportId]);
    const [row] = await db()
      .select()
      .from(openReports)
      .where(eq(openReports.openReportId, report.openReportId));
    expect(row!.analysisStatus).toBe('In Progress');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'open_report.analysis_started' and ${auditLog.entityId} = ${String(report.openReportId)}`,
      );
    expect(audits).toHaveLength(1);
    expect((await reportStatus(clientId)).reportStatus).toBe('Analysis');
  });

  it('leaves a client without an open cycle alone', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Analysis alone')) as [number];
    expect(await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId))).toBeNull();
  });
});

describe('PUT /api/analytics/complete-analysis/:clientId', () => {
  const complete = (clientId: number, user = admin) =>
    call(ctx, 'PUT', `/api/analytics/complete-analysis/${clientId}`, user);

  it("is refused while the client status is not 'Analysis', and changes nothing", async () => {
    const [clientId] = (await createClients(ctx, 1, 'Complete early')) as [number];
    const report = await openCycle(clientId);
    const res = await complete(clientId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: ANALYSIS_MSG.notInAnalysis });
    const [row] = await db()
      .select()
      .from(openReports)
      .where(eq(openReports.openReportId, report.openReportId));
    expect(row!.analysisCompletedAt).toBeNull();
    expect((await complete((await createClients(ctx, 1, 'No cycle'))[0]!)).statusCode).toBe(404);
  });

  it('is refused, naming them, while batches of the report are not validated (issue 42)', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Complete unvalidated')) as [number];
    const report = await openCycle(clientId);
    const bankId = await createRelatedBank(ctx, clientId);
    await createAccountRow(ctx, clientId, bankId, { accountName: 'Operating' });
    const open = await createBatchRow(ctx, clientId, 'Transaction');
    const closed = await createBatchRow(ctx, clientId, 'Investment');
    await db().update(batches).set({ validatedAt: new Date() }).where(eq(batches.batchId, closed));
    await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId));
    const res = await complete(clientId);
    expect(res.statusCode).toBe(409);
    const [bank] = (
      await db().execute(sql`select b.bank_name as name from banks b where b.bank_id = ${bankId}`)
    ).rows as { name: string }[];
    // The open batch only, named as the upload dashboard's row (no account of the batch: '---').
    expect(res.json()).toEqual({
      msg: BATCH_RECOVERY_MSG.unvalidatedBatches([`${bank!.name} / --- (Transaction)`]),
    });
    const [row] = await db()
      .select()
      .from(openReports)
      .where(eq(openReports.openReportId, report.openReportId));
    expect(row!.analysisCompletedAt).toBeNull();
    // Once validated, it completes.
    await db().update(batches).set({ validatedAt: new Date() }).where(eq(batches.batchId, open));
    expect((await complete(clientId)).statusCode).toBe(200);
  });

  it('closes the analysis of the cycle: gone from the open reports, status back to Reporting', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Complete')) as [number];
    const report = await openCycle(clientId);
    await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId));
    const res = await complete(clientId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      msg: ANALYSIS_MSG.completed,
      openReportId: report.openReportId,
      // No run in the cycle: the analysis keeps none (issue 41 point 4, frozen-runs.test.ts).
      frozenRuns: NO_RUNS,
    });
    const [row] = await db()
      .select()
      .from(openReports)
      .where(eq(openReports.openReportId, report.openReportId));
    expect(row).toMatchObject({ analysisCompletedBy: admin.userId, closedAt: null });
    expect(row!.analysisCompletedAt).toBeInstanceOf(Date);
    expect((await reportStatus(clientId)).reportStatus).toBe('Reporting');
    const list = (
      await call(ctx, 'GET', '/api/analytics/open-reports', admin)
    ).json() as AnalysisOpenReportRow[];
    expect(list.some((r) => r.clientId === clientId)).toBe(false);
    // A second Complete Analysis finds the analysis completed.
    const again = await complete(clientId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: ANALYSIS_MSG.alreadyCompleted });
    // A later run of the client stands outside the closed cycle.
    expect(await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId))).toBeNull();
  });

  it('completes once for two requests at once: the other is 409; the next cycle completes again', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Complete twice')) as [number];
    const report = await openCycle(clientId);
    await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId));
    const answers = await Promise.all([complete(clientId), complete(clientId)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ msg: ANALYSIS_MSG.alreadyCompleted });
    const completions = () =>
      db()
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'open_report.analysis_completed'),
            eq(auditLog.entityId, String(report.openReportId)),
          ),
        );
    expect(await completions()).toHaveLength(1);

    // The cycle reported and closed, the next one's analysis completes again.
    await db()
      .update(openReports)
      .set({ closedAt: new Date() })
      .where(eq(openReports.openReportId, report.openReportId));
    const next = await openCycle(clientId);
    await db().transaction((tx) => markAnalysisInProgress(tx, audit(), clientId));
    const res = await complete(clientId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      msg: ANALYSIS_MSG.completed,
      openReportId: next.openReportId,
      // No run in the cycle: the analysis keeps none (issue 41 point 4, frozen-runs.test.ts).
      frozenRuns: NO_RUNS,
    });
  });

  it('needs COMPLETE_ANALYSIS, and answers 404 for a client outside a scoped user’s association', async () => {
    const [own, other] = (await createClients(ctx, 2, 'Complete scoped')) as [number, number];
    await openCycle(own);
    await openCycle(other);
    const lacking = await createRole(
      ctx,
      PERMISSIONS.filter((p) => p !== 'COMPLETE_ANALYSIS'),
    );
    expect((await complete(own, await createSignedInUser(ctx, lacking.roleName))).statusCode).toBe(403);
    const { roleName } = await createRole(ctx, ['COMPLETE_ANALYSIS'], true);
    const scoped = await createSignedInUser(ctx, roleName, [own]);
    const leaked = await complete(other, scoped);
    const ghost = await complete(2_000_000_000, scoped);
    expect(leaked.statusCode).toBe(404);
    expect(leaked.body).toBe(ghost.body);
  });
});
