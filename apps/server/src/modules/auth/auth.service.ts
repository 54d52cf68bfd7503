import { MSG, type SignIn } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import type { PasswordHasher } from '../../platform/auth/password-hasher';
import type { TokenSigner } from '../../platform/auth/token-signer';
import { unauthorized } from '../../platform/http/app-error';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { createBackgroundMailer } from '../../platform/mail/background-mailer';
import type { Mailer } from '../../platform/mail/mailer';
import { composeInvitationMail } from '../../platform/mail/mail-templates';
import { createCodeLink } from './auth-codes';
import { accountKeyOf, addressOf, createAuthThrottle, type ThrottleSettings } from './auth-throttle';
import * as q from './auth.queries';
import { createMfaService } from './mfa.service';
import { createPasswordsService, type PasswordSettings } from './passwords.service';
import { createSessionsService, type SessionSettings } from './sessions.service';

export interface AuthSettings extends ThrottleSettings, SessionSettings, PasswordSettings {}

export interface AuthDeps {
  db: Db;
  hasher: PasswordHasher;
  signer: TokenSigner;
  mailer: Mailer;
  /** Where a mail sent off the request's path reports its failure. */
  log: { error(details: object, message: string): void };
  settings: AuthSettings;
  decoyHash: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** architecture.md "Identity": sign-in, sessions, MFA, passwords and invitations, one service per verb. */
export function createAuthService(deps: AuthDeps) {
  const { db, hasher, signer, settings } = deps;
  const throttle = createAuthThrottle(db, settings);
  const mail = createBackgroundMailer(deps.mailer, deps.log);
  const sessions = createSessionsService({ db, signer, settings });
  const mfa = createMfaService({ db, signer, throttle, sessions });
  const passwords = createPasswordsService({ db, hasher, throttle, sessions, mail, settings });

  /** Creates an invitation link (and mails it): first administrator, new users, resend invite. */
  async function sendInvitation(
    user: { userId: number; email: string; firstName: string },
    ctx: AuditContext,
    tx: DbOrTx = db,
  ) {
    const link = await createCodeLink(tx, settings, user, 'invite');
    await writeAudit(tx, ctx, { action: 'auth.invitation.sent', entity: 'user', entityId: user.userId });
    await deps.mailer.send(composeInvitationMail(user.email, user.firstName, link, settings.inviteTtlHours));
    return link;
  }

  /** Every access and refresh token of the user stops working now. */
  async function endSessions(userId: number, tx: DbOrTx = db) {
    await sessions.revokeUserSessions(tx, userId);
    await q.bumpTokenVersion(tx, userId);
  }

  /** platform.md 4.6: the next sign-in enrols a new authenticator; every session ends now. */
  async function resetMfa(userId: number, ctx: AuditContext, tx: DbOrTx = db) {
    await q.updateUserAuth(tx, userId, { mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null });
    await endSessions(userId, tx);
    await writeAudit(tx, ctx, { action: 'auth.mfa.reset', entity: 'user', entityId: userId });
  }

  return {
    ...mfa,
    ...passwords,
    refresh: sessions.refresh,
    signOut: sessions.signOut,
    /** Resolves once the mails started so far have gone out (tests read the outbox after it). */
    settleMail: mail.settle,

    /** The password step: refused (401, audited) the same way for every reason, throttled before anything. */
    async signIn(input: SignIn, ctx: AuditContext) {
      const accountKey = accountKeyOf(input.email);
      const keys = { account: accountKey, address: addressOf(ctx) };
      await throttle.assertAllowed(keys, ctx, {
        action: 'auth.sign-in.throttled',
        entity: 'user',
        after: { email: accountKey },
      });
      const user = await q.findUserByEmail(db, accountKey);
      const passwordOk = await hasher.verifyPassword(user?.passwordHash ?? deps.decoyHash, input.password);
      if (!user || !user.passwordHash || !passwordOk || user.status !== 1) {
        const entry = { action: 'auth.sign-in.failed', entity: 'user' as const, entityId: user?.userId };
        const refused = unauthorized(MSG.invalidCredentials);
        return throttle.refuse(keys, ctx, { ...entry, after: { email: accountKey } }, refused);
      }
      // Only wrong passwords are forgiven by a right one; wrong MFA codes keep counting (mfa scope).
      await throttle.clearFailures(db, { account: accountKey });
      const challenge = user.mfaSecret ? ('SOFTWARE_TOKEN_MFA' as const) : ('MFA_SETUP' as const);
      const session = await signer.signMfaSession({
        userId: user.userId,
        challenge,
        tokenVersion: user.tokenVersion,
      });
      return { challenge, session };
    },

    sendInvitation,

    /** A fresh invitation; the links sent before stop working (resend invite, platform.md 4.6). */
    async resendInvitation(
      user: { userId: number; email: string; firstName: string },
      ctx: AuditContext,
      tx: DbOrTx = db,
    ) {
      await q.voidOpenCodes(tx, user.userId);
      return sendInvitation(user, ctx, tx);
    },

    /** Deactivation (users module): every session of the user ends now. */
    endSessions,
    resetMfa,

    async resetOwnMfa(userId: number, ctx: AuditContext) {
      await db.transaction((tx) => resetMfa(userId, ctx, tx));
    },
  };
}
