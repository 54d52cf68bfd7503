import { isEmailChange, ROLE_MSG, USER_MSG, type User, type UserInputParsed } from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { composeMfaResetMail } from '../../platform/mail/mail-templates';
import type { AuthService } from '../auth/auth.service';
import { findClientsByIds } from '../clients/clients.service';
import { findRoleById } from '../roles/roles.service';
import {
  assertMayChangeAssociation,
  assertMayChangeRole,
  assertMayChangeStatus,
  assertMayGrantRole,
  assertMayManageUser,
  assertUserInScope,
  isSameIdSet,
} from './user-rules';
import { emailTaken, mailEmailChange, saveUnique } from './user-saving';
import * as q from './users.queries';
import { describeUser, findUserFacts } from './users.service';

export interface UserEditsDeps {
  db: Db;
  auth: AuthService;
  mailer: Mailer;
  publicUrl: string;
}

type Role = NonNullable<Awaited<ReturnType<typeof findRoleById>>>;

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

// User management's changes (platform.md 2.6, 4.5, 4.6, 7) under the rules of user-rules.ts. Every
// change writes its audit row in the same transaction; the email is unique regardless of case.
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

  /** Issue 20 point 9: a client-scoped role (Client Viewer) sees nothing without a client. */
  function assertClientsForScopedRole(role: Role, clientIds: readonly number[]) {
    if (role.isClientScoped && clientIds.length === 0)
      throw badRequest(USER_MSG.clientRequired, { clientAssociation: [USER_MSG.clientRequired] });
  }

  /** Nobody may lock the firm out of role administration by deactivating or moving its last editor. */
  async function assertRoleEditorRemains(tx: DbOrTx) {
    if ((await q.countActiveUsersWithPermission(tx, 'EDIT_ROLES')) === 0)
      throw conflict(ROLE_MSG.lastRoleEditor);
  }

  /** The user behind an email, if `actor` may reach them (404 otherwise, as for an unknown email). */
  async function findReachableByEmail(actor: CurrentUser, email: string) {
    const found = await q.selectUserByEmail(db, email);
    const facts = found ? await findUserFacts(db, found.userId) : null;
    assertUserInScope(actor, facts);
    return facts;
  }

  return {
    /** POST /add: the user, their clients and the invitation mail, in one transaction. */
    async createUser(actor: CurrentUser, input: UserInputParsed, ctx: AuditContext): Promise<User> {
      const status = input.status ?? 1;
      if (status !== 1) assertMayChangeStatus(actor);
      const userId = await saveUnique(USER_MSG.createFailed, () =>
        db.transaction(async (tx) => {
          const role = await findRole(tx, input.roleId);
          assertMayGrantRole(actor, role);
          const clientIds = await checkSentClients(tx, actor, role, input.clientAssociation);
          if (clientIds.length) assertMayChangeAssociation(actor);
          // Otherwise the new user would be out of the client-scoped actor's reach from the start.
          if (actor.isClientScoped && clientIds.length === 0) {
            throw badRequest(USER_MSG.ownClientRequired, {
              clientAssociation: [USER_MSG.ownClientRequired],
            });
          }
          assertClientsForScopedRole(role, clientIds);
          if (await q.findUserIdByEmail(tx, input.email)) throw emailTaken(USER_MSG.createFailed);
          const values = toUserRow(input, role.roleId, status);
          const user = await q.insertUser(tx, values);
          await q.replaceUserClients(tx, user.userId, clientIds);
          await writeAudit(tx, ctx, {
            action: 'user.created',
            entity: 'user',
            entityId: user.userId,
            after: auditedFields({ ...values, clientIds }),
            clientIds,
          });
          // An inactive user could not use the link; the invitation is resent on activation.
          if (status === 1) await auth.sendInvitation(user, ctx, tx);
          return user.userId;
        }),
      );
      return describeUser(db, actor, userId);
    },

    /** PUT /{id}: details, role, status and clients (platform.md 4.5). */
    async editUser(actor: CurrentUser, userId: number, input: UserInputParsed, ctx: AuditContext) {
      await saveUnique(USER_MSG.editFailed, () =>
        db.transaction(async (tx) => {
          const before = await findUserFacts(tx, userId);
          assertUserInScope(actor, before);
          assertMayManageUser(actor, before);
          const status = input.status ?? before.status;
          if (status !== before.status) assertMayChangeStatus(actor);
          const role = await findRole(tx, input.roleId);
          const roleChanged = role.roleId !== before.roleId;
          if (roleChanged) {
            assertMayChangeRole(actor);
            assertMayGrantRole(actor, role);
          }
          const sent = await checkSentClients(tx, actor, role, input.clientAssociation);
          if (await q.findOtherUserIdByEmail(tx, input.email, userId)) throw emailTaken(USER_MSG.editFailed);

          const current = before.clientIds;
          // The actor edits the clients they can see; associations outside their scope stay as they are,
          // unless the role changes, which clears the previous clients (platform.md 4.5).
          const hidden = current.filter((id) => !canAccessClient(actor, id));
          const clientIds = !role.isClientScoped
            ? []
            : roleChanged
              ? sent
              : [...new Set([...hidden, ...sent])];
          assertClientsForScopedRole(role, clientIds);
          // Clearing them is part of the role change; giving any needs the association permission.
          const clearedByRoleChange = roleChanged && sent.length === 0;
          if (!isSameIdSet(clientIds, current) && !clearedByRoleChange) assertMayChangeAssociation(actor);

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
              clientIds: [...new Set([...current, ...clientIds])],
            });
          }
          if (isEmailChange(before.email, values.email)) await mailEmailChange(deps, before, values.email);
        }),
      );
      // Not findUser: an actor who just removed their last shared client still gets the answer.
      return describeUser(db, actor, userId);
    },

    /** PUT /reset-mfa/{email} (platform.md 4.6): enrol afresh at next sign-in; the user is told by mail. */
    async resetUserMfa(actor: CurrentUser, email: string, ctx: AuditContext) {
      const user = await findReachableByEmail(actor, email);
      // Whoever knows a stronger user's password could otherwise enrol their own authenticator.
      assertMayManageUser(actor, user);
      await db.transaction((tx) => auth.resetMfa(user.userId, ctx, tx));
      await deps.mailer.send(composeMfaResetMail(user.email, user.firstName, `${deps.publicUrl}/`));
    },

    /** POST /resend-invite/{email}: a fresh link; the earlier ones stop working. */
    async resendInvite(actor: CurrentUser, email: string, ctx: AuditContext) {
      const user = await findReachableByEmail(actor, email);
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
