import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshTokens, sessions } from '../../db/schema';
import {
  createSignedInUser,
  createTestContext,
  post,
  STRONG_PASSWORD,
  type TestContext,
} from '../../../test/test-context';
import { auditRowsOf, loggedUser, refresh, sessionsOf, signInAgain, signOut } from './auth-test-support';

// Issue 14 point 7: a session's access tokens stop at once when it ends, and it ends by itself in time.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('ending a session', () => {
  it('refuses the access token right after sign-out, and audits the sign-out with its actor', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const other = await signInAgain(ctx, user);
    expect((await loggedUser(ctx, user.auth.authorization)).statusCode).toBe(200);

    const out = await signOut(ctx, user.refreshCookie);
    expect(out.statusCode).toBe(200);
    const refused = await loggedUser(ctx, user.auth.authorization);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toHaveProperty('msg');
    // Only that sign-in ended: the user's other session goes on.
    expect((await loggedUser(ctx, other.authorization)).statusCode).toBe(200);

    const [first] = await sessionsOf(ctx, user.userId);
    const signOuts = (await auditRowsOf(ctx, user)).filter((r) => r.action === 'auth.sign-out');
    expect(signOuts).toEqual([
      expect.objectContaining({
        entity: 'session',
        entityId: first!.sessionId,
        userId: user.userId,
        actorEmail: user.email,
      }),
    ]);
    // Signing out again with the same cookie changes and audits nothing.
    expect((await signOut(ctx, user.refreshCookie)).statusCode).toBe(200);
    expect((await auditRowsOf(ctx, user)).filter((r) => r.action === 'auth.sign-out')).toHaveLength(1);
  });

  it('refuses the access tokens of a sign-in whose rotated refresh token came back', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const first = await refresh(ctx, user.refreshCookie);
    const fresh = `Bearer ${first.json().accessToken}`;
    expect((await loggedUser(ctx, fresh)).statusCode).toBe(200);

    expect((await refresh(ctx, user.refreshCookie)).statusCode).toBe(401); // the copy comes back
    expect((await loggedUser(ctx, fresh)).statusCode).toBe(401);
    expect((await loggedUser(ctx, user.auth.authorization)).statusCode).toBe(401);
    const [session] = await sessionsOf(ctx, user.userId);
    expect(session!.revokedAt).not.toBeNull();
    expect(
      (await auditRowsOf(ctx, user)).find((r) => r.action === 'auth.session.reuse-detected'),
    ).toMatchObject({
      entity: 'session',
      entityId: session!.sessionId,
      userId: user.userId,
      actorEmail: user.email,
    });
  });

  it('ends the other sessions on a password change and continues this one', async () => {
    const user = await createSignedInUser(ctx, 'Analyst');
    const other = await signInAgain(ctx, user);
    const res = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Pass-77' },
      user.auth,
    );
    expect(res.statusCode).toBe(200);
    expect((await loggedUser(ctx, other.authorization)).statusCode).toBe(401);
    expect((await refresh(ctx, other.refreshCookie)).statusCode).toBe(401);
    expect((await loggedUser(ctx, `Bearer ${res.json().accessToken}`)).statusCode).toBe(200);
    const [mine, theirs] = await sessionsOf(ctx, user.userId);
    expect(mine!.revokedAt).toBeNull();
    expect(theirs!.revokedAt).not.toBeNull();
    // The new refresh token belongs to the same session, so the absolute lifetime is not reset.
    const cookie = res.cookies.find((c) => c.name === 'tideline_refresh')!.value;
    const again = await refresh(ctx, cookie);
    expect(again.statusCode).toBe(200);
    expect(await sessionsOf(ctx, user.userId)).toHaveLength(2);
  });
});

describe('the absolute session lifetime', () => {
  it('stops access and refresh once the session is past SESSION_MAX_HOURS', async () => {
    const user = await createSignedInUser(ctx, 'Advisor');
    const [session] = await sessionsOf(ctx, user.userId);
    const hours = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 3);

    // Twelve hours later, as if the user had kept refreshing all along.
    await ctx.database.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 12 * 3_600_000 - 1000),
        expiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(sessions.sessionId, session!.sessionId));
    expect((await loggedUser(ctx, user.auth.authorization)).statusCode).toBe(401);
    expect((await refresh(ctx, user.refreshCookie)).statusCode).toBe(401);
  });

  it('never issues a refresh token that outlives its session', async () => {
    const short = await createTestContext({ SESSION_MAX_HOURS: '1' });
    try {
      const user = await createSignedInUser(short, 'Advisor');
      const [session] = await sessionsOf(short, user.userId);
      expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeLessThanOrEqual(
        3_600_000 + 1000,
      );
      const res = await refresh(short, user.refreshCookie);
      expect(res.statusCode).toBe(200);
      const tokens = await short.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, session!.sessionId));
      expect(tokens).toHaveLength(2);
      for (const token of tokens) expect(token.expiresAt.getTime()).toBe(session!.expiresAt.getTime());
    } finally {
      await short.close();
    }
  });
});
