import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CLIENT_MSG, type Client } from '@tideline/contracts';
import { accountGroups, auditLog, openReports } from '../../db/schema';
import { createRelatedBank } from '../../../test/account-fixtures';
import { createBatchRow } from '../../../test/batch-fixtures';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let advisorNoDeactivate: SignedInUser; // ADD/EDIT/VIEW clients, not DEACTIVATE_CLIENTS
let nobody: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  advisorNoDeactivate = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['VIEW_CLIENTS', 'ADD_CLIENTS', 'EDIT_CLIENTS'])).roleName,
  );
  nobody = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_DASHBOARD'])).roleName);
});
afterAll(() => ctx.close());

const uniqueName = (prefix = 'County') => `${prefix} ${randomUUID().slice(0, 8)}`;
const clientInput = (overrides: Record<string, unknown> = {}) => ({
  clientName: uniqueName(),
  budget: '250',
  clientCategory: 'County Government',
  clientType: 'County',
  state: 'OH',
  initialInterest: '-0.25',
  dataGatheringFrequency: 3,
  reportFrequency: 3,
  reportCycle: 2,
  ...overrides,
});

async function addClient(overrides: Record<string, unknown> = {}): Promise<Client> {
  const res = await call(ctx, 'POST', '/api/clients/add', admin, { client: clientInput(overrides) });
  expect(res.statusCode).toBe(201);
  return res.json().client as Client;
}

describe('POST /api/clients/add', () => {
  it("creates an active client with its 'All Accounts' group and an audit row", async () => {
    const name = uniqueName();
    const res = await call(ctx, 'POST', '/api/clients/add', admin, {
      client: clientInput({ clientName: name, assignTo: [admin.userId] }),
    });
    expect(res.statusCode).toBe(201);
    const { msg, client } = res.json() as { msg: string; client: Client };
    expect(msg).toBe(CLIENT_MSG.created);
    expect(client).toMatchObject({
      clientName: name,
      status: 1,
      budget: 250,
      initialInterest: -0.25,
      reportFrequency: 3,
      reportCycle: 2,
      assignTo: ['Test Admin'],
      cashVest: null,
      dataUntil: null,
    });
    const groups = await ctx.database.db
      .select()
      .from(accountGroups)
      .where(eq(accountGroups.clientId, client.clientId));
    expect(groups.map((g) => [g.groupName, g.isAllAccounts])).toEqual([['All Accounts', true]]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'client'), eq(auditLog.entityId, String(client.clientId))));
    expect(audit).toMatchObject({ action: 'client.created', userId: admin.userId });
    expect(audit!.after).toMatchObject({ clientName: name, assignTo: [admin.userId] });
  });

  it('allows a second client of the same name, whatever its case (the web warns)', async () => {
    const first = await addClient();
    const second = await addClient({ clientName: first.clientName.toUpperCase() });
    expect(second.clientId).not.toBe(first.clientId);
    const exists = await call(
      ctx,
      'GET',
      `/api/clients/name-exists?name=${encodeURIComponent(first.clientName.toLowerCase())}&exceptId=${first.clientId}`,
      admin,
    );
    expect(exists.json()).toEqual({ exists: true });
    const fresh = await call(ctx, 'GET', `/api/clients/name-exists?name=${uniqueName()}`, admin);
    expect(fresh.json()).toEqual({ exists: false });
  });

  it("answers 400 with the spec's messages", async () => {
    const res = await call(ctx, 'POST', '/api/clients/add', admin, {
      client: clientInput({
        clientName: ' ',
        budget: '12.5',
        initialInterest: '1,5',
        state: '',
        reportFrequency: 5,
      }),
    });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json() as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors['client.clientName']).toEqual(['Required!']);
    expect(fieldErrors['client.budget']).toEqual(['Positive number without decimal!']);
    expect(fieldErrors['client.initialInterest']).toEqual(['Field must be a number.']);
    expect(fieldErrors['client.state']).toEqual(['Required!']);
    expect(fieldErrors['client.reportFrequency']).toEqual(['Required!']);
    const negative = await call(ctx, 'POST', '/api/clients/add', admin, {
      client: clientInput({ budget: '-3' }),
    });
    expect(negative.json().fieldErrors['client.budget']).toEqual(['Positive number without decimal!']);
    const cycle = await call(ctx, 'POST', '/api/clients/add', admin, {
      client: clientInput({ reportFrequency: 2, reportCycle: 3 }),
    });
    expect(cycle.json().fieldErrors['client.reportCycle']).toEqual([CLIENT_MSG.reportCycleOutOfRange]);
  });

  it('refuses without ADD_CLIENTS, and an inactive new client without DEACTIVATE_CLIENTS', async () => {
    const res = await call(ctx, 'POST', '/api/clients/add', nobody, { client: clientInput() });
    expect(res.statusCode).toBe(403);
    const inactive = await call(ctx, 'POST', '/api/clients/add', advisorNoDeactivate, {
      client: clientInput({ status: 0 }),
    });
    expect(inactive.statusCode).toBe(403);
    const unknownAssignee = await call(ctx, 'POST', '/api/clients/add', admin, {
      client: clientInput({ assignTo: [999_999] }),
    });
    expect(unknownAssignee.statusCode).toBe(400);
    expect(unknownAssignee.json().msg).toBe(CLIENT_MSG.assigneeNotFound);
  });
});

describe('GET /api/clients/assignable-users and Assign To', () => {
  it('offers staff users only, and refuses a client-scoped user as an assignee', async () => {
    const viewer = await createSignedInUser(ctx, 'Client Viewer');
    const choices = await call(ctx, 'GET', '/api/clients/assignable-users', advisorNoDeactivate);
    expect(choices.statusCode).toBe(200);
    const ids = (choices.json() as { userId: number; name: string; status: number }[]).map((u) => u.userId);
    expect(ids).toContain(admin.userId);
    expect(ids).toContain(advisorNoDeactivate.userId);
    expect(ids).not.toContain(viewer.userId);
    expect(choices.json()).toContainEqual({ userId: admin.userId, name: 'Test Admin', status: 1 });

    expect((await call(ctx, 'GET', '/api/clients/assignable-users', nobody)).statusCode).toBe(403);

    const refused = await call(ctx, 'POST', '/api/clients/add', admin, {
      client: clientInput({ assignTo: [admin.userId, viewer.userId] }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      msg: CLIENT_MSG.assigneeNotStaff,
      fieldErrors: { assignTo: [CLIENT_MSG.assigneeNotStaff] },
    });
  });
});

describe('GET /api/clients/all and /:id', () => {
  it('lists clients and shows one; a client-scoped user sees only theirs and gets 404 for others', async () => {
    const mine = await addClient();
    const theirs = await addClient();
    const all = (await call(ctx, 'GET', '/api/clients/all', admin)).json() as Client[];
    expect(all.map((c) => c.clientId)).toEqual(expect.arrayContaining([mine.clientId, theirs.clientId]));

    const viewer = await createSignedInUser(ctx, 'Client Viewer', [mine.clientId]);
    const scoped = (await call(ctx, 'GET', '/api/clients/all', viewer)).json() as Client[];
    expect(scoped.map((c) => c.clientId)).toEqual([mine.clientId]);
    expect((await call(ctx, 'GET', `/api/clients/${mine.clientId}`, viewer)).json()).toMatchObject({
      clientName: mine.clientName,
    });
    const other = await call(ctx, 'GET', `/api/clients/${theirs.clientId}`, viewer);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('Client not found.');
  });

  it('answers 404 for an unknown client and 403 without VIEW_CLIENTS', async () => {
    expect((await call(ctx, 'GET', '/api/clients/99999999', admin)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/api/clients/all', nobody)).statusCode).toBe(403);
  });

  it('serves the form lists', async () => {
    expect((await call(ctx, 'GET', '/api/clients/allowed-report-frequencies', admin)).json()).toEqual([
      1, 2, 3, 4, 6, 12,
    ]);
    expect((await call(ctx, 'GET', '/api/clients/categories', admin)).json()).toContain('County Government');
    expect((await call(ctx, 'GET', '/api/clients/types', admin)).json()).toContain('School District');
    expect((await call(ctx, 'GET', '/api/clients/types', nobody)).statusCode).toBe(403);
  });

  it('answers the report status honestly before any report exists', async () => {
    const client = await addClient();
    const res = await call(ctx, 'GET', `/api/clients/report-status/${client.clientId}`, admin);
    expect(res.json()).toEqual([
      expect.objectContaining({ reportStatus: null, openBatchCount: 0, ingestionStatus: 'Not Started' }),
    ]);
    const viewer = await createSignedInUser(ctx, 'Client Viewer', []);
    expect((await call(ctx, 'GET', `/api/clients/report-status/${client.clientId}`, viewer)).statusCode).toBe(
      404,
    );
  });

  it('reads the open report and counts its batches', async () => {
    const client = await addClient();
    await createRelatedBank(ctx, client.clientId);
    await createBatchRow(ctx, client.clientId);
    const [report] = await ctx.database.db
      .update(openReports)
      .set({ dueDate: '2026-10-20', ingestionStatus: 'IN PROGRESS' })
      .where(eq(openReports.clientId, client.clientId))
      .returning();
    const res = await call(ctx, 'GET', `/api/clients/report-status/${client.clientId}`, admin);
    expect(res.json()).toEqual([
      {
        reportStatus: 'Reporting',
        lastReportDate: null,
        openBatchCount: 1,
        reportStartDate: '2026-07-01',
        reportEndDate: '2026-09-30',
        reportDueDate: '2026-10-20',
        ingestionStatus: 'In Progress',
        analysisOpenReportId: report!.openReportId,
      },
    ]);
  });
});

describe('PUT /api/clients/:id', () => {
  it('edits the client, replaces the report cycle with the new frequency, and audits before and after', async () => {
    const client = await addClient();
    const res = await call(ctx, 'PUT', `/api/clients/${client.clientId}`, advisorNoDeactivate, {
      client: clientInput({ clientName: client.clientName, reportFrequency: 6, reportCycle: 5, budget: 300 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: CLIENT_MSG.updated,
      client: { reportFrequency: 6, reportCycle: 5, budget: 300, status: 1 },
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.updated'), eq(auditLog.entityId, String(client.clientId))));
    expect(audit!.before).toEqual({ budget: 250, reportFrequency: 3, reportCycle: 2 });
    expect(audit!.after).toEqual({ budget: 300, reportFrequency: 6, reportCycle: 5 });
  });

  it('changes the status only with DEACTIVATE_CLIENTS', async () => {
    const client = await addClient();
    const body = { client: clientInput({ clientName: client.clientName, status: 0 }) };
    expect(
      (await call(ctx, 'PUT', `/api/clients/${client.clientId}`, advisorNoDeactivate, body)).statusCode,
    ).toBe(403);
    const res = await call(ctx, 'PUT', `/api/clients/${client.clientId}`, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ client: { status: 0 } });
  });

  it('answers 404 for an unknown or another client, 403 without EDIT_CLIENTS', async () => {
    const body = { client: clientInput() };
    expect((await call(ctx, 'PUT', '/api/clients/99999999', admin, body)).statusCode).toBe(404);
    const client = await addClient();
    const scopedEditor = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_CLIENTS', 'EDIT_CLIENTS'], true)).roleName,
      [],
    );
    expect((await call(ctx, 'PUT', `/api/clients/${client.clientId}`, scopedEditor, body)).statusCode).toBe(
      404,
    );
    expect((await call(ctx, 'PUT', `/api/clients/${client.clientId}`, nobody, body)).statusCode).toBe(403);
  });
});
