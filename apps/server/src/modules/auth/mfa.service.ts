import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { MSG } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { users } from '../../db/schema';
import type { MfaSessionToken, TokenSigner } from '../../platform/auth/token-signer';
import { createTotpSecret, describeTotpEnrolment, verifyTotpCode } from '../../platform/auth/totp';
import { badRequest, unauthorized } from '../../platform/http/app-error';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { accountKeyOf, addressOf, type AuthThrottle } from './auth-throttle';
import * as q from './auth.queries';
import type { IssuedSession } from './issued-session';
import type { SessionsService } from './sessions.service';
import * as sq from './sessions.queries';

interface MfaDeps {
  db: Db;
  signer: TokenSigner;
  throttle: AuthThrottle;
  sessions: SessionsService;
}

type MfaUser = NonNullable<Awaited<ReturnType<typeof q.findUserById>>>;

/**
 * The second step of sign-in (platform.md 4.1): enrol an authenticator, or answer its code.
 * Wrong codes count per user in the mfa scope, which a correct password does not clear and only a
 * completed sign-in does (issue 14 point 5). The sign-in `session` token is single-use: a wrong code may
 * be retried with it (the mfa counter limits that), but once it completed a sign-in it is refused.
 */
export function createMfaService(deps: MfaDeps) {
  const { db, signer, throttle } = deps;

  const actorOf = (user: MfaUser, ctx: AuditContext) => ({
    ...ctx,
    userId: user.userId,
    actorEmail: user.email,
  });
  const keysOf = (user: MfaUser, ctx: AuditContext) => ({
    account: accountKeyOf(user.email),
    address: addressOf(ctx),
    mfa: String(user.userId),
  });

  async function readSession(session: string, challenge: MfaSessionToken['challenge'], ctx: AuditContext) {
    const token = await signer.readMfaSession(session);
    if (!token || token.challenge !== challenge) throw unauthorized(MSG.mfaSessionExpired);
    const user = await q.findUserById(db, token.userId);
    if (!user || user.status !== 1 || user.tokenVersion !== token.tokenVersion)
      throw unauthorized(MSG.mfaSessionExpired);
    if (await sq.isMfaSessionUsed(db, token.jti)) {
      await writeAudit(db, actorOf(user, ctx), {
        action: 'auth.mfa.session-reused',
        entity: 'user',
        entityId: user.userId,
      });
      throw unauthorized(MSG.mfaSessionExpired);
    }
    return { user, token };
  }

  /** Checked before the code is: a locked account learns nothing from a right code either. */
  async function assertMayTryCode(user: MfaUser, ctx: AuditContext) {
    await throttle.assertAllowed(keysOf(user, ctx), actorOf(user, ctx), {
      action: 'auth.mfa.throttled',
      entity: 'user',
      entityId: user.userId,
    });
  }

  function refuseCode(user: MfaUser, ctx: AuditContext): Promise<never> {
    return throttle.refuse(
      { mfa: String(user.userId), address: addressOf(ctx) },
      actorOf(user, ctx),
      { action: 'auth.mfa.failed', entity: 'user', entityId: user.userId },
      unauthorized(MSG.invalidMfaToken),
    );
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

  /** Uses up the sign-in session token, clears the counters and opens the session, in the caller's tx. */
  async function completeSignIn(tx: DbOrTx, user: MfaUser, token: MfaSessionToken, ctx: AuditContext) {
    if (!(await sq.consumeMfaSession(tx, token.jti, token.expiresAt)))
      throw unauthorized(MSG.mfaSessionExpired);
    await throttle.clearFailures(tx, { account: accountKeyOf(user.email), mfa: String(user.userId) });
    const issued = await deps.sessions.startSession(tx, user);
    await writeAudit(tx, actorOf(user, ctx), {
      action: 'auth.sign-in',
      entity: 'session',
      entityId: issued.sessionId,
    });
    return issued;
  }

  return {
    async setupMfa(session: string, ctx: AuditContext) {
      const { user } = await readSession(session, 'MFA_SETUP', ctx);
      // Reuse a pending secret so reopening the enrolment view shows the same QR code.
      const secret = user.mfaPendingSecret ?? createTotpSecret();
      if (!user.mfaPendingSecret) await q.updateUserAuth(db, user.userId, { mfaPendingSecret: secret });
      return describeTotpEnrolment(secret, user.email);
    },

    async verifyMfaSetup(session: string, code: string, ctx: AuditContext): Promise<IssuedSession> {
      const { user, token } = await readSession(session, 'MFA_SETUP', ctx);
      await assertMayTryCode(user, ctx);
      if (!user.mfaPendingSecret) throw badRequest('Start the authenticator setup first.');
      const step = await verifyTotpCode(user.mfaPendingSecret, code, null);
      if (step === null) return refuseCode(user, ctx);
      return db.transaction(async (tx) => {
        const claimed = await claimStep(tx, user.userId, step, {
          mfaSecret: user.mfaPendingSecret,
          mfaPendingSecret: null,
        });
        if (!claimed) throw unauthorized(MSG.invalidMfaToken);
        await writeAudit(tx, actorOf(user, ctx), {
          action: 'auth.mfa.enrolled',
          entity: 'user',
          entityId: user.userId,
        });
        return completeSignIn(tx, user, token, ctx);
      });
    },

    async verifyMfa(session: string, code: string, ctx: AuditContext): Promise<IssuedSession> {
      const { user, token } = await readSession(session, 'SOFTWARE_TOKEN_MFA', ctx);
      await assertMayTryCode(user, ctx);
      if (!user.mfaSecret) throw unauthorized(MSG.mfaSessionExpired);
      const step = await verifyTotpCode(user.mfaSecret, code, user.mfaLastStep);
      if (step === null) return refuseCode(user, ctx);
      const result = await db.transaction(async (tx) => {
        if (!(await claimStep(tx, user.userId, step))) return null;
        return completeSignIn(tx, user, token, ctx);
      });
      return result ?? refuseCode(user, ctx);
    },
  };
}
