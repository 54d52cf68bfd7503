import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MSG, USER_MSG } from '@tideline/contracts';
import { auditLog, users } from '../../db/schema';
import {
  call,
  createSignedInUser,
  createTestContext,
  readOutbox,
  STRONG_PASSWORD,
  uniqueEmail,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// My Account's Details (platform.md 2.7) and security issue 14 point 8: a new email needs the current
// password, and the old and the new address are told.
let ctx: TestContext;
let admin: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
});
afterAll(() => ctx.close());

async function lastAudit(entityId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.auditId))
    .limit(1);
  return row;
}

async function storedEmail(userId: number) {
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.userId, userId));
  return row!.email;
}

function saveProfile(
  me: SignedInUser,
  fields: { email?: string; firstName?: string; currentPassword?: string; id?: number } = {},
) {
  const id = fields.id ?? me.userId;
  return call(ctx, 'PUT', `/api/users/profile/${id}`, me, {
    user: {
      firstName: fields.firstName ?? 'Ada',
      lastName: 'King',
      email: fields.email ?? me.email,
      oldEmail: me.email,
      id,
      ...(fields.currentPassword === undefined ? {} : { currentPassword: fields.currentPassword }),
    },
  });
}

describe('PUT /api/users/profile/:id', () => {
  it('changes the name without a password, and mails nobody', async () => {
    const me = await createSignedInUser(ctx, 'Client Viewer');
    const res = await saveProfile(me, { firstName: 'Augusta' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: USER_MSG.profileUpdated,
      userId: me.userId,
      firstName: 'Augusta',
    });
    expect((await call(ctx, 'GET', '/api/users/logged-user', me)).json()).toMatchObject({ lastName: 'King' });
    expect(await lastAudit(me.userId)).toMatchObject({ action: 'user.profile.updated' });
    expect(await readOutbox(ctx, me.email)).toEqual([]);
  });

  it('refuses an email change without the current password, changing nothing', async () => {
    const me = await createSignedInUser(ctx, 'Client Viewer');
    const res = await saveProfile(me, { email: uniqueEmail('new') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      msg: USER_MSG.currentPasswordRequired,
      fieldErrors: { currentPassword: [USER_MSG.currentPasswordRequired] },
    });
    expect(await storedEmail(me.userId)).toBe(me.email);
  });

  it('refuses a wrong current password, audits the attempt and mails nobody', async () => {
    const me = await createSignedInUser(ctx, 'Client Viewer');
    const email = uniqueEmail('new');
    const res = await saveProfile(me, { email, currentPassword: 'Not-the-password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      msg: MSG.invalidPassword,
      fieldErrors: { currentPassword: [MSG.invalidPassword] },
    });
    expect(await storedEmail(me.userId)).toBe(me.email);
    expect(await lastAudit(me.userId)).toMatchObject({ action: 'user.email-change-failed' });
    expect(await readOutbox(ctx, me.email)).toEqual([]);
    expect(await readOutbox(ctx, email)).toEqual([]);
  });

  it('throttles wrong current passwords like wrong sign-in passwords', async () => {
    const me = await createSignedInUser(ctx, 'Client Viewer');
    const email = uniqueEmail('guess');
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1)
      answers.push((await saveProfile(me, { email, currentPassword: `Guess-${i}-password!` })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits out the window now.
    expect((await saveProfile(me, { email, currentPassword: STRONG_PASSWORD })).statusCode).toBe(429);
    expect(await storedEmail(me.userId)).toBe(me.email);
  });

  it('changes the email with the current password and tells the old and the new address', async () => {
    const me = await createSignedInUser(ctx, 'Client Viewer');
    const email = uniqueEmail('renamed');
    const res = await saveProfile(me, { email, currentPassword: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: USER_MSG.profileUpdated, email });
    expect((await call(ctx, 'GET', '/api/users/logged-user', me)).json()).toMatchObject({ email });
    expect(await lastAudit(me.userId)).toMatchObject({ action: 'user.profile.updated', after: { email } });
    const [toOld] = await readOutbox(ctx, me.email);
    expect(toOld!.subject).toBe('Your Tideline email address was changed');
    expect(toOld!.text).toContain(email);
    expect((await readOutbox(ctx, email)).map((m) => m.subject)).toEqual(['Your Tideline sign-in email']);
  });

  it('takes a change of case alone as no email change', async () => {
    const me = await createSignedInUser(ctx, 'Client Viewer');
    const res = await saveProfile(me, { email: me.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(await readOutbox(ctx, me.email)).toEqual([]);
  });

  it("refuses someone else's profile (403) and a taken email (409)", async () => {
    const me = await createSignedInUser(ctx, 'Client Viewer');
    const other = await saveProfile(me, { id: admin.userId });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe(USER_MSG.ownProfileOnly);
    const taken = await saveProfile(me, { email: admin.email, currentPassword: STRONG_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ email: [USER_MSG.emailTaken] });
    expect(await readOutbox(ctx, me.email)).toEqual([]);
  });
});

describe('PUT /api/users/:id changing the email', () => {
  it('tells the old and the new address, as My Account does', async () => {
    const target = await createSignedInUser(ctx, 'Advisor');
    const current = (await call(ctx, 'GET', `/api/users/${target.userId}`, admin)).json();
    const email = uniqueEmail('moved');
    const res = await call(ctx, 'PUT', `/api/users/${target.userId}`, admin, {
      user: { firstName: current.firstName, lastName: current.lastName, email, roleId: current.roleId },
    });
    expect(res.statusCode).toBe(200);
    expect((await readOutbox(ctx, target.email)).map((m) => m.subject)).toEqual([
      'Your Tideline email address was changed',
    ]);
    expect(await readOutbox(ctx, email)).toHaveLength(1);
  });
});
