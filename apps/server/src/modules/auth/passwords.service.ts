import { setTimeout as delay } from 'node:timers/promises';
import { MSG, type ChangePassword, type ConfirmPassword } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import { isCommonPassword } from '../../platform/auth/common-passwords';
import type { PasswordHasher } from '../../platform/auth/password-hasher';
import { hashCode } from '../../platform/auth/random-codes';
import { badRequest, unauthorized } from '../../platform/http/app-error';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import type { BackgroundMailer } from '../../platform/mail/background-mailer';
import { composePasswordChangedMail, composeResetMail } from '../../platform/mail/mail-templates';
import { createCodeLink, type CodeLinkSettings } from './auth-codes';
import { accountKeyOf, addressOf, type AuthThrottle } from './auth-throttle';
import * as q from './auth.queries';
import type { IssuedSession } from './issued-session';
import type { SessionsService } from './sessions.service';

/** How long forgot-password takes at least, known email or not; the work itself takes a few ms. */
export const FORGOT_PASSWORD_FLOOR_MS = 250;

export interface PasswordSettings extends CodeLinkSettings {
  forgotPasswordFloorMs?: number;
}

interface PasswordDeps {
  db: Db;
  hasher: PasswordHasher;
  throttle: AuthThrottle;
  sessions: SessionsService;
  mail: BackgroundMailer;
  settings: PasswordSettings;
}

// Composition rules come from the contracts' schema; this adds the list no browser should download.
function assertNotCommon(password: string) {
  if (isCommonPassword(password))
    throw badRequest(MSG.passwordTooCommon, { newPassword: [MSG.passwordTooCommon] });
}

/** Forgot, confirm (invitation and reset links) and change password: platform.md 2.4, 2.7 and 4.1. */
export function createPasswordsService(deps: PasswordDeps) {
  const { db, hasher, throttle, sessions, mail, settings } = deps;

  /**
   * A signed-in user proving it is them (changing the password, changing the email): wrong passwords
   * count against the account like wrong sign-in passwords, throttled and audited as
   * `<action>-failed` and `<action>-throttled`. Answers the 400 'Invalid Password.' on currentPassword.
   */
  async function verifyCurrentPassword(
    user: { userId: number; email: string; passwordHash: string | null },
    password: string,
    ctx: AuditContext,
    action: string,
  ): Promise<void> {
    const keys = { account: accountKeyOf(user.email), address: addressOf(ctx) };
    const entry = { entity: 'user' as const, entityId: user.userId };
    await throttle.assertAllowed(keys, ctx, { action: `${action}-throttled`, ...entry });
    if (user.passwordHash && (await hasher.verifyPassword(user.passwordHash, password))) return;
    const error = badRequest(MSG.invalidPassword, { currentPassword: [MSG.invalidPassword] });
    await throttle.refuse(keys, ctx, { action: `${action}-failed`, ...entry }, error);
  }

  /** The same queries for every email, so only the mail (sent later) differs. At most 5 links an hour. */
  async function requestReset(email: string, ctx: AuditContext) {
    const accountKey = accountKeyOf(email);
    const found = await q.findUserByEmail(db, accountKey);
    const user = found?.status === 1 ? found : null;
    const recent = await q.countCodesSince(db, user?.userId ?? 0, 'reset', new Date(Date.now() - 3_600_000));
    const link = await db.transaction(async (tx) => {
      await writeAudit(tx, ctx, {
        action: 'auth.password.reset-requested',
        entity: 'user',
        entityId: user?.userId ?? null,
        after: { email: accountKey },
      });
      return user && recent < 5 ? createCodeLink(tx, settings, user, 'reset') : null;
    });
    if (user && link)
      mail.sendLater(composeResetMail(user.email, user.firstName, link, settings.resetTtlMinutes));
  }

  return {
    verifyCurrentPassword,

    /** Answers no sooner than the floor either way, and never waits for the mail server. */
    async forgotPassword(email: string, ctx: AuditContext) {
      await Promise.all([
        requestReset(email, ctx),
        delay(settings.forgotPasswordFloorMs ?? FORGOT_PASSWORD_FLOOR_MS),
      ]);
    },

    /**
     * Sets a password from an invitation or reset link. The code is looked up first, so a wrong link costs
     * no hash and counts as a failure (per username and address); the code works once, then every session
     * ends.
     */
    async confirmPassword(input: ConfirmPassword, ctx: AuditContext) {
      const accountKey = accountKeyOf(input.username);
      const keys = { link: accountKey, address: addressOf(ctx) };
      const refused = { entity: 'user' as const, after: { email: accountKey } };
      await throttle.assertAllowed(keys, ctx, { action: 'auth.password.link-throttled', ...refused });
      const code = await q.findOpenAuthCode(db, hashCode(input.code));
      const user = code ? await q.findUserById(db, code.userId) : null;
      if (!code || !user || user.status !== 1 || accountKeyOf(user.email) !== accountKey) {
        const entry = { action: 'auth.password.link-refused', entityId: user?.userId ?? null, ...refused };
        return throttle.refuse(keys, ctx, entry, badRequest(MSG.linkInvalid));
      }
      assertNotCommon(input.newPassword);
      const passwordHash = await hasher.hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        if (!(await q.consumeAuthCode(tx, code.codeId))) throw badRequest(MSG.linkInvalid);
        await q.updateUserAuth(tx, user.userId, { passwordHash, passwordChangedAt: new Date() });
        await q.voidOpenCodes(tx, user.userId);
        await sessions.revokeUserSessions(tx, user.userId);
        await q.bumpTokenVersion(tx, user.userId);
        await throttle.clearFailures(tx, { link: accountKey, account: accountKey });
        const action = code.purpose === 'invite' ? 'auth.password.set' : 'auth.password.reset';
        await writeAudit(
          tx,
          { ...ctx, userId: ctx.userId ?? user.userId, actorEmail: ctx.actorEmail ?? user.email },
          { action, entity: 'user', entityId: user.userId },
        );
      });
      if (code.purpose === 'reset')
        mail.sendLater(composePasswordChangedMail(user.email, user.firstName, settings.publicUrl, 'reset'));
    },

    /**
     * Wrong current passwords count against the account like wrong sign-in passwords. The other sessions
     * end; this one continues (same session, same absolute lifetime) with fresh tokens.
     */
    async changePassword(
      current: { userId: number; sessionId?: string | undefined },
      input: ChangePassword,
      ctx: AuditContext,
    ): Promise<IssuedSession> {
      const { userId, sessionId } = current;
      const user = await q.findUserById(db, userId);
      if (!user?.passwordHash || !sessionId) throw unauthorized();
      const keys = { account: accountKeyOf(user.email), address: addressOf(ctx) };
      const entry = { entity: 'user' as const, entityId: userId };
      await verifyCurrentPassword(user, input.currentPassword, ctx, 'auth.password.change');
      if (input.currentPassword === input.newPassword) {
        throw badRequest(MSG.newPasswordSameAsCurrent, { newPassword: [MSG.newPasswordSameAsCurrent] });
      }
      assertNotCommon(input.newPassword);
      const passwordHash = await hasher.hashPassword(input.newPassword);
      const issued = await db.transaction(async (tx) => {
        const session = await sessions.findLiveSession(tx, sessionId);
        await q.updateUserAuth(tx, userId, { passwordHash, passwordChangedAt: new Date() });
        await sessions.revokeUserSessions(tx, userId, sessionId);
        await q.bumpTokenVersion(tx, userId);
        await throttle.clearFailures(tx, { account: keys.account });
        await writeAudit(tx, ctx, { action: 'auth.password.changed', ...entry });
        return sessions.issueTokens(tx, { userId, tokenVersion: user.tokenVersion + 1 }, session);
      });
      mail.sendLater(composePasswordChangedMail(user.email, user.firstName, settings.publicUrl, 'changed'));
      return issued;
    },
  };
}
