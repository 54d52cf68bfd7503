import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExceptionItem, ExceptionList } from '@tideline/contracts/exceptions/exceptions.schemas';
import { auditLog, batchFiles, clientAssignees, exceptionItems } from '../../db/schema';
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
import { detectExceptions } from './detect-exceptions';
import { batchFilesDetector } from './detectors/batch-files.detector';

// Issue 43 points 1-2: a detection opens one exception per cause for the client's assigned staff; a
// person assigns, dates, snoozes and resolves it, each change audited; a cause that goes resolves it by
// itself and one that comes back opens it again.

let ctx: TestContext;
let admin: SignedInUser;
let analyst: SignedInUser;
const db = () => ctx.database.db;
const NOW = new Date('2026-10-20T15:00:00Z');
const detect = (clientIds: number[], now = NOW) =>
  detectExceptions(db(), { clientIds, today: now.toISOString().slice(0, 10), now }, [batchFilesDetector]);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

async function clientWithFailedFile() {
  const [clientId] = (await createClients(ctx, 1, 'Exceptions')) as [number];
  await createRelatedBank(ctx, clientId);
  await db().insert(clientAssignees).values({ clientId, userId: analyst.userId });
  const batchId = await createBatchRow(ctx, clientId);
  const file = await createBatchFileRow(ctx, clientId, batchId, {
    uploadedFileName: 'september.csv',
    status: 'Failed',
    extractionMessage: 'Row 4: the date 31/02/2026 does not exist',
  });
  return { clientId, batchId, batchFileId: file.batchFileId };
}

async function listOf(user: SignedInUser, body: object = {}): Promise<ExceptionList> {
  const res = await call(ctx, 'POST', '/api/exceptions/list', user, body);
  expect(res.statusCode).toBe(200);
  return res.json() as ExceptionList;
}

describe('the exception queue', () => {
  it('opens one exception per cause, for the client assigned staff, and finds it again without a copy', async () => {
    const { clientId } = await clientWithFailedFile();
    expect(await detect([clientId])).toMatchObject({ clients: 1, found: 1, opened: 1 });
    expect(await detect([clientId])).toMatchObject({ found: 1, opened: 0, resolved: 0 });
    const list = await listOf(admin, { filters: [{ id: 'clientId', value: [clientId] }] });
    expect(list.resultCount).toBe(1);
    const item = list.results[0]!;
    expect(item).toMatchObject({
      kind: 'extraction_failed',
      severity: 'High',
      status: 'Open',
      assigneeId: analyst.userId,
      assigneeName: 'Test Analyst',
      dueDate: '2026-10-22',
      link: { place: 'uploadDashboard', clientId },
    });
    expect(item.summary).toContain('september.csv');
    expect(item.summary).toContain('Row 4: the date 31/02/2026 does not exist.');
    // The search box reads the client's name and the summary.
    const clientName = item.clientName.toUpperCase();
    for (const searchTerm of [clientName, 'SEPTEMBER.CSV'])
      expect(
        (await listOf(admin, { searchTerm, filters: [{ id: 'clientId', value: [clientId] }] })).resultCount,
      ).toBe(1);
    expect((await listOf(admin, { searchTerm: 'no such words' })).resultCount).toBe(0);
    const mine = (await call(ctx, 'GET', '/api/exceptions/mine', analyst)).json() as ExceptionItem[];
    expect(mine.map((m) => m.exceptionId)).toContain(item.exceptionId);
  });

  it('is assigned, dated, snoozed and resolved by a person, every change in its history', async () => {
    const { clientId } = await clientWithFailedFile();
    await detect([clientId]);
    const [item] = (await listOf(admin, { filters: [{ id: 'clientId', value: [clientId] }] })).results;
    const id = item!.exceptionId;
    const put = (path: string, body?: object) =>
      call(ctx, 'PUT', `/api/exceptions/${id}/${path}`, admin, body);

    let res = await put('assignee', { assigneeId: admin.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ assigneeId: admin.userId, assigneeName: 'Test Admin' });
    expect((await put('due-date', { dueDate: '2026-10-30' })).json()).toMatchObject({
      dueDate: '2026-10-30',
    });
    res = await put('snooze', { until: '2000-01-01', reason: 'Bank resends Monday' });
    expect(res.statusCode).toBe(400);
    res = await put('snooze', { until: '2099-01-05', reason: 'Bank resends Monday' });
    expect(res.json()).toMatchObject({ status: 'Snoozed', snoozedUntil: '2099-01-05' });
    res = await put('resolve', { note: '' });
    expect(res.statusCode).toBe(400);
    res = await put('resolve', { note: 'Replaced with the corrected file' });
    expect(res.json()).toMatchObject({
      status: 'Resolved',
      resolutionNote: 'Replaced with the corrected file',
      resolvedByName: 'Test Admin',
      resolvedAutomatically: false,
    });
    expect((await put('resolve', { note: 'Again, twice' })).statusCode).toBe(409);

    // A person's resolution stands while the cause is still there.
    await detect([clientId]);
    expect((await call(ctx, 'GET', `/api/exceptions/${id}`, admin)).json()).toMatchObject({
      status: 'Resolved',
    });

    const history = (await call(ctx, 'GET', `/api/exceptions/${id}/history`, admin)).json() as {
      action: string;
      description: string;
      userName: string | null;
    }[];
    expect(history.map((h) => h.action)).toEqual([
      'exception.found',
      'exception.assigned',
      'exception.due_date_set',
      'exception.snoozed',
      'exception.resolved',
    ]);
    expect(history[0]!.userName).toBeNull();
    expect(history[1]).toMatchObject({ userName: 'Test Admin', description: 'Assigned to Test Admin.' });
    expect(history[4]!.description).toBe('Resolved: Replaced with the corrected file');
  });

  it('resolves itself when the cause goes and opens again when it comes back', async () => {
    const { clientId, batchFileId } = await clientWithFailedFile();
    await detect([clientId]);
    await db().update(batchFiles).set({ status: 'Extracted' }).where(eq(batchFiles.batchFileId, batchFileId));
    expect(await detect([clientId])).toMatchObject({ found: 0, resolved: 1 });
    const [gone] = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId));
    expect(gone).toMatchObject({
      status: 'Resolved',
      resolvedAutomatically: true,
      resolutionNote: 'Resolved itself: the cause was no longer found on 2026-10-20.',
    });
    await db().update(batchFiles).set({ status: 'Failed' }).where(eq(batchFiles.batchFileId, batchFileId));
    expect(await detect([clientId])).toMatchObject({ reopened: 1, opened: 0 });
    const audits = await db()
      .select({ action: auditLog.action, actor: auditLog.actorEmail, clientIds: auditLog.clientIds })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'exception'), eq(auditLog.entityId, String(gone!.exceptionId))))
      .orderBy(auditLog.auditId);
    expect(audits.map((a) => a.action)).toEqual([
      'exception.found',
      'exception.resolved_itself',
      'exception.reopened',
    ]);
    expect(audits.every((a) => a.actor === 'system' && a.clientIds.includes(clientId))).toBe(true);
  });

  it('wakes a snoozed exception on its day', async () => {
    const { clientId } = await clientWithFailedFile();
    await detect([clientId]);
    const [row] = await db().select().from(exceptionItems).where(eq(exceptionItems.clientId, clientId));
    await db()
      .update(exceptionItems)
      .set({ status: 'Snoozed', snoozedUntil: '2026-10-25', snoozeReason: 'Waiting on the bank' })
      .where(eq(exceptionItems.exceptionId, row!.exceptionId));
    expect(await detect([clientId])).toMatchObject({ woken: 0 });
    expect(await detect([clientId], new Date('2026-10-25T06:00:00Z'))).toMatchObject({ woken: 1 });
    const [after] = await db()
      .select()
      .from(exceptionItems)
      .where(eq(exceptionItems.exceptionId, row!.exceptionId));
    expect(after).toMatchObject({ status: 'Open', snoozedUntil: null });
  });

  it('refuses an owner who cannot act on the client, and counts each client for its badge', async () => {
    const { clientId } = await clientWithFailedFile();
    await detect([clientId]);
    const [item] = (await listOf(admin, { filters: [{ id: 'clientId', value: [clientId] }] })).results;
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [clientId]);
    const res = await call(ctx, 'PUT', `/api/exceptions/${item!.exceptionId}/assignee`, admin, {
      assigneeId: viewer.userId,
    });
    expect(res.statusCode).toBe(400);
    const assignees = (await call(ctx, 'GET', `/api/exceptions/assignees/${clientId}`, admin)).json() as {
      userId: number;
    }[];
    expect(assignees.map((a) => a.userId)).toEqual(expect.arrayContaining([admin.userId, analyst.userId]));
    expect(assignees.map((a) => a.userId)).not.toContain(viewer.userId);
    const counts = (await call(ctx, 'GET', '/api/exceptions/counts', viewer)).json() as {
      clientId: number;
      open: number;
      high: number;
    }[];
    expect(counts).toEqual([{ clientId, open: 1, high: 1, overdue: expect.any(Number) }]);
  });

  it('shows a client-tied user only their clients, and lets them read but not act', async () => {
    const mine = await clientWithFailedFile();
    const other = await clientWithFailedFile();
    await detect([mine.clientId, other.clientId]);
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [mine.clientId]);
    const list = await listOf(viewer);
    expect(new Set(list.results.map((r) => r.clientId))).toEqual(new Set([mine.clientId]));
    const [theirs] = (await listOf(admin, { filters: [{ id: 'clientId', value: [other.clientId] }] }))
      .results;
    expect((await call(ctx, 'GET', `/api/exceptions/${theirs!.exceptionId}`, viewer)).statusCode).toBe(404);
    const [own] = list.results;
    const res = await call(ctx, 'PUT', `/api/exceptions/${own!.exceptionId}/resolve`, viewer, {
      note: 'Looks fine',
    });
    expect(res.statusCode).toBe(403);
  });

  it('keeps the daily digest off until the user turns it on', async () => {
    expect((await call(ctx, 'GET', '/api/exceptions/digest', analyst)).json()).toEqual({ enabled: false });
    const res = await call(ctx, 'PUT', '/api/exceptions/digest', analyst, { enabled: true });
    expect(res.json()).toEqual({ enabled: true });
    expect((await call(ctx, 'GET', '/api/exceptions/digest', analyst)).json()).toEqual({ enabled: true });
  });
});
