import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_ROLES, MSG, USER_MSG } from '@tideline/contracts';
import { auditLog, roles } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  post,
  readOutbox,
  STRONG_PASSWORD,
  uniqueEmail,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// platform.md 4.6: Reset MFA and Resend Invite, and whom a caller may use them on (user-rules.ts).
let ctx: TestContext;
let admin: SignedInUser;
let analyst: SignedInUser; // VIEW_* only: no RESET_MFA, RESEND_INVITE
let clientA: number;
let clientB: number;
let clientViewerRoleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'User mfa')) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  analyst = await createSignedInUser(ctx, 'Analyst');
  const [viewerRole] = await ctx.database.db.select().from(roles).where(eq(roles.roleName, 'Client Viewer'));
  clientViewerRoleId = viewerRole!.roleId;
});
afterAll(() => ctx.close());

function newUser(overrides: { status?: 0 | 1; clientAssociation?: number[] } = {}) {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: uniqueEmail('grace'),
    roleId: clientViewerRoleId,
    clientAssociation: [clientA],
    ...overrides,
  };
}

const addUser = (user: ReturnType<typeof newUser>) => call(ctx, 'POST', '/api/users/add', admin, { user });

async function lastAudit(entityId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.auditId))
    .limit(1);
  return row;
}

describe('PUT /api/users/reset-mfa/:email', () => {
  it('resets the authenticator, ends the sessions and tells the user by mail', async () => {
    const target = await createSignedInUser(ctx, 'Advisor');
    const res = await call(ctx, 'PUT', `/api/users/reset-mfa/${encodeURIComponent(target.email)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: USER_MSG.mfaResetSuccessful });
    expect((await call(ctx, 'GET', '/api/users/logged-user', target)).statusCode).toBe(401);
    const signIn = await post(ctx, '/api/auth/sign-in', { email: target.email, password: STRONG_PASSWORD });
    expect(signIn.json().challenge).toBe('MFA_SETUP');
    const mails = await readOutbox(ctx, target.email);
    expect(mails.map((m) => m.subject)).toContain('Your Tideline authenticator was reset');
    expect(await lastAudit(target.userId)).toMatchObject({ action: 'auth.mfa.reset', userId: admin.userId });
  });

  it('answers 404 for an unknown email and 403 without RESET_MFA', async () => {
    const unknown = await call(ctx, 'PUT', `/api/users/reset-mfa/${uniqueEmail('ghost')}`, admin);
    expect(unknown.statusCode).toBe(404);
    expect((await call(ctx, 'PUT', `/api/users/reset-mfa/${admin.email}`, analyst)).statusCode).toBe(403);
  });
});

describe('POST /api/users/resend-invite/:email', () => {
  it('sends a fresh link and the earlier one stops working', async () => {
    const input = newUser();
    await addUser(input);
    const res = await call(ctx, 'POST', `/api/users/resend-invite/${encodeURIComponent(input.email)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: USER_MSG.inviteSent });
    const [first, second] = (await readOutbox(ctx, input.email)).map((m) => m.links[0]!.split('/').pop()!);
    expect(second).toBeDefined();
    const confirm = (code: string) =>
      post(ctx, '/api/auth/confirm-password', { username: input.email, code, newPassword: STRONG_PASSWORD });
    expect((await confirm(first!)).json().msg).toBe(MSG.linkInvalid);
    expect((await confirm(second!)).statusCode).toBe(200);
  });

  it('answers 409 for an inactive user, 404 for an unknown one, 403 without RESEND_INVITE', async () => {
    const input = newUser({ status: 0 });
    expect((await addUser(input)).statusCode).toBe(201);
    expect(await readOutbox(ctx, input.email)).toEqual([]);
    const inactive = await call(
      ctx,
      'POST',
      `/api/users/resend-invite/${encodeURIComponent(input.email)}`,
      admin,
    );
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().msg).toBe(USER_MSG.userInactive);
    expect((await call(ctx, 'POST', `/api/users/resend-invite/${uniqueEmail()}`, admin)).statusCode).toBe(
      404,
    );
    expect((await call(ctx, 'POST', `/api/users/resend-invite/${admin.email}`, analyst)).statusCode).toBe(
      403,
    );
  });
});

describe('reset MFA and resend invite: whom a caller reaches (security issue 14)', () => {
  const resetMfa = (email: string, actor: SignedInUser) =>
    call(ctx, 'PUT', `/api/users/reset-mfa/${encodeURIComponent(email)}`, actor);
  const resendInvite = (email: string, actor: SignedInUser) =>
    call(ctx, 'POST', `/api/users/resend-invite/${encodeURIComponent(email)}`, actor);

  it('gives a client-scoped caller only the users of their clients; others answer 404', async () => {
    const viewer = DEFAULT_ROLES.find((r) => r.roleName === 'Client Viewer')!.permissions;
    const scoped = await createRole(ctx, ['RESET_MFA', 'RESEND_INVITE', ...viewer], true);
    const helpdeskA = await createSignedInUser(ctx, scoped.roleName, [clientA]);
    const ofB = await createSignedInUser(ctx, 'Client Viewer', [clientB]);
    const ofA = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
    for (const target of [ofB, admin]) {
      const refused = await resetMfa(target.email, helpdeskA);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ msg: USER_MSG.notFound });
      expect((await resendInvite(target.email, helpdeskA)).statusCode).toBe(404);
    }
    expect((await call(ctx, 'GET', '/api/users/logged-user', ofB)).statusCode).toBe(200);
    expect(await readOutbox(ctx, ofB.email)).toEqual([]);
    expect((await resetMfa(ofA.email, helpdeskA)).statusCode).toBe(200);
    expect((await resendInvite(ofA.email, helpdeskA)).statusCode).toBe(200);
  });

  it('refuses to reset the MFA of a user holding permissions the caller does not', async () => {
    const helpdesk = await createSignedInUser(ctx, (await createRole(ctx, ['RESET_MFA'])).roleName);
    const target = await createSignedInUser(ctx, 'Advisor');
    const refused = await resetMfa(target.email, helpdesk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: USER_MSG.cannotManageUser });
    expect((await call(ctx, 'GET', '/api/users/logged-user', target)).statusCode).toBe(200);
  });
});
