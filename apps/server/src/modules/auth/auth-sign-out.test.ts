import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from '../../platform/auth/token-signer';
import {
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { auditRowsOf, loggedUser, refresh, sessionsOf, signInAgain } from './auth-test-support';

// Issue 40 point 6: sign-out ends the session the bearer token names even without the refresh cookie,
// and the cookie it clears keeps the attributes it was set with.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function signOutWith(
  on: TestContext,
  credentials: { authorization?: string | undefined; refreshCookie?: string | undefined },
) {
  return on.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: credentials.authorization ? { authorization: credentials.authorization } : {},
    cookies: credentials.refreshCookie ? { tideline_refresh: credentials.refreshCookie } : {},
  });
}

const signOutsOf = async (user: SignedInUser) =>
  (await auditRowsOf(ctx, user)).filter((r) => r.action === 'auth.sign-out');

describe('signing out with the bearer token only', () => {
  it('ends that session: its access token answers 401 and its refresh token stops', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const other = await signInAgain(ctx, user);
    expect((await loggedUser(ctx, user.auth.authorization)).statusCode).toBe(200);

    const out = await signOutWith(ctx, { authorization: user.auth.authorization });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ msg: 'Signed out.' });
    const refused = await loggedUser(ctx, user.auth.authorization);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toMatch(/\.$/);
    expect((await refresh(ctx, user.refreshCookie)).statusCode).toBe(401);

    const [first, second] = await sessionsOf(ctx, user.userId);
    expect(first!.revokedAt).not.toBeNull();
    expect(second!.revokedAt).toBeNull();
    expect((await loggedUser(ctx, other.authorization)).statusCode).toBe(200);
    expect(await signOutsOf(user)).toEqual([
      expect.objectContaining({
        entity: 'session',
        entityId: first!.sessionId,
        userId: user.userId,
        actorEmail: user.email,
      }),
    ]);

    // Again with the same token: nothing more ends, nothing more is audited.
    expect((await signOutWith(ctx, { authorization: user.auth.authorization })).statusCode).toBe(200);
    expect(await signOutsOf(user)).toHaveLength(1);
  });

  it('ends the session once, audited once, when the cookie and the token name the same one', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const out = await signOutWith(ctx, {
      authorization: user.auth.authorization,
      refreshCookie: user.refreshCookie,
    });
    expect(out.statusCode).toBe(200);
    expect((await loggedUser(ctx, user.auth.authorization)).statusCode).toBe(401);
    expect(await signOutsOf(user)).toHaveLength(1);
  });

  it('ends both sessions when the cookie and the token belong to different sign-ins', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const other = await signInAgain(ctx, user);
    const out = await signOutWith(ctx, {
      authorization: other.authorization,
      refreshCookie: user.refreshCookie,
    });
    expect(out.statusCode).toBe(200);
    expect((await loggedUser(ctx, user.auth.authorization)).statusCode).toBe(401);
    expect((await loggedUser(ctx, other.authorization)).statusCode).toBe(401);
    expect(await signOutsOf(user)).toHaveLength(2);
  });

  it('ends nothing for a token this server did not sign, and still answers the sign-out', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const [session] = await sessionsOf(ctx, user.userId);
    const forger = createTokenSigner('not-the-instance-secret-0123456789abcdef', 900);
    const forged = await forger.signAccessToken({
      userId: user.userId,
      tokenVersion: 0,
      sessionId: session!.sessionId,
    });
    for (const authorization of [`Bearer ${forged}`, 'Bearer not-a-token', 'Basic abc'])
      expect((await signOutWith(ctx, { authorization })).statusCode).toBe(200);
    expect((await loggedUser(ctx, user.auth.authorization)).statusCode).toBe(200);
    expect((await sessionsOf(ctx, user.userId))[0]!.revokedAt).toBeNull();
    expect(await signOutsOf(user)).toEqual([]);
  });

  it('refuses the token at once with the signed-in user cache on', async () => {
    const cached = await createTestContext({ ACCESS_CACHE_SECONDS: '60' });
    try {
      await vi.waitFor(() => expect(cached.app.accessCache!.stats().isListening).toBe(true));
      const user = await createSignedInUser(cached, 'Analyst');
      expect((await loggedUser(cached, user.auth.authorization)).statusCode).toBe(200);
      expect((await loggedUser(cached, user.auth.authorization)).statusCode).toBe(200);
      expect(cached.app.accessCache!.isCached(user.userId)).toBe(true);
      expect((await signOutWith(cached, { authorization: user.auth.authorization })).statusCode).toBe(200);
      expect((await loggedUser(cached, user.auth.authorization)).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });
});

describe('the refresh cookie cleared on sign-out', () => {
  const attributesOf = (c: { path?: string; httpOnly?: boolean; secure?: boolean; sameSite?: string }) => ({
    path: c.path,
    httpOnly: c.httpOnly,
    secure: c.secure ?? false,
    sameSite: c.sameSite,
  });

  async function compareCookies(on: TestContext) {
    const user = await createSignedInUser(on, 'Advisor');
    const refreshed = await refresh(on, user.refreshCookie);
    const set = refreshed.cookies.find((c) => c.name === 'tideline_refresh')!;
    const out = await signOutWith(on, { refreshCookie: set.value });
    const cleared = out.cookies.find((c) => c.name === 'tideline_refresh')!;
    expect(cleared.value).toBe('');
    expect(cleared.maxAge).toBe(0);
    expect(attributesOf(cleared)).toEqual(attributesOf(set));
    return attributesOf(cleared);
  }

  it('keeps HttpOnly, SameSite=Strict and the path of the cookie it replaces', async () => {
    expect(await compareCookies(ctx)).toEqual({
      path: '/api/auth',
      httpOnly: true,
      secure: false,
      sameSite: 'Strict',
    });
  });

  it('keeps Secure too when the instance is served over https', async () => {
    const https = await createTestContext({ PUBLIC_URL: 'https://tideline.example.com' });
    try {
      expect(await compareCookies(https)).toEqual({
        path: '/api/auth',
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
      });
      // My Account's MFA reset clears it the same way.
      const user = await createSignedInUser(https, 'Analyst');
      const reset = await https.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/reset',
        headers: user.auth,
      });
      expect(reset.statusCode).toBe(200);
      const cleared = reset.cookies.find((c) => c.name === 'tideline_refresh')!;
      expect(attributesOf(cleared)).toEqual({
        path: '/api/auth',
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
      });
    } finally {
      await https.close();
    }
  });
});
