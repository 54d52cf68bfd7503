import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MSG, MSG } from '@tideline/contracts';
import { START_REPORT_MSG } from '@tideline/contracts/data-ingestion/start-report.schemas';
import { auditLog, openReports } from '../../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let scoped: SignedInUser;
let noStart: SignedInUser;
let clientA: number;
let clientB: number;

const start = (clientId: number, user: SignedInUser, client: Record<string, unknown>) =>
  call(ctx, 'POST', `/api/clients/start-report/${clientId}`, user, { client });
const QUARTER = { startDate: '2026-07-01', endDate: '2026-09-30' };

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Start report')) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  scoped = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['START_REPORT', 'VIEW_CLIENTS'], true)).roleName,
    [clientA],
  );
  noStart = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_CLIENTS'])).roleName);
});
afterAll(() => ctx.close());

describe('POST /api/clients/start-report/:id', () => {
  it('opens the cycle: report status Reporting, ingestion not started, audited', async () => {
    const res = await start(clientA, scoped, { ...QUARTER, dueDate: '2026-10-20', analysisReportId: null });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      msg: START_REPORT_MSG.started,
      openReportId: expect.any(Number),
      reportStatus: {
        reportStatus: 'Reporting',
        lastReportDate: null,
        openBatchCount: 0,
        reportStartDate: '2026-07-01',
        reportEndDate: '2026-09-30',
        reportDueDate: '2026-10-20',
        ingestionStatus: 'Not Started',
        analysisOpenReportId: body.openReportId,
      },
    });
    const [report] = await ctx.database.db
      .select()
      .from(openReports)
      .where(eq(openReports.openReportId, body.openReportId));
    expect(report).toMatchObject({ ingestionStatus: 'NOT STARTED', analysisStatus: 'Data Ingestion' });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'open_report'), eq(auditLog.entityId, String(body.openReportId))));
    expect(audit).toMatchObject({
      action: 'open_report.created',
      userId: scoped.userId,
      clientIds: [clientA],
    });
    expect(audit!.after).toMatchObject({ clientId: clientA, startDate: '2026-07-01', dueDate: '2026-10-20' });
  });

  it('keeps one open cycle per client: a second start is a 409, also when two race', async () => {
    const again = await start(clientA, admin, QUARTER);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: START_REPORT_MSG.alreadyOpen });

    const [first, second] = await Promise.all([
      start(clientB, admin, QUARTER),
      start(clientB, admin, QUARTER),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const open = await ctx.database.db
      .select()
      .from(openReports)
      .where(and(eq(openReports.clientId, clientB), isNull(openReports.closedAt)));
    expect(open).toHaveLength(1);
  });

  it("answers the spec's messages for missing dates, and refuses an end before the start", async () => {
    const missing = await start(clientB, admin, { startDate: '', dueDate: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({
      'client.startDate': [MSG.required],
      'client.endDate': [MSG.required],
    });
    const reversed = await start(clientB, admin, { startDate: '2026-09-30', endDate: '2026-07-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toMatchObject({
      'client.endDate': ['End date cannot be before start date.'],
    });
    const notADate = await start(clientB, admin, { startDate: '2026-02-30', endDate: '2026-03-31' });
    expect(notADate.json().fieldErrors).toMatchObject({ 'client.startDate': ['Not a real date.'] });
  });

  it("needs START_REPORT, and answers another client's id as a missing one", async () => {
    expect((await start(clientB, noStart, QUARTER)).statusCode).toBe(403);
    const other = await start(clientB, scoped, QUARTER);
    const ghost = await start(2_000_000_000, scoped, QUARTER);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ msg: CLIENT_MSG.notFound });
    expect(ghost.json()).toEqual(other.json());
  });

  it('opens the next cycle once the last is completed, the completed period as its last report', async () => {
    const [clientC] = (await createClients(ctx, 1, 'Next cycle')) as [number];
    const first = await start(clientC, admin, QUARTER);
    expect(first.statusCode).toBe(201);
    // Upload and Complete closes the cycle (reports module); here the row is closed as it does.
    await ctx.database.db
      .update(openReports)
      .set({ closedAt: new Date() })
      .where(eq(openReports.openReportId, first.json().openReportId));
    const next = await start(clientC, admin, { startDate: '2026-10-01', endDate: '2026-12-31' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().reportStatus).toMatchObject({
      reportStatus: 'Reporting',
      lastReportDate: '2026-09-30',
      reportStartDate: '2026-10-01',
      reportEndDate: '2026-12-31',
      analysisOpenReportId: next.json().openReportId,
    });
  });
});
