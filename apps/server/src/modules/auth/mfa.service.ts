import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { MSG } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { users } from '../../db/schema';
import type { MfaSessionClaims, TokenSigner } from '../../platform/auth/token-signer';
import { createTotpSecret, describeTotpEnrolment, verifyTotpCode } from '../../platform/auth/totp';
import { badRequest, unauthorized } from '../../platform/http/app-error';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import * as q from './auth.queries';
import type { IssuedSession } from './issued-session';

interface MfaDeps {
  db: Db;
  signer: TokenSigner;
  issueSession(tx: DbOrTx, user: { userId: number; tokenVersion: number }): Promise<IssuedSession>;
  assertNotThrottled(accountKey: string, address: string): Promise<void>;
  accountKeyOf(email: string): string;
}

// The second step of sign-in (platform.md 4.1): enrol an authenticator, or answer its code.
export function createMfaService(deps: MfaDeps) {
  const { db, signer } = deps;

  async function readSession(session: string, challenge: MfaSessionClaims['challenge']) {
    const claims = await signer.readMfaSession(session);
    if (!claims || claims.challenge !== challenge) throw unauthorized(MSG.mfaSessionExpired);
    const user = await q.findUserById(db, claims.userId);
    if (!user || user.status !== 1 || user.tokenVersion !== claims.tokenVersion)
      throw unauthorized(MSG.mfaSessionExpired);
    return user;
  }

  async function refuseCode(user: { userId: number; email: string }, ctx: AuditContext): Promise<never> {
    await db.transaction(async (tx) => {
      await q.recordFailure(tx, deps.accountKeyOf(user.email), ctx.ipAddress ?? 'unknown');
      await writeAudit(
        tx,
        { ...ctx, userId: user.userId, actorEmail: user.email },
        { action: 'auth.mfa.failed', entity: 'user', entityId: user.userId },
      );
    });
    throw unauthorized(MSG.invalidMfaToken);
  }

  /** Accepts the step only if it is newer than the stored one, so two racing requests cannot both pass. */
  async function claimStep(
    tx: DbOrTx,
    userId: number,
    step: number,
    extra: Partial<typeof users.$inferInsert> = {},
  ) {
    const rows = await tx
      .update(users)
      .set({ mfaLastStep: step, updatedAt: new Date(), ...extra })
      .where(and(eq(users.userId, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
      .returning({ userId: users.userId });
    return rows.length === 1;
  }

  async function completeSignIn(
    tx: DbOrTx,
    user: { userId: number; email: string; tokenVersion: number },
    ctx: AuditContext,
  ) {
    await q.clearAccountFailures(tx, deps.accountKeyOf(user.email));
    await writeAudit(
      tx,
      { ...ctx, userId: user.userId, actorEmail: user.email },
      { action: 'auth.sign-in', entity: 'user', entityId: user.userId },
    );
    return deps.issueSession(tx, user);
  }

  return {
    async setupMfa(session: string) {
      const user = await readSession(session, 'MFA_SETUP');
      // Reuse a pending secret so reopening the enrolment view shows the same QR code.
      const secret = user.mfaPendingSecret ?? createTotpSecret();
      if (!user.mfaPendingSecret) await q.updateUserAuth(db, user.userId, { mfaPendingSecret: secret });
      return describeTotpEnrolment(secret, user.email);
    },

    async verifyMfaSetup(session: string, code: string, ctx: AuditContext): Promise<IssuedSession> {
      const user = await readSession(session, 'MFA_SETUP');
      await deps.assertNotThrottled(deps.accountKeyOf(user.email), ctx.ipAddress ?? 'unknown');
      if (!user.mfaPendingSecret) throw badRequest('Start the authenticator setup first.');
      const step = await verifyTotpCode(user.mfaPendingSecret, code, null);
      if (step === null) return refuseCode(user, ctx);
      return db.transaction(async (tx) => {
        const claimed = await claimStep(tx, user.userId, step, {
          mfaSecret: user.mfaPendingSecret,
          mfaPendingSecret: null,
        });
        if (!claimed) throw unauthorized(MSG.invalidMfaToken);
        await writeAudit(
          tx,
          { ...ctx, userId: user.userId, actorEmail: user.email },
          { action: 'auth.mfa.enrolled', entity: 'user', entityId: user.userId },
        );
        return completeSignIn(tx, user, ctx);
      });
    },

    async verifyMfa(session: string, code: string, ctx: AuditContext): Promise<IssuedSession> {
      const user = await readSession(session, 'SOFTWARE_TOKEN_MFA');
      await deps.assertNotThrottled(deps.accountKeyOf(user.email), ctx.ipAddress ?? 'unknown');
      if (!user.mfaSecret) throw unauthorized(MSG.mfaSessionExpired);
      const step = await verifyTotpCode(user.mfaSecret, code, user.mfaLastStep);
      if (step === null) return refuseCode(user, ctx);
      const result = await db.transaction(async (tx) => {
        if (!(await claimStep(tx, user.userId, step))) return null;
        return completeSignIn(tx, user, ctx);
      });
      return result ?? refuseCode(user, ctx);
    },
  };
}
