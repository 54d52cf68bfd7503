import { asc, eq, or, sql } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema';
import {
  post,
  STRONG_PASSWORD,
  totpCode,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

/** The audit rows about a user: as actor, as entity, or naming their email (refused sign-ins). */
export async function auditRowsOf(ctx: TestContext, user: { userId?: number; email: string }) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(
      or(
        user.userId === undefined ? undefined : eq(auditLog.userId, user.userId),
        user.userId === undefined ? undefined : eq(auditLog.entityId, String(user.userId)),
        sql`${auditLog.after}->>'email' = ${user.email.toLowerCase()}`,
      ),
    )
    .orderBy(asc(auditLog.auditId));
}

export async function auditActionsOf(ctx: TestContext, user: { userId?: number; email: string }) {
  return (await auditRowsOf(ctx, user)).map((r) => r.action);
}

export async function sessionsOf(ctx: TestContext, userId: number) {
  return ctx.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export const loggedUser = (ctx: TestContext, authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/logged-user', headers: { authorization } });

export const refresh = (ctx: TestContext, refreshCookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { tideline_refresh: refreshCookie } });

export const signOut = (ctx: TestContext, refreshCookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies: { tideline_refresh: refreshCookie } });

/** The password step for an enrolled user: answers the sign-in `session` token. */
export async function signInPassword(ctx: TestContext, user: SignedInUser): Promise<string> {
  const res = await post(ctx, '/api/auth/sign-in', { email: user.email, password: STRONG_PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { session: string }).session;
}

/**
 * Another full sign-in of an enrolled user: a new session with its own tokens. The accepted time step is
 * forgotten first, so a test may sign the same user in several times within one 30-second step.
 */
export async function signInAgain(ctx: TestContext, user: SignedInUser) {
  const session = await signInPassword(ctx, user);
  await forgetLastStep(ctx, user.userId);
  const res = await post(ctx, '/api/auth/mfa/verify', { session, code: await totpCode(user.mfaSecret) });
  if (res.statusCode !== 200) throw new Error(`mfa/verify answered ${res.statusCode}: ${res.body}`);
  return {
    authorization: `Bearer ${(res.json() as { accessToken: string }).accessToken}`,
    refreshCookie: res.cookies.find((c) => c.name === 'tideline_refresh')!.value,
  };
}

/** The user enrols a new authenticator at the next sign-in, as after an MFA reset. */
export async function forgetAuthenticator(ctx: TestContext, userId: number) {
  await ctx.database.db
    .update(users)
    .set({ mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null })
    .where(eq(users.userId, userId));
}

/** Forgets which time step was last accepted, so the current code is accepted again. */
export async function forgetLastStep(ctx: TestContext, userId: number) {
  await ctx.database.db.update(users).set({ mfaLastStep: null }).where(eq(users.userId, userId));
}

/** A code the authenticator shows far from now: never accepted, whatever the clock. */
export const wrongCode = (user: SignedInUser) => totpCode(user.mfaSecret, 20);
