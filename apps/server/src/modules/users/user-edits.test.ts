import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_ROLES, MSG, USER_MSG, type UserInput } from '@tideline/contracts';
import { auditLog, roles } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  post,
  readOutbox,
  STRONG_PASSWORD,
  createTestContext,
  uniqueEmail,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let analyst: SignedInUser; // VIEW_* only: no ADD/EDIT_USERS, RESET_MFA, RESEND_INVITE
let editor: SignedInUser; // ADD_USERS and EDIT_USERS, but no DEACTIVATE_USERS nor associations
let scopedEditor: SignedInUser; // client-scoped editor of client A only, with associations
let clientA: number;
let clientB: number;
let clientViewerRoleId: number;
let analystRoleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'User edits')) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  analyst = await createSignedInUser(ctx, 'Analyst');
  // Both hold what a Client Viewer holds, so they may give that role (user-rules.ts).
  const viewerPermissions = DEFAULT_ROLES.find((r) => r.roleName === 'Client Viewer')!.permissions;
  editor = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['ADD_USERS', 'EDIT_USERS', 'VIEW_USERS', ...viewerPermissions])).roleName,
  );
  const scoped = await createRole(
    ctx,
    ['ADD_USERS', 'EDIT_USERS', 'VIEW_USERS', 'EDIT_USER_CLIENT_ASSOCIATIONS', ...viewerPermissions],
    true,
  );
  scopedEditor = await createSignedInUser(ctx, scoped.roleName, [clientA]);
  const all = await ctx.database.db.select().from(roles);
  clientViewerRoleId = all.find((r) => r.roleName === 'Client Viewer')!.roleId;
  analystRoleId = all.find((r) => r.roleName === 'Analyst')!.roleId;
});
afterAll(() => ctx.close());

function newUser(overrides: Partial<UserInput> = {}): UserInput {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: uniqueEmail('grace'),
    phoneNumber: '+1 555 010 0199',
    roleId: clientViewerRoleId,
    clientAssociation: [clientA, clientB],
    ...overrides,
  };
}

async function addUser(user: UserInput, actor: SignedInUser = admin) {
  return call(ctx, 'POST', '/api/users/add', actor, { user });
}

async function lastAudit(entityId: number, action?: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, String(entityId)),
        action ? eq(auditLog.action, action) : undefined,
      ),
    )
    .orderBy(desc(auditLog.auditId))
    .limit(1);
  return row;
}

// The user's own entries: test files share the database, so other entities may have the same id.
async function auditActions(userId: number) {
  const rows = await ctx.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(auditLog.auditId);
  return rows.map((r) => r.action);
}

const clientIdsOf = async (userId: number) =>
  (await call(ctx, 'GET', `/api/users/client-association/${userId}`, admin))
    .json()
    .map((c: { clientId: number }) => c.clientId)
    .sort((a: number, b: number) => a - b);

describe('POST /api/users/add', () => {
  it('creates the user with their clients, mails the invitation and audits it', async () => {
    const input = newUser();
    const res = await addUser(input);
    expect(res.statusCode).toBe(201);
    const { msg, user } = res.json();
    expect(msg).toBe(USER_MSG.created);
    expect(user).toMatchObject({
      email: input.email,
      roleName: 'Client Viewer',
      status: 1,
      phoneNumber: '+1 555 010 0199',
      hasPassword: false,
      mfaEnrolled: false,
    });
    expect(user.clientAssociation.map((c: { clientId: number }) => c.clientId).sort()).toEqual(
      [clientA, clientB].sort(),
    );
    const [mail] = await readOutbox(ctx, input.email);
    expect(mail!.links[0]).toMatch(`/reset-password/${encodeURIComponent(input.email)}/`);
    expect(await auditActions(user.userId)).toEqual(['user.created', 'auth.invitation.sent']);
    expect((await lastAudit(user.userId))!.userId).toBe(admin.userId);
  });

  it('refuses a taken email whatever its case with 409 and the field message', async () => {
    const input = newUser();
    await addUser(input);
    const res = await addUser(newUser({ email: input.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: USER_MSG.createFailed, fieldErrors: { email: [USER_MSG.emailTaken] } });
  });

  it('refuses an unknown role (400), clients for an unscoped role (400) and unknown clients (404)', async () => {
    const unknownRole = await addUser(newUser({ roleId: 987654 }));
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().msg).toBe(USER_MSG.roleNotFound);
    const unscoped = await addUser(newUser({ roleId: analystRoleId }));
    expect(unscoped.statusCode).toBe(400);
    expect(unscoped.json().fieldErrors.clientAssociation).toEqual([USER_MSG.clientsOnlyForScopedRoles]);
    const unknownClient = await addUser(newUser({ clientAssociation: [987654] }));
    expect(unknownClient.statusCode).toBe(404);
    expect(unknownClient.json().msg).toBe(USER_MSG.clientNotFound);
  });

  it('validates the form with the spec messages', async () => {
    const res = await addUser(newUser({ firstName: ' ', email: 'not-an-email' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      'user.firstName': [MSG.required],
      'user.email': [MSG.mustBeValidEmail],
    });
  });

  it('lets a client-scoped actor give only their own clients; others answer 404', async () => {
    const own = await addUser(newUser({ clientAssociation: [clientA] }), scopedEditor);
    expect(own.statusCode).toBe(201);
    const other = await addUser(newUser({ clientAssociation: [clientB] }), scopedEditor);
    expect(other.statusCode).toBe(404);
  });

  it('refuses without ADD_USERS, and an inactive new user without DEACTIVATE_USERS', async () => {
    expect((await addUser(newUser(), analyst)).statusCode).toBe(403);
    expect((await addUser(newUser({ status: 0 }), editor)).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  async function created(overrides: Partial<UserInput> = {}) {
    const input = newUser(overrides);
    const { user } = (await addUser(input)).json();
    return { input, userId: user.userId as number };
  }
  const edit = (userId: number, user: UserInput, actor: SignedInUser = admin) =>
    call(ctx, 'PUT', `/api/users/${userId}`, actor, { user });

  it('saves the change and audits only the fields that changed', async () => {
    const { input, userId } = await created();
    const res = await edit(userId, { ...input, lastName: 'Murray Hopper' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: USER_MSG.updated, user: { lastName: 'Murray Hopper' } });
    const row = await lastAudit(userId);
    expect(row).toMatchObject({
      action: 'user.updated',
      before: { lastName: 'Hopper' },
      after: { lastName: 'Murray Hopper' },
    });
  });

  it('answers 404 for an unknown user, 409 for a taken email, 403 without EDIT_USERS', async () => {
    const { input, userId } = await created();
    const other = await created();
    expect((await edit(987654321, input)).statusCode).toBe(404);
    const taken = await edit(userId, { ...input, email: other.input.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ msg: USER_MSG.editFailed, fieldErrors: { email: [USER_MSG.emailTaken] } });
    expect((await edit(userId, input, analyst)).statusCode).toBe(403);
  });

  it('needs DEACTIVATE_USERS to change the status', async () => {
    const { input, userId } = await created();
    const refused = await edit(userId, { ...input, status: 0 }, editor);
    expect(refused.statusCode).toBe(403);
    expect((await edit(userId, { ...input, status: 1 }, editor)).statusCode).toBe(200);
  });

  it('clears the clients when the role changes, unless new ones are sent', async () => {
    const { input, userId } = await created();
    const otherScoped = await createRole(ctx, ['VIEW_CLIENTS'], true);
    // Issue 20 point 9: another client-scoped role needs its clients sent with it.
    const refused = await edit(userId, { ...input, roleId: otherScoped.roleId, clientAssociation: [] });
    expect(refused.statusCode).toBe(400);
    await edit(userId, { ...input, roleId: otherScoped.roleId, clientAssociation: [clientA] });
    expect(await clientIdsOf(userId)).toEqual([clientA]);
    await edit(userId, { ...input, roleId: clientViewerRoleId, clientAssociation: [clientB] });
    expect(await clientIdsOf(userId)).toEqual([clientB]);
    const unscoped = await edit(userId, { ...input, roleId: analystRoleId, clientAssociation: [] });
    expect(unscoped.json().user).toMatchObject({ roleName: 'Analyst', clientAssociation: [] });
  });

  it('keeps the clients a client-scoped editor cannot see, and refuses theirs to give', async () => {
    const { input, userId } = await created();
    const res = await edit(userId, { ...input, clientAssociation: [clientA] }, scopedEditor);
    expect(res.statusCode).toBe(200);
    // The editor sees only client A; B stays, unseen.
    expect(res.json().user.clientAssociation.map((c: { clientId: number }) => c.clientId)).toEqual([clientA]);
    expect(await clientIdsOf(userId)).toEqual([clientA, clientB].sort((a, b) => a - b));
    const other = await edit(userId, { ...input, clientAssociation: [clientB] }, scopedEditor);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(USER_MSG.clientNotFound);
  });

  it('deactivation refuses the next sign-in and stops the tokens already issued at once', async () => {
    const target = await createSignedInUser(ctx, 'Advisor');
    const me = () => call(ctx, 'GET', '/api/users/logged-user', target);
    expect((await me()).statusCode).toBe(200);
    const current = (await call(ctx, 'GET', `/api/users/${target.userId}`, admin)).json();
    const res = await edit(target.userId, {
      firstName: current.firstName,
      lastName: current.lastName,
      email: current.email,
      roleId: current.roleId,
      status: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe(0);
    expect((await me()).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { tideline_refresh: target.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
    const signIn = await post(ctx, '/api/auth/sign-in', { email: target.email, password: STRONG_PASSWORD });
    expect(signIn.json()).toEqual({ msg: MSG.invalidCredentials });
    expect(await lastAudit(target.userId, 'user.updated')).toMatchObject({
      before: { status: 1 },
      after: { status: 0 },
    });
  });
});
