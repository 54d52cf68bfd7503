import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_ROLES, USER_MSG, type User, type UserInput } from '@tideline/contracts';
import { roles, users } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  uniqueEmail,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Security issue 14 point 4: nobody grants a permission they do not hold; role changes need
// EDIT_ROLES; associations need EDIT_USER_CLIENT_ASSOCIATIONS; a client-scoped caller reaches only
// the users of their clients. Every refusal leaves the users as they were.
let ctx: TestContext;
let admin: SignedInUser;
let clientA: number;
let clientB: number;
let adminRoleId: number;
let viewerRoleId: number;
const VIEWER = DEFAULT_ROLES.find((r) => r.roleName === 'Client Viewer')!.permissions;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'User grants')) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  const all = await ctx.database.db.select().from(roles);
  adminRoleId = all.find((r) => r.roleName === 'Admin')!.roleId;
  viewerRoleId = all.find((r) => r.roleName === 'Client Viewer')!.roleId;
});
afterAll(() => ctx.close());

const signedInWith = async (permissions: string[], clientIds?: number[]) =>
  createSignedInUser(ctx, (await createRole(ctx, permissions, clientIds !== undefined)).roleName, clientIds);

async function stored(userId: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.userId, userId));
  const association = await call(ctx, 'GET', `/api/users/client-association/${userId}`, admin);
  const clientIds = (association.json() as { clientId: number }[]).map((c) => c.clientId).sort();
  return { roleId: row!.roleId, email: row!.email, status: row!.status, clientIds };
}

/** The user as the edit form would send them back, with `changes`. */
async function formOf(userId: number, changes: Partial<UserInput> = {}): Promise<UserInput> {
  const u = (await call(ctx, 'GET', `/api/users/${userId}`, admin)).json() as User;
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    roleId: u.roleId,
    clientAssociation: u.clientAssociation.map((c) => c.clientId),
    ...changes,
  };
}

const edit = (userId: number, user: UserInput, actor: SignedInUser) =>
  call(ctx, 'PUT', `/api/users/${userId}`, actor, { user });
const add = (user: Partial<UserInput>, actor: SignedInUser) =>
  call(ctx, 'POST', '/api/users/add', actor, {
    user: { firstName: 'New', lastName: 'User', email: uniqueEmail('new'), roleId: viewerRoleId, ...user },
  });

describe('roles: nobody gives what they do not hold', () => {
  it('refuses EDIT_USERS alone giving oneself the Admin role', async () => {
    const me = await signedInWith(['VIEW_USERS', 'EDIT_USERS']);
    const before = await stored(me.userId);
    const res = await edit(me.userId, await formOf(me.userId, { roleId: adminRoleId }), me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: USER_MSG.roleChangeNotAllowed });
    expect(await stored(me.userId)).toEqual(before);
  });

  it('refuses EDIT_ROLES a role holding more than the caller, and allows one within', async () => {
    const me = await signedInWith(['VIEW_USERS', 'EDIT_USERS', 'EDIT_ROLES']);
    const before = await stored(me.userId);
    const promoted = await edit(me.userId, await formOf(me.userId, { roleId: adminRoleId }), me);
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json()).toEqual({ msg: USER_MSG.cannotGrantRole });
    expect(await stored(me.userId)).toEqual(before);
    const lesser = await createRole(ctx, ['VIEW_USERS']);
    const target = await signedInWith(['VIEW_USERS']);
    const moved = await edit(target.userId, await formOf(target.userId, { roleId: lesser.roleId }), me);
    expect(moved.statusCode).toBe(200);
    expect((await stored(target.userId)).roleId).toBe(lesser.roleId);
  });

  it('refuses ADD_USERS alone creating an Admin, creating nobody', async () => {
    const me = await signedInWith(['ADD_USERS']);
    const email = uniqueEmail('would-be-admin');
    const res = await add({ email, roleId: adminRoleId }, me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: USER_MSG.cannotGrantRole });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const empty = await createRole(ctx, []);
    expect((await add({ roleId: empty.roleId }, me)).statusCode).toBe(201);
  });

  it('refuses changing a user who holds more than the caller (their email would be a takeover)', async () => {
    const me = await signedInWith(['VIEW_USERS', 'EDIT_USERS', ...VIEWER]);
    const target = await createSignedInUser(ctx, 'Advisor');
    const before = await stored(target.userId);
    const res = await edit(target.userId, await formOf(target.userId, { email: uniqueEmail('mine') }), me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: USER_MSG.cannotManageUser });
    expect(await stored(target.userId)).toEqual(before);
  });
});

describe('client associations need EDIT_USER_CLIENT_ASSOCIATIONS', () => {
  it('refuses giving clients on add without it; a role without clients needs none', async () => {
    const me = await signedInWith(['ADD_USERS', ...VIEWER]);
    const email = uniqueEmail('with-clients');
    const res = await add({ email, clientAssociation: [clientA] }, me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: USER_MSG.associationNotAllowed });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const staff = await createRole(ctx, ['VIEW_CLIENTS']);
    expect((await add({ roleId: staff.roleId, clientAssociation: [] }, me)).statusCode).toBe(201);
  });

  it('refuses a Client Viewer without a client, saying why (issue 20 point 9)', async () => {
    const email = uniqueEmail('no-clients');
    const res = await add({ email, clientAssociation: [] }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      msg: USER_MSG.clientRequired,
      fieldErrors: { clientAssociation: [USER_MSG.clientRequired] },
    });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const target = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
    const emptied = await edit(target.userId, await formOf(target.userId, { clientAssociation: [] }), admin);
    expect(emptied.statusCode).toBe(400);
    expect((await stored(target.userId)).clientIds).toEqual([clientA]);
  });

  it('refuses changing them on edit without it, and allows it with it', async () => {
    const target = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
    const without = await signedInWith(['VIEW_USERS', 'EDIT_USERS', ...VIEWER]);
    const refused = await edit(
      target.userId,
      await formOf(target.userId, { clientAssociation: [clientB] }),
      without,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: USER_MSG.associationNotAllowed });
    expect((await stored(target.userId)).clientIds).toEqual([clientA]);
    // The same form unchanged saves: only a change of association needs the permission.
    expect((await edit(target.userId, await formOf(target.userId), without)).statusCode).toBe(200);
    const withIt = await signedInWith([
      'VIEW_USERS',
      'EDIT_USERS',
      'EDIT_USER_CLIENT_ASSOCIATIONS',
      ...VIEWER,
    ]);
    const saved = await edit(
      target.userId,
      await formOf(target.userId, { clientAssociation: [clientB] }),
      withIt,
    );
    expect(saved.statusCode).toBe(200);
    expect((await stored(target.userId)).clientIds).toEqual([clientB]);
  });

  it('lets a role change clear the clients with EDIT_ROLES alone (platform.md 4.5)', async () => {
    const target = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
    // A role without clients: a client-scoped one would need clients of its own (issue 20 point 9).
    const other = await createRole(ctx, ['VIEW_CLIENTS']);
    const me = await signedInWith(['VIEW_USERS', 'EDIT_USERS', 'EDIT_ROLES', ...VIEWER]);
    const cleared = { roleId: other.roleId, clientAssociation: [] };
    expect((await edit(target.userId, await formOf(target.userId, cleared), me)).statusCode).toBe(200);
    expect(await stored(target.userId)).toMatchObject({ roleId: other.roleId, clientIds: [] });
  });
});

describe('a client-scoped caller reaches only the users of their clients', () => {
  let scopedAdmin: SignedInUser; // client A, with every user permission and what a Client Viewer holds
  let ofA: SignedInUser;
  let ofB: SignedInUser;
  beforeAll(async () => {
    const userPermissions = ['VIEW_USERS', 'ADD_USERS', 'EDIT_USERS', 'EDIT_USER_CLIENT_ASSOCIATIONS'];
    scopedAdmin = await signedInWith([...userPermissions, 'EDIT_ROLES', ...VIEWER], [clientA]);
    ofA = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
    ofB = await createSignedInUser(ctx, 'Client Viewer', [clientB]);
  });

  it('lists and reads only them; others, staff included, answer 404', async () => {
    const listed = ((await call(ctx, 'GET', '/api/users/all', scopedAdmin)).json() as User[]).map(
      (u) => u.userId,
    );
    expect(listed).toContain(ofA.userId);
    expect(listed).not.toContain(ofB.userId);
    expect(listed).not.toContain(admin.userId);
    for (const outside of [ofB, admin]) {
      const read = await call(ctx, 'GET', `/api/users/${outside.userId}`, scopedAdmin);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ msg: USER_MSG.notFound });
      const association = await call(
        ctx,
        'GET',
        `/api/users/client-association/${outside.userId}`,
        scopedAdmin,
      );
      expect(association.statusCode).toBe(404);
    }
    expect((await call(ctx, 'GET', `/api/users/${ofA.userId}`, scopedAdmin)).statusCode).toBe(200);
  });

  it('cannot edit a user of another client', async () => {
    const before = await stored(ofB.userId);
    const res = await edit(ofB.userId, await formOf(ofB.userId, { lastName: 'Changed' }), scopedAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: USER_MSG.notFound });
    expect(await stored(ofB.userId)).toEqual(before);
  });

  it('gives only client-scoped roles, and every new user one of their clients', async () => {
    const unscoped = await createRole(ctx, ['VIEW_CLIENTS']);
    const staff = await add({ roleId: unscoped.roleId, clientAssociation: [] }, scopedAdmin);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ msg: USER_MSG.scopedRoleOnly });
    const orphan = await add({ clientAssociation: [] }, scopedAdmin);
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().msg).toBe(USER_MSG.ownClientRequired);
    expect((await add({ clientAssociation: [clientA] }, scopedAdmin)).statusCode).toBe(201);
  });
});
