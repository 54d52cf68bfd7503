import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, USER_MSG, type User } from '@tideline/contracts';
import { clients, users } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// The reads of platform.md 7 "Users": who may call them and what a client-scoped viewer sees.
let ctx: TestContext;
let admin: SignedInUser;
let clientViewer: SignedInUser; // Client Viewer: VIEW_NOTES, ADD_NOTES, no VIEW_USERS
let scopedUserViewer: SignedInUser; // client-scoped with VIEW_USERS, only client A
let associationViewer: SignedInUser; // VIEW_USER_CLIENT_ASSOCIATIONS only
let nobody: SignedInUser; // a role without permissions
let clientA: number;
let clientB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Users read')) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  clientViewer = await createSignedInUser(ctx, 'Client Viewer', [clientA, clientB]);
  const scoped = await createRole(ctx, ['VIEW_USERS'], true);
  scopedUserViewer = await createSignedInUser(ctx, scoped.roleName, [clientA]);
  associationViewer = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['VIEW_USER_CLIENT_ASSOCIATIONS'])).roleName,
  );
  nobody = await createSignedInUser(ctx, (await createRole(ctx, [])).roleName);
});
afterAll(() => ctx.close());

const namesOf = (user: User) => user.clientAssociation.map((c) => c.clientId);

describe('GET /api/users/all', () => {
  it('lists users with role, status and named client associations', async () => {
    const res = await call(ctx, 'GET', '/api/users/all', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as User[];
    const viewer = list.find((u) => u.userId === clientViewer.userId)!;
    expect(viewer).toMatchObject({
      email: clientViewer.email,
      roleName: 'Client Viewer',
      isClientScoped: true,
      status: 1,
      hasPassword: true,
      mfaEnrolled: true,
    });
    expect(viewer.clientAssociation).toEqual(
      [clientA, clientB].map((clientId, i) => ({
        clientId,
        clientName: expect.stringMatching(` ${i + 1}$`),
      })),
    );
    expect(viewer.permList).toContain('VIEW_NOTES');
    expect(list.find((u) => u.userId === admin.userId)!.clientAssociation).toEqual([]);
  });

  it("never shows a client-scoped viewer another client's association", async () => {
    const list = (await call(ctx, 'GET', '/api/users/all', scopedUserViewer)).json() as User[];
    expect(namesOf(list.find((u) => u.userId === clientViewer.userId)!)).toEqual([clientA]);
  });

  it('refuses a user without VIEW_USERS', async () => {
    const res = await call(ctx, 'GET', '/api/users/all', clientViewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: MSG.forbidden });
  });
});

describe('GET /api/users/:id', () => {
  it('answers one user, scoped to what the viewer may see', async () => {
    const full = await call(ctx, 'GET', `/api/users/${clientViewer.userId}`, admin);
    expect(full.statusCode).toBe(200);
    expect(namesOf(full.json())).toEqual([clientA, clientB]);
    const scoped = await call(ctx, 'GET', `/api/users/${clientViewer.userId}`, scopedUserViewer);
    expect(namesOf(scoped.json())).toEqual([clientA]);
  });

  it('answers 404 for an unknown user and 403 without VIEW_USERS', async () => {
    const missing = await call(ctx, 'GET', '/api/users/987654321', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: USER_MSG.notFound });
    expect((await call(ctx, 'GET', `/api/users/${admin.userId}`, nobody)).statusCode).toBe(403);
  });
});

describe('GET /api/users/client-association/:userId', () => {
  it('names the clients, to VIEW_USERS or VIEW_USER_CLIENT_ASSOCIATIONS, within the viewer scope', async () => {
    const url = `/api/users/client-association/${clientViewer.userId}`;
    const byAdmin = await call(ctx, 'GET', url, admin);
    expect(byAdmin.json().map((c: { clientId: number }) => c.clientId)).toEqual([clientA, clientB]);
    expect((await call(ctx, 'GET', url, associationViewer)).statusCode).toBe(200);
    const scoped = await call(ctx, 'GET', url, scopedUserViewer);
    expect(scoped.json().map((c: { clientId: number }) => c.clientId)).toEqual([clientA]);
  });

  it('follows a client name change and drops a deleted client', async () => {
    const [extra] = await createClients(ctx, 1, 'Users read extra');
    const other = await createSignedInUser(ctx, 'Client Viewer', [extra!, clientA]);
    const url = `/api/users/client-association/${other.userId}`;
    await ctx.database.db
      .update(clients)
      .set({ clientName: 'Renamed Co' })
      .where(eq(clients.clientId, extra!));
    expect((await call(ctx, 'GET', url, admin)).json()).toContainEqual({
      clientId: extra,
      clientName: 'Renamed Co',
    });
    await ctx.database.db.delete(clients).where(eq(clients.clientId, extra!));
    expect((await call(ctx, 'GET', url, admin)).json().map((c: { clientId: number }) => c.clientId)).toEqual([
      clientA,
    ]);
  });

  it('answers 404 for an unknown user and 403 without either permission', async () => {
    expect((await call(ctx, 'GET', '/api/users/client-association/987654321', admin)).statusCode).toBe(404);
    const refused = await call(ctx, 'GET', `/api/users/client-association/${admin.userId}`, clientViewer);
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/users/list', () => {
  it('offers the active users to note takers, leaving inactive ones out', async () => {
    const inactive = await createSignedInUser(ctx, 'Analyst');
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.userId, inactive.userId));
    const res = await call(ctx, 'GET', '/api/users/list', clientViewer);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((u: { userId: number }) => u.userId);
    expect(ids).toContain(admin.userId);
    expect(ids).not.toContain(inactive.userId);
    expect(res.json().find((u: { userId: number }) => u.userId === admin.userId)).toEqual({
      userId: admin.userId,
      firstName: 'Test',
      lastName: 'Admin',
      email: admin.email,
    });
  });

  it('gives a Client Viewer only the staff and the users of their own clients (security issue 14)', async () => {
    const [ownClient, otherClient] = await createClients(ctx, 2, 'Users list');
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [ownClient!]);
    const colleague = await createSignedInUser(ctx, 'Client Viewer', [ownClient!, otherClient!]);
    const stranger = await createSignedInUser(ctx, 'Client Viewer', [otherClient!]);
    const unassigned = await createSignedInUser(ctx, 'Client Viewer');
    const analyst = await createSignedInUser(ctx, 'Analyst');
    const ids = (await call(ctx, 'GET', '/api/users/list', viewer))
      .json()
      .map((u: { userId: number }) => u.userId);
    expect(ids).toEqual(
      expect.arrayContaining([viewer.userId, colleague.userId, admin.userId, analyst.userId]),
    );
    expect(ids).not.toContain(stranger.userId);
    expect(ids).not.toContain(unassigned.userId);
    // Staff still see everyone.
    const all = (await call(ctx, 'GET', '/api/users/list', admin))
      .json()
      .map((u: { userId: number }) => u.userId);
    expect(all).toEqual(expect.arrayContaining([stranger.userId, unassigned.userId]));
  });

  it('refuses a user holding none of VIEW_USERS, VIEW_NOTES, ADD_NOTES', async () => {
    expect((await call(ctx, 'GET', '/api/users/list', nobody)).statusCode).toBe(403);
  });
});

describe('GET /api/users/roles', () => {
  it('offers every role with whether it is client-scoped', async () => {
    const res = await call(ctx, 'GET', '/api/users/roles', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      roleId: expect.any(Number),
      roleName: 'Client Viewer',
      isClientScoped: true,
    });
    expect(res.json()).toContainEqual({
      roleId: expect.any(Number),
      roleName: 'Admin',
      isClientScoped: false,
    });
  });

  it('refuses a user holding none of the user or role permissions', async () => {
    expect((await call(ctx, 'GET', '/api/users/roles', clientViewer)).statusCode).toBe(403);
  });
});
