import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MSG, USER_MSG } from '@tideline/contracts';
import { auditLog } from '../../db/schema';
import {
  createSignedInUser,
  createTestContext,
  post,
  readOutbox,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('forgot password', () => {
  it('answers the same for unknown accounts and mails a working single-use link to real ones', async () => {
    const unknown = await post(ctx, '/api/auth/forgot-password', { email: uniqueEmail('ghost') });
    const user = await createSignedInUser(ctx, 'Advisor');
    const known = await post(ctx, '/api/auth/forgot-password', { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    await ctx.platform.auth.settleMail(); // mail goes out after the answer (issue 14 point 8)
    const [mail] = await readOutbox(ctx, user.email);
    const link = mail!.links[0]!;
    expect(link).toMatch(new RegExp(`/forgot-password/${encodeURIComponent(user.email)}/[A-Za-z0-9_-]+$`));
    const code = link.split('/').pop()!;
    const newPassword = 'Another-Strong-Pass-9';
    const wrongUser = await post(ctx, '/api/auth/confirm-password', {
      username: uniqueEmail(),
      code,
      newPassword,
    });
    expect(wrongUser.statusCode).toBe(400);
    const ok = await post(ctx, '/api/auth/confirm-password', { username: user.email, code, newPassword });
    expect(ok.statusCode).toBe(200);
    // The reset ends existing sessions.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { tideline_refresh: user.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(
      (await post(ctx, '/api/auth/sign-in', { email: user.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post(ctx, '/api/auth/sign-in', { email: user.email, password: newPassword })).statusCode,
    ).toBe(200);
    expect(
      (await post(ctx, '/api/auth/confirm-password', { username: user.email, code, newPassword })).json().msg,
    ).toBe(MSG.linkInvalid);
  });

  it('refuses an expired link', async () => {
    const short = await createTestContext({ RESET_TTL_MINUTES: '5' });
    try {
      const user = await createSignedInUser(short, 'Advisor');
      await post(short, '/api/auth/forgot-password', { email: user.email });
      await short.platform.auth.settleMail();
      const code = (await readOutbox(short, user.email))[0]!.links[0]!.split('/').pop()!;
      const { authCodes } = await import('../../db/schema');
      await short.database.db
        .update(authCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authCodes.userId, user.userId));
      const res = await post(short, '/api/auth/confirm-password', {
        username: user.email,
        code,
        newPassword: 'Another-Strong-Pass-9',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MSG.linkInvalid);
    } finally {
      await short.close();
    }
  });
});

describe('change password', () => {
  it('refuses a wrong current password with the spec text under that field', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    const res = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: 'Wrong-Current-1!', newPassword: 'Brand-New-Pass-77' },
      user.auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      msg: MSG.invalidPassword,
      fieldErrors: { currentPassword: [MSG.invalidPassword] },
    });
  });

  it('refuses a new password equal to the current one or failing the policy', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    const same = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD },
      user.auth,
    );
    expect(same.json().msg).toBe(MSG.newPasswordSameAsCurrent);
    const weak = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'alllowercase-long' },
      user.auth,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toEqual([MSG.passwordRequirements]);
  });

  it('changes the password, ends other sessions, keeps this one, and audits it', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    const res = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Pass-77' },
      user.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(MSG.passwordUpdated);
    const me = (authorization: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/users/logged-user', headers: { authorization } });
    expect((await me(user.auth.authorization)).statusCode).toBe(401);
    expect((await me(`Bearer ${res.json().accessToken}`)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(user.userId))))
      .orderBy(desc(auditLog.auditId))
      .limit(1);
    expect(row).toMatchObject({
      action: 'auth.password.changed',
      userId: user.userId,
      actorEmail: user.email,
      ipAddress: '127.0.0.1',
    });
    expect(row!.requestId).toBeTruthy();
  });
});

describe('MFA reset', () => {
  it('makes the next sign-in enrol afresh and ends current sessions', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    await ctx.platform.auth.resetMfa(user.userId, {
      userId: null,
      actorEmail: 'test',
      requestId: null,
      ipAddress: null,
    });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/logged-user', headers: user.auth });
    expect(me.statusCode).toBe(401);
    const signIn = await post(ctx, '/api/auth/sign-in', { email: user.email, password: STRONG_PASSWORD });
    expect(signIn.json().challenge).toBe('MFA_SETUP');
  });

  it('lets a signed-in user reset their own MFA, which ends every session', async () => {
    const user = await createSignedInUser(ctx, 'Client Viewer');
    expect((await post(ctx, '/api/auth/mfa/reset')).statusCode).toBe(401);
    const res = await post(ctx, '/api/auth/mfa/reset', undefined, user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: USER_MSG.mfaResetSuccessful });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/logged-user', headers: user.auth });
    expect(me.statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { tideline_refresh: user.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(401);
    const signIn = await post(ctx, '/api/auth/sign-in', { email: user.email, password: STRONG_PASSWORD });
    expect(signIn.json().challenge).toBe('MFA_SETUP');
  });
});
