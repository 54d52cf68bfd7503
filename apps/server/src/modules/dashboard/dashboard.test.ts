import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListRow } from '@tideline/contracts/dashboard/dashboard.schemas';
import { and, eq, isNull } from 'drizzle-orm';
import { clientAssignees, openReports } from '../../db/schema';
import { createRelatedBank } from '../../../test/account-fixtures';
import { createBatchRow } from '../../../test/batch-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let advisor: SignedInUser;
let other: SignedInUser;
let scoped: SignedInUser;
let noDashboard: SignedInUser;
let clientA: number;
let clientB: number;
let clientC: number;

const clientIdsOf = (body: unknown) => (body as ClientListRow[]).map((c) => c.clientId);

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB, clientC] = (await createClients(ctx, 3, 'Dashboard')) as [number, number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  const advisorRole = await createRole(ctx, ['VIEW_DASHBOARD']);
  advisor = await createSignedInUser(ctx, advisorRole.roleName);
  other = await createSignedInUser(ctx, advisorRole.roleName);
  scoped = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_DASHBOARD'], true)).roleName, [
    clientC,
  ]);
  noDashboard = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_CLIENTS'])).roleName);
  await ctx.database.db.insert(clientAssignees).values([
    { clientId: clientB, userId: advisor.userId },
    { clientId: clientA, userId: advisor.userId },
    { clientId: clientC, userId: other.userId },
  ]);
});

afterAll(() => ctx.close());

describe('GET /api/dashboard/users/clients/:userId', () => {
  it('lists the clients assigned to the user, by name, with no score before any analysis', async () => {
    const res = await call(ctx, 'GET', `/api/dashboard/users/clients/${advisor.userId}`, advisor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { clientId: clientA, clientName: expect.stringMatching(/ 1$/), cashVest: null },
      { clientId: clientB, clientName: expect.stringMatching(/ 2$/), cashVest: null },
    ]);
  });

  it('gives a client-scoped user their associated clients, assigned or not', async () => {
    const res = await call(ctx, 'GET', `/api/dashboard/users/clients/${scoped.userId}`, scoped);
    expect(res.statusCode).toBe(200);
    expect(clientIdsOf(res.json())).toEqual([clientC]);
  });

  it("refuses another user's clients without VIEW_USERS, and with it keeps the asker's scope", async () => {
    const refused = await call(ctx, 'GET', `/api/dashboard/users/clients/${other.userId}`, advisor);
    expect(refused.statusCode).toBe(403);
    const byScoped = await call(ctx, 'GET', `/api/dashboard/users/clients/${advisor.userId}`, scoped);
    expect(byScoped.statusCode).toBe(403);
    const byAdmin = await call(ctx, 'GET', `/api/dashboard/users/clients/${advisor.userId}`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(clientIdsOf(byAdmin.json())).toEqual([clientA, clientB]);
    const scopedViewer = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_DASHBOARD', 'VIEW_USERS'], true)).roleName,
      [clientB],
    );
    const kept = await call(ctx, 'GET', `/api/dashboard/users/clients/${advisor.userId}`, scopedViewer);
    expect(clientIdsOf(kept.json())).toEqual([clientB]);
  });

  it('needs VIEW_DASHBOARD and a numeric user id', async () => {
    const res = await call(ctx, 'GET', `/api/dashboard/users/clients/${noDashboard.userId}`, noDashboard);
    expect(res.statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/dashboard/users/clients/abc', admin)).statusCode).toBe(400);
    expect((await call(ctx, 'GET', `/api/dashboard/users/clients/${admin.userId}`)).statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/users/client-reports/:userId', () => {
  it("lists the open reports of the user's clients, soonest due first, with their batches and status", async () => {
    const url = `/api/dashboard/users/client-reports/${advisor.userId}`;
    expect((await call(ctx, 'GET', url, advisor)).json()).toEqual([]);
    const db = ctx.database.db;
    await createRelatedBank(ctx, clientA);
    await createBatchRow(ctx, clientA);
    await createBatchRow(ctx, clientA, 'Investment');
    await db
      .update(openReports)
      .set({ dueDate: '2026-10-15', ingestionStatus: 'IN PROGRESS' })
      .where(eq(openReports.clientId, clientA));
    await db.insert(openReports).values([
      { clientId: clientB, startDate: '2026-07-01', endDate: '2026-09-30', dueDate: '2026-10-10' },
      // Another user's client, and a closed report: neither is listed.
      { clientId: clientC, startDate: '2026-07-01', endDate: '2026-09-30' },
      { clientId: clientA, startDate: '2026-04-01', endDate: '2026-06-30', closedAt: new Date() },
    ]);
    const res = await call(ctx, 'GET', url, advisor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        clientId: clientB,
        clientName: expect.stringMatching(/ 2$/),
        startDate: '2026-07-01',
        dueDate: '2026-10-10',
        numberOfOpenBatches: 0,
        status: 'READY',
      },
      {
        clientId: clientA,
        clientName: expect.stringMatching(/ 1$/),
        startDate: '2026-07-01',
        dueDate: '2026-10-15',
        numberOfOpenBatches: 2,
        status: 'IN PROGRESS',
      },
    ]);
    await db
      .update(openReports)
      .set({ analysisStatus: 'Ready For Analysis' })
      .where(and(eq(openReports.clientId, clientA), isNull(openReports.closedAt)));
    expect((await call(ctx, 'GET', url, advisor)).json()[1].status).toBe('READY FOR ANALYSIS');
  });

  it('follows the same access rule as My Clients', async () => {
    const url = (id: number) => `/api/dashboard/users/client-reports/${id}`;
    expect((await call(ctx, 'GET', url(other.userId), advisor)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', url(advisor.userId), admin)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', url(noDashboard.userId), noDashboard)).statusCode).toBe(403);
  });
});
