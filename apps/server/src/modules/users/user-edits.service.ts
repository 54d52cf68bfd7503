import {
  hasAnyPermission,
  ROLE_MSG,
  USER_MSG,
  type LoggedUser,
  type ProfileBody,
  type User,
  type UserInputParsed,
} from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { isUniqueViolation } from '../../db/pg-errors';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { composeMfaResetMail } from '../../platform/mail/mail-templates';
import type { AuthService } from '../auth/auth.service';
import { findClientsByIds } from '../clients/clients.service';
import { findRoleById } from '../roles/roles.service';
import * as q from './users.queries';
import { findUser, toLoggedUser } from './users.service';

export interface UserEditsDeps {
  db: Db;
  auth: AuthService;
  mailer: Mailer;
  publicUrl: string;
}

type Role = NonNullable<Awaited<ReturnType<typeof findRoleById>>>;

const emailTaken = (msg: string) => conflict(msg, { email: [USER_MSG.emailTaken] });

/** The fields an audit row compares (changed ones only are kept by writeAudit). */
const auditedFields = (u: {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roleId: number;
  status: number;
  clientIds: readonly number[];
}) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phoneNumber: u.phoneNumber,
  roleId: u.roleId,
  status: u.status,
  clientAssociation: [...u.clientIds].sort((a, b) => a - b),
});

// User management's changes (platform.md 2.6, 4.5, 4.6, 7). Every change writes its audit row in the
// same transaction; the email is unique regardless of case, by a check and by the index behind it.
export function createUserEdits(deps: UserEditsDeps) {
  const { db, auth } = deps;

  async function findRole(tx: DbOrTx, roleId: number): Promise<Role> {
    const role = await findRoleById(tx, roleId);
    if (!role) throw badRequest(USER_MSG.roleNotFound, { roleId: [USER_MSG.roleNotFound] });
    return role;
  }

  /** Sent client ids must exist and be the actor's own (others answer 404, as assertClientAccess does). */
  async function checkSentClients(tx: DbOrTx, actor: CurrentUser, role: Role, sent: readonly number[]) {
    const ids = [...new Set(sent)];
    if (ids.length === 0) return ids;
    if (!role.isClientScoped) {
      throw badRequest(USER_MSG.clientsOnlyForScopedRoles, {
        clientAssociation: [USER_MSG.clientsOnlyForScopedRoles],
      });
    }
    const found = await findClientsByIds(tx, ids);
    if (found.length !== ids.length || !ids.every((id) => canAccessClient(actor, id)))
      throw notFound(USER_MSG.clientNotFound);
    return ids;
  }

  function assertMayChangeStatus(actor: CurrentUser) {
    if (!hasAnyPermission(actor.permList, ['DEACTIVATE_USERS'])) throw forbidden();
  }

  /** Nobody may lock the firm out of role administration by deactivating or moving its last editor. */
  async function assertRoleEditorRemains(tx: DbOrTx) {
    if ((await q.countActiveUsersWithPermission(tx, 'EDIT_ROLES')) === 0)
      throw conflict(ROLE_MSG.lastRoleEditor);
  }

  async function saveUnique<T>(failedMsg: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken(failedMsg);
      throw error;
    }
  }

  async function findByEmail(email: string) {
    const user = await q.selectUserByEmail(db, email);
    if (!user) throw notFound(USER_MSG.notFound);
    return user;
  }

  return {
    /** POST /add: the user, their clients and the invitation mail, in one transaction. */
    async createUser(actor: CurrentUser, input: UserInputParsed, ctx: AuditContext): Promise<User> {
      const status = input.status ?? 1;
      if (status !== 1) assertMayChangeStatus(actor);
      const userId = await saveUnique(USER_MSG.createFailed, () =>
        db.transaction(async (tx) => {
          const role = await findRole(tx, input.roleId);
          const clientIds = await checkSentClients(tx, actor, role, input.clientAssociation);
          if (await q.findUserIdByEmail(tx, input.email)) throw emailTaken(USER_MSG.createFailed);
          const values = toUserRow(input, role.roleId, status);
          const user = await q.insertUser(tx, values);
          await q.replaceUserClients(tx, user.userId, clientIds);
          await writeAudit(tx, ctx, {
            action: 'user.created',
            entity: 'user',
            entityId: user.userId,
            after: auditedFields({ ...values, clientIds }),
          });
          // An inactive user could not use the link; the invitation is resent on activation.
          if (status === 1) await auth.sendInvitation(user, ctx, tx);
          return user.userId;
        }),
      );
      return findUser(db, actor, userId);
    },

    /** PUT /{id}: details, role, status and clients (platform.md 4.5). */
    async editUser(actor: CurrentUser, userId: number, input: UserInputParsed, ctx: AuditContext) {
      await saveUnique(USER_MSG.editFailed, () =>
        db.transaction(async (tx) => {
          const [before] = await q.selectUsers(tx, userId);
          if (!before) throw notFound(USER_MSG.notFound);
          const status = input.status ?? before.status;
          if (status !== before.status) assertMayChangeStatus(actor);
          const role = await findRole(tx, input.roleId);
          const sent = await checkSentClients(tx, actor, role, input.clientAssociation);
          if (await q.findOtherUserIdByEmail(tx, input.email, userId)) throw emailTaken(USER_MSG.editFailed);

          const current = (await q.selectClientIdsByUser(tx, [userId])).get(userId) ?? [];
          const roleChanged = role.roleId !== before.roleId;
          // The actor edits the clients they can see; associations outside their scope stay as they are,
          // unless the role changes, which clears the previous clients (platform.md 4.5).
          const hidden = current.filter((id) => !canAccessClient(actor, id));
          const clientIds = !role.isClientScoped
            ? []
            : roleChanged
              ? sent
              : [...new Set([...hidden, ...sent])];

          const values = toUserRow(input, role.roleId, status);
          await q.updateUser(tx, userId, values);
          await q.replaceUserClients(tx, userId, clientIds);
          if (before.status === 1 && status !== 1) await auth.endSessions(userId, tx);
          if (roleChanged || status !== before.status) await assertRoleEditorRemains(tx);
          const beforeFields = auditedFields({ ...before, clientIds: current });
          const afterFields = auditedFields({ ...values, clientIds });
          if (JSON.stringify(beforeFields) !== JSON.stringify(afterFields)) {
            await writeAudit(tx, ctx, {
              action: 'user.updated',
              entity: 'user',
              entityId: userId,
              before: beforeFields,
              after: afterFields,
            });
          }
        }),
      );
      return findUser(db, actor, userId);
    },

    /** PUT /profile/{id}: My Account details, only one's own. */
    async editProfile(
      actor: CurrentUser,
      userId: number,
      input: ProfileBody['user'],
      ctx: AuditContext,
    ): Promise<LoggedUser> {
      if (userId !== actor.userId || input.id !== actor.userId) throw forbidden(USER_MSG.ownProfileOnly);
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
            });
          }
        }),
      );
      return toLoggedUser({ ...actor, ...values });
    },

    /** PUT /reset-mfa/{email} (platform.md 4.6): enrol afresh at next sign-in; the user is told by mail. */
    async resetUserMfa(email: string, ctx: AuditContext) {
      const user = await findByEmail(email);
      await db.transaction((tx) => auth.resetMfa(user.userId, ctx, tx));
      await deps.mailer.send(composeMfaResetMail(user.email, user.firstName, `${deps.publicUrl}/`));
    },

    /** POST /resend-invite/{email}: a fresh link; the earlier ones stop working. */
    async resendInvite(email: string, ctx: AuditContext) {
      const user = await findByEmail(email);
      if (user.status !== 1) throw conflict(USER_MSG.userInactive);
      await db.transaction((tx) => auth.resendInvitation(user, ctx, tx));
    },
  };
}

export type UserEdits = ReturnType<typeof createUserEdits>;

/** The user row the Add/Edit User form writes (the status checked by the caller). */
function toUserRow(input: UserInputParsed, roleId: number, status: number) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumber: input.phoneNumber || null,
    roleId,
    status,
  };
}
