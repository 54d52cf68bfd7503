import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListRow } from '@tideline/contracts/dashboard/dashboard.schemas';
import { clientAssignees } from '../../db/schema';
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
  it('is empty while no reporting cycle exists, for the user themselves', async () => {
    const res = await call(ctx, 'GET', `/api/dashboard/users/client-reports/${advisor.userId}`, advisor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('follows the same access rule as My Clients', async () => {
    const url = (id: number) => `/api/dashboard/users/client-reports/${id}`;
    expect((await call(ctx, 'GET', url(other.userId), advisor)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', url(advisor.userId), admin)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', url(noDashboard.userId), noDashboard)).statusCode).toBe(403);
  });
});
