import { isEmailChange, USER_MSG, type LoggedUser, type ProfileBody } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, forbidden } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import * as q from './users.queries';
import { emailTaken, mailEmailChange, saveUnique } from './user-saving';
import { toLoggedUser } from './users.service';

/** The auth module's check of a signed-in user's password (throttled and audited like sign-in). */
export type VerifyCurrentPassword = (
  user: { userId: number; email: string; passwordHash: string | null },
  password: string,
  ctx: AuditContext,
  action: string,
) => Promise<void>;

export interface ProfileEditDeps {
  db: Db;
  verifyCurrentPassword: VerifyCurrentPassword;
  mailer: Mailer;
  publicUrl: string;
}

// My Account's Details (platform.md 2.7): one's own name and email.
export function createProfileEdits(deps: ProfileEditDeps) {
  const { db } = deps;

  /**
   * Security issue 14 point 8: a new email needs the current password. A wrong one counts against the
   * account like a wrong sign-in password (throttled, audited as user.email-change-failed).
   */
  async function assertCurrentPassword(actor: CurrentUser, password: string | undefined, ctx: AuditContext) {
    if (!password) {
      throw badRequest(USER_MSG.currentPasswordRequired, {
        currentPassword: [USER_MSG.currentPasswordRequired],
      });
    }
    const passwordHash = await q.selectPasswordHash(db, actor.userId);
    const user = { userId: actor.userId, email: actor.email, passwordHash };
    await deps.verifyCurrentPassword(user, password, ctx, 'user.email-change');
  }

  return {
    /** PUT /profile/{id}: only one's own; the old and the new address are told of an email change. */
    async editProfile(
      actor: CurrentUser,
      userId: number,
      input: ProfileBody['user'],
      ctx: AuditContext,
    ): Promise<LoggedUser> {
      if (userId !== actor.userId || input.id !== actor.userId) throw forbidden(USER_MSG.ownProfileOnly);
      // The signed-in user's saved email decides, not the oldEmail the form sends.
      const emailChanges = isEmailChange(actor.email, input.email);
      if (emailChanges) await assertCurrentPassword(actor, input.currentPassword, ctx);
      const values = { firstName: input.firstName, lastName: input.lastName, email: input.email };
      await saveUnique(USER_MSG.editFailed, () =>
        db.transaction(async (tx) => {
          if (await q.findOtherUserIdByEmail(tx, input.email, userId)) throw emailTaken(USER_MSG.editFailed);
          await q.updateUser(tx, userId, values);
          const before = { firstName: actor.firstName, lastName: actor.lastName, email: actor.email };
          if (JSON.stringify(before) !== JSON.stringify(values)) {
            await writeAudit(tx, ctx, {
              action: 'user.profile.updated',
              entity: 'user',
              entityId: userId,
              before,
              after: values,
              clientIds: actor.clientIds,
            });
          }
          if (emailChanges) await mailEmailChange(deps, actor, input.email);
        }),
      );
      return toLoggedUser({ ...actor, ...values });
    },
  };
}

export type ProfileEdits = ReturnType<typeof createProfileEdits>;
