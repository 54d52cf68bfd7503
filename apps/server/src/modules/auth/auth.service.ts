import { randomUUID } from 'node:crypto';
import { MSG, type ChangePassword, type ConfirmPassword, type SignIn } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import type { PasswordHasher } from '../../platform/auth/password-hasher';
import { createRandomCode, hashCode } from '../../platform/auth/random-codes';
import type { TokenSigner } from '../../platform/auth/token-signer';
import { badRequest, tooManyRequests, unauthorized } from '../../platform/http/app-error';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import type { Mailer } from '../../platform/mail/mailer';
import { composeInvitationMail, composeResetMail } from '../../platform/mail/mail-templates';
import * as q from './auth.queries';
import { createMfaService } from './mfa.service';
import type { IssuedSession } from './issued-session';

export interface AuthSettings {
  publicUrl: string;
  refreshTokenTtlDays: number;
  inviteTtlHours: number;
  resetTtlMinutes: number;
  signInWindowMinutes: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
}

export interface AuthDeps {
  db: Db;
  hasher: PasswordHasher;
  signer: TokenSigner;
  mailer: Mailer;
  settings: AuthSettings;
  decoyHash: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, hasher, signer, settings } = deps;

  const accountKeyOf = (email: string) => email.trim().toLowerCase();

  /** Refuses before checking anything when either the account key or the address failed too often. */
  async function assertNotThrottled(accountKey: string, address: string) {
    const since = new Date(Date.now() - settings.signInWindowMinutes * 60_000);
    const [byAccount, byAddress] = await Promise.all([
      q.countRecentFailures(db, 'account', accountKey, since),
      q.countRecentFailures(db, 'address', address, since),
    ]);
    if (byAccount >= settings.maxFailuresPerAccount || byAddress >= settings.maxFailuresPerAddress) {
      throw tooManyRequests();
    }
  }

  async function issueSession(
    tx: DbOrTx,
    user: { userId: number; tokenVersion: number },
    familyId: string = randomUUID(),
  ): Promise<IssuedSession> {
    const refreshToken = createRandomCode();
    await q.insertRefreshToken(tx, {
      userId: user.userId,
      familyId,
      tokenHash: hashCode(refreshToken),
      expiresAt: new Date(Date.now() + settings.refreshTokenTtlDays * 86_400_000),
    });
    const accessToken = await signer.signAccessToken({
      userId: user.userId,
      tokenVersion: user.tokenVersion,
    });
    return { accessToken, expiresIn: signer.accessTtlSeconds, refreshToken };
  }

  async function createCodeLink(
    tx: DbOrTx,
    user: { userId: number; email: string },
    purpose: 'invite' | 'reset',
  ) {
    const code = createRandomCode();
    const ttlMs =
      purpose === 'invite' ? settings.inviteTtlHours * 3_600_000 : settings.resetTtlMinutes * 60_000;
    await q.insertAuthCode(tx, {
      userId: user.userId,
      purpose,
      codeHash: hashCode(code),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    const route = purpose === 'invite' ? 'reset-password' : 'forgot-password';
    return `${settings.publicUrl}/${route}/${encodeURIComponent(user.email)}/${code}`;
  }

  /** Creates an invitation link (and mails it): first administrator, new users, resend invite. */
  async function sendInvitation(
    user: { userId: number; email: string; firstName: string },
    ctx: AuditContext,
    tx: DbOrTx = db,
  ) {
    const link = await createCodeLink(tx, user, 'invite');
    await writeAudit(tx, ctx, { action: 'auth.invitation.sent', entity: 'user', entityId: user.userId });
    await deps.mailer.send(composeInvitationMail(user.email, user.firstName, link, settings.inviteTtlHours));
    return link;
  }

  /** platform.md 4.6: the next sign-in enrols a new authenticator; every session ends now. */
  async function resetMfa(userId: number, ctx: AuditContext, tx: DbOrTx = db) {
    await q.updateUserAuth(tx, userId, { mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null });
    await q.revokeUserRefreshTokens(tx, userId);
    await q.bumpTokenVersion(tx, userId);
    await writeAudit(tx, ctx, { action: 'auth.mfa.reset', entity: 'user', entityId: userId });
  }

  const mfa = createMfaService({ db, signer, issueSession, assertNotThrottled, accountKeyOf });

  return {
    ...mfa,
    issueSession,

    async signIn(input: SignIn, ctx: AuditContext) {
      const accountKey = accountKeyOf(input.email);
      const address = ctx.ipAddress ?? 'unknown';
      await assertNotThrottled(accountKey, address);
      const user = await q.findUserByEmail(db, accountKey);
      const passwordOk = await hasher.verifyPassword(user?.passwordHash ?? deps.decoyHash, input.password);
      if (!user || !user.passwordHash || !passwordOk || user.status !== 1) {
        await db.transaction(async (tx) => {
          await q.recordFailure(tx, accountKey, address);
          await writeAudit(tx, ctx, {
            action: 'auth.sign-in.failed',
            entity: 'user',
            entityId: user?.userId,
            after: { email: accountKey },
          });
        });
        throw unauthorized(MSG.invalidCredentials);
      }
      await q.clearAccountFailures(db, accountKey);
      const challenge = user.mfaSecret ? ('SOFTWARE_TOKEN_MFA' as const) : ('MFA_SETUP' as const);
      const session = await signer.signMfaSession({
        userId: user.userId,
        challenge,
        tokenVersion: user.tokenVersion,
      });
      return { challenge, session };
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw unauthorized();
      const row = await q.findRefreshToken(db, hashCode(refreshToken));
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized();
      if (row.rotatedAt) {
        // A rotated token came back: it was copied. End every session descended from that sign-in.
        await q.revokeRefreshFamily(db, row.familyId);
        throw unauthorized();
      }
      return db.transaction(async (tx) => {
        const user = await q.findUserById(tx, row.userId);
        if (!user || user.status !== 1 || !(await q.markRefreshTokenRotated(tx, row.tokenId)))
          throw unauthorized();
        return issueSession(tx, user, row.familyId);
      });
    },

    async signOut(refreshToken: string | undefined, ctx: AuditContext) {
      if (!refreshToken) return;
      const row = await q.findRefreshToken(db, hashCode(refreshToken));
      if (!row) return;
      await db.transaction(async (tx) => {
        await q.revokeRefreshFamily(tx, row.familyId);
        await writeAudit(
          tx,
          { ...ctx, userId: ctx.userId ?? row.userId },
          { action: 'auth.sign-out', entity: 'user', entityId: row.userId },
        );
      });
    },

    /** Always answers the same; mails a link only to an active account, at most 5 an hour. */
    async forgotPassword(email: string, ctx: AuditContext) {
      const user = await q.findUserByEmail(db, accountKeyOf(email));
      if (!user || user.status !== 1) return;
      if ((await q.countCodesSince(db, user.userId, 'reset', new Date(Date.now() - 3_600_000))) >= 5) return;
      const link = await db.transaction(async (tx) => {
        await writeAudit(tx, ctx, {
          action: 'auth.password.reset-requested',
          entity: 'user',
          entityId: user.userId,
        });
        return createCodeLink(tx, user, 'reset');
      });
      await deps.mailer.send(composeResetMail(user.email, user.firstName, link, settings.resetTtlMinutes));
    },

    /** Sets a password from an invitation or reset link; the code works once, then every session ends. */
    async confirmPassword(input: ConfirmPassword, ctx: AuditContext) {
      const passwordHash = await hasher.hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const code = await q.consumeAuthCode(tx, hashCode(input.code));
        const user = code ? await q.findUserById(tx, code.userId) : null;
        if (
          !code ||
          !user ||
          user.status !== 1 ||
          accountKeyOf(user.email) !== accountKeyOf(input.username)
        ) {
          throw badRequest(MSG.linkInvalid);
        }
        await q.updateUserAuth(tx, user.userId, { passwordHash, passwordChangedAt: new Date() });
        await q.voidOpenCodes(tx, user.userId);
        await q.revokeUserRefreshTokens(tx, user.userId);
        await q.bumpTokenVersion(tx, user.userId);
        const action = code.purpose === 'invite' ? 'auth.password.set' : 'auth.password.reset';
        await writeAudit(
          tx,
          { ...ctx, userId: ctx.userId ?? user.userId },
          { action, entity: 'user', entityId: user.userId },
        );
      });
    },

    async changePassword(userId: number, input: ChangePassword, ctx: AuditContext): Promise<IssuedSession> {
      const user = await q.findUserById(db, userId);
      if (!user?.passwordHash) throw unauthorized();
      if (!(await hasher.verifyPassword(user.passwordHash, input.currentPassword))) {
        await writeAudit(db, ctx, {
          action: 'auth.password.change-failed',
          entity: 'user',
          entityId: userId,
        });
        throw badRequest(MSG.invalidPassword, { currentPassword: [MSG.invalidPassword] });
      }
      if (input.currentPassword === input.newPassword) {
        throw badRequest(MSG.newPasswordSameAsCurrent, { newPassword: [MSG.newPasswordSameAsCurrent] });
      }
      const passwordHash = await hasher.hashPassword(input.newPassword);
      return db.transaction(async (tx) => {
        await q.updateUserAuth(tx, userId, { passwordHash, passwordChangedAt: new Date() });
        await q.revokeUserRefreshTokens(tx, userId);
        await q.bumpTokenVersion(tx, userId);
        await writeAudit(tx, ctx, { action: 'auth.password.changed', entity: 'user', entityId: userId });
        // Other sessions end; this one continues with fresh tokens.
        return issueSession(tx, { userId, tokenVersion: user.tokenVersion + 1 });
      });
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

    /** Every access and refresh token of the user stops working now (deactivation). */
    async endSessions(userId: number, tx: DbOrTx = db) {
      await q.revokeUserRefreshTokens(tx, userId);
      await q.bumpTokenVersion(tx, userId);
    },

    resetMfa,

    async resetOwnMfa(userId: number, ctx: AuditContext) {
      await db.transaction((tx) => resetMfa(userId, ctx, tx));
    },
  };
}
