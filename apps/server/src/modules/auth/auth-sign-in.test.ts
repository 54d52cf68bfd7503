import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@tideline/contracts';
import { users } from '../../db/schema';
import {
  createAdmin,
  createSignedInUser,
  createTestContext,
  post,
  readOutbox,
  STRONG_PASSWORD,
  totpCode,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const loggedUser = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/logged-user', headers: { authorization } });

describe('first administrator, invitation, enrolment', () => {
  it('goes from the invitation link to a signed-in admin with MFA', async () => {
    const email = uniqueEmail('admin');
    const { link } = await createAdmin(
      { db: ctx.database.db, auth: ctx.platform.auth },
      { email, firstName: 'Ada', lastName: 'Lovelace' },
    );
    expect(link).toMatch(
      new RegExp(`^http://tideline.test/reset-password/${encodeURIComponent(email)}/[A-Za-z0-9_-]{43}$`),
    );
    expect((await readOutbox(ctx, email))[0]?.links).toEqual([link]);

    const code = link.split('/').pop()!;
    const weak = await post(ctx, '/api/auth/confirm-password', {
      username: email,
      code,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toContain(MSG.passwordTooShort);
    const set = await post(ctx, '/api/auth/confirm-password', {
      username: email,
      code,
      newPassword: STRONG_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    const reused = await post(ctx, '/api/auth/confirm-password', {
      username: email,
      code,
      newPassword: STRONG_PASSWORD,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toBe(MSG.linkInvalid);

    const signIn = await post(ctx, '/api/auth/sign-in', {
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(signIn.json()).toMatchObject({ challenge: 'MFA_SETUP' });
    const { session } = signIn.json();
    const setup = await post(ctx, '/api/auth/mfa/setup', { session });
    const { secretCode, otpauthUri, qrCodeDataUrl } = setup.json();
    expect(secretCode).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secretCode}`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Reopening the enrolment view shows the same key.
    expect((await post(ctx, '/api/auth/mfa/setup', { session })).json().secretCode).toBe(secretCode);

    const wrong = await post(ctx, '/api/auth/mfa/verify-setup', { session, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe(MSG.invalidMfaToken);
    const ok = await post(ctx, '/api/auth/mfa/verify-setup', { session, code: await totpCode(secretCode) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().expiresIn).toBe(900);
    const cookie = ok.cookies.find((c) => c.name === 'tideline_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });

    const me = await loggedUser(`Bearer ${ok.json().accessToken}`);
    expect(me.json()).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(me.json().permList).toContain('EDIT_ROLES');
  });
});

describe('sign-in with an enrolled authenticator', () => {
  it('asks for the code, accepts each time step once, and one step of drift', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    const signIn = await post(ctx, '/api/auth/sign-in', { email: user.email, password: STRONG_PASSWORD });
    expect(signIn.json().challenge).toBe('SOFTWARE_TOKEN_MFA');
    const { session } = signIn.json();
    // The enrolment used the current step: the same code is a replay.
    const replay = await post(ctx, '/api/auth/mfa/verify', { session, code: await totpCode(user.mfaSecret) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toBe(MSG.invalidMfaToken);
    const twoAhead = await post(ctx, '/api/auth/mfa/verify', {
      session,
      code: await totpCode(user.mfaSecret, 2),
    });
    expect(twoAhead.statusCode).toBe(401);
    const next = await post(ctx, '/api/auth/mfa/verify', {
      session,
      code: await totpCode(user.mfaSecret, 1),
    });
    expect(next.statusCode).toBe(200);
    expect((await loggedUser(`Bearer ${next.json().accessToken}`)).json().permList).toContain(
      'RUN_MONTE_CARLO_MODEL',
    );
  });

  it('answers every credential failure the same way', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const wrongPassword = await post(ctx, '/api/auth/sign-in', {
      email: user.email,
      password: 'Wrong-password-123',
    });
    const unknown = await post(ctx, '/api/auth/sign-in', {
      email: uniqueEmail('ghost'),
      password: STRONG_PASSWORD,
    });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MSG.invalidCredentials });
    }
  });

  it('refuses a deactivated user at sign-in and stops their tokens at once', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    expect((await loggedUser(user.auth.authorization)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ status: 0 }).where(eq(users.userId, user.userId));
    expect((await loggedUser(user.auth.authorization)).statusCode).toBe(401);
    const again = await post(ctx, '/api/auth/sign-in', { email: user.email, password: STRONG_PASSWORD });
    expect(again.json()).toEqual({ msg: MSG.invalidCredentials });
  });

  it('throttles failures per account, known or not, without telling which exist', async () => {
    const throttled = await createTestContext({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    try {
      const user = await createSignedInUser(throttled, 'Advisor');
      for (const email of [user.email, uniqueEmail('nobody')]) {
        for (let i = 0; i < 3; i += 1) {
          expect(
            (await post(throttled, '/api/auth/sign-in', { email, password: 'Nope-nope-123!' })).statusCode,
          ).toBe(401);
        }
        const blocked = await post(throttled, '/api/auth/sign-in', { email, password: STRONG_PASSWORD });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().msg).toBe(MSG.tooManyAttempts);
      }
    } finally {
      await throttled.close();
    }
  });

  it('throttles failures per address', async () => {
    const throttled = await createTestContext({ SIGNIN_MAX_FAILURES_PER_ADDRESS: '2' });
    try {
      const remoteAddress = '203.0.113.77';
      for (let i = 0; i < 2; i += 1) {
        await throttled.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress,
          payload: { email: uniqueEmail(), password: 'x' },
        });
      }
      const blocked = await throttled.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress,
        payload: { email: uniqueEmail(), password: 'x' },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await throttled.close();
    }
  });

  it('refuses an expired or forged MFA session', async () => {
    const forged = await post(ctx, '/api/auth/mfa/verify', {
      session: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
      code: '123456',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toBe(MSG.mfaSessionExpired);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens, and a reused one ends the whole family', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const refresh = (value: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { tideline_refresh: value } });
    const first = await refresh(user.refreshCookie);
    expect(first.statusCode).toBe(200);
    const rotated = first.cookies.find((c) => c.name === 'tideline_refresh')!.value;
    expect(rotated).not.toBe(user.refreshCookie);
    expect((await loggedUser(`Bearer ${first.json().accessToken}`)).statusCode).toBe(200);

    expect((await refresh(user.refreshCookie)).statusCode).toBe(401); // replay of the old one…
    expect((await refresh(rotated)).statusCode).toBe(401); // …revoked its successor too
  });

  it('revokes the refresh token on sign-out', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { tideline_refresh: user.refreshCookie },
    });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { tideline_refresh: user.refreshCookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses missing, forged and expired access tokens with 401', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const [h, p] = user.accessToken.split('.');
    const expiredSigner = (await import('../../platform/auth/token-signer')).createTokenSigner(
      'x'.repeat(48),
      30,
    );
    for (const authorization of [
      '',
      'Bearer nonsense',
      `Bearer ${h}.${p}.forgedsignature`,
      `Bearer ${await expiredSigner.signAccessToken({ userId: user.userId, tokenVersion: 0, sessionId: randomUUID() })}`,
    ]) {
      expect((await loggedUser(authorization)).statusCode).toBe(401);
    }
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe('The request body is not valid JSON.');
    const huge = await post(ctx, '/api/auth/sign-in', { email: 'a@b.co', password: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe('The request is too large.');
  });

  it('lists every invalid field with the spec texts', async () => {
    const res = await post(ctx, '/api/auth/sign-in', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: [MSG.invalidEmail], password: [MSG.required] });
  });
});
