import {
  DEFAULT_ROLES,
  isPermission,
  USER_MSG,
  type ClientAssociation,
  type LoggedUser,
  type User,
  type UserOption,
} from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, notFound } from '../../platform/http/app-error';
import type { AuthService } from '../auth/auth.service';
import { findClientsByIds } from '../clients/clients.service';
import type { RoleUsers } from '../roles/roles.service';
import { assertUserInScope, isUserInScope, type ScopeFacts } from './user-rules';
import * as q from './users.queries';

export const SYSTEM_CONTEXT: AuditContext = {
  userId: null,
  actorEmail: 'system',
  requestId: null,
  ipAddress: null,
};

/** The default roles of permissions.md, only into an empty table: after that, administrators own them. */
export async function seedDefaultRoles(db: Db): Promise<void> {
  if ((await q.countRoles(db)) > 0) return;
  await q.insertRoles(
    db,
    DEFAULT_ROLES.map((r) => ({
      roleName: r.roleName,
      isClientScoped: r.isClientScoped,
      permissions: r.permissions,
    })),
  );
}

export function toLoggedUser(user: CurrentUser): LoggedUser {
  return {
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    permList: user.permList,
  };
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await q.countUsers(db)) > 0;
}

/** An Admin with no password yet, plus the invitation link that sets it (CLI and first start). */
export async function createAdmin(
  deps: { db: Db; auth: AuthService },
  input: { email: string; firstName: string; lastName: string },
  ctx: AuditContext = SYSTEM_CONTEXT,
): Promise<{ userId: number; link: string }> {
  await seedDefaultRoles(deps.db);
  return deps.db.transaction(async (tx) => {
    if (await q.findUserIdByEmail(tx, input.email))
      throw conflict(`A user with the email ${input.email} already exists.`);
    const role = await q.findRoleByName(tx, 'Admin');
    if (!role) throw new Error('The Admin role is missing; it is seeded on first start.');
    const user = await q.insertUser(tx, {
      ...input,
      email: input.email.trim(),
      roleId: role.roleId,
      status: 1,
    });
    await writeAudit(tx, ctx, {
      action: 'user.created',
      entity: 'user',
      entityId: user.userId,
      after: { email: user.email, firstName: user.firstName, lastName: user.lastName, roleId: role.roleId },
    });
    const link = await deps.auth.sendInvitation(user, ctx, tx);
    return { userId: user.userId, link };
  });
}

/** The client association as `viewer` may see it: a client-scoped viewer sees only their own clients. */
async function describeAssociations(
  db: DbOrTx,
  viewer: CurrentUser,
  clientIdsByUser: Map<number, number[]>,
): Promise<Map<number, ClientAssociation[]>> {
  const visibleIds = [...clientIdsByUser.values()].flat().filter((id) => canAccessClient(viewer, id));
  const names = new Map((await findClientsByIds(db, visibleIds)).map((c) => [c.clientId, c.clientName]));
  const result = new Map<number, ClientAssociation[]>();
  for (const [userId, ids] of clientIdsByUser) {
    const visible = ids
      .filter((id) => names.has(id))
      .map((id) => ({ clientId: id, clientName: names.get(id)! }));
    result.set(
      userId,
      visible.sort((a, b) => a.clientName.localeCompare(b.clientName)),
    );
  }
  return result;
}

function toUser(row: q.UserRow, clientAssociation: ClientAssociation[]): User {
  return {
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    roleId: row.roleId,
    roleName: row.roleName,
    isClientScoped: row.isClientScoped,
    status: row.status === 1 ? 1 : 0,
    permList: row.permissions.filter(isPermission),
    clientAssociation,
    hasPassword: row.hasPassword,
    mfaEnrolled: row.mfaEnrolled,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/users/all (platform.md 2.6 table): a client-scoped viewer gets only the users of their clients. */
export async function findUsers(db: DbOrTx, viewer: CurrentUser): Promise<User[]> {
  const [rows, clientIds] = await Promise.all([q.selectUsers(db), q.selectClientIdsByUser(db)]);
  const reachable = rows.filter((r) =>
    isUserInScope(viewer, { isClientScoped: r.isClientScoped, clientIds: clientIds.get(r.userId) ?? [] }),
  );
  const associations = await describeAssociations(db, viewer, clientIds);
  return reachable.map((r) => toUser(r, associations.get(r.userId) ?? []));
}

/** One user with their role and all their client ids (the rules need the ones the viewer cannot see). */
export async function findUserFacts(db: DbOrTx, userId: number) {
  const [row] = await q.selectUsers(db, userId);
  if (!row) return null;
  return { ...row, clientIds: (await q.selectClientIdsByUser(db, [userId])).get(userId) ?? [] };
}

/** The user as `viewer` may see them, without the scope check (after a change the viewer just made). */
export async function describeUser(db: DbOrTx, viewer: CurrentUser, userId: number): Promise<User> {
  const facts = await findUserFacts(db, userId);
  if (!facts) throw notFound(USER_MSG.notFound);
  const associations = await describeAssociations(db, viewer, new Map([[userId, facts.clientIds]]));
  return toUser(facts, associations.get(userId) ?? []);
}

/** GET /api/users/{id}; unknown users, and users out of a client-scoped viewer's reach, answer 404. */
export async function findUser(db: DbOrTx, viewer: CurrentUser, userId: number): Promise<User> {
  assertUserInScope(viewer, await findUserFacts(db, userId));
  return describeUser(db, viewer, userId);
}

/** GET /api/users/client-association/{userId}. */
export async function findClientAssociation(
  db: DbOrTx,
  viewer: CurrentUser,
  userId: number,
): Promise<ClientAssociation[]> {
  return (await findUser(db, viewer, userId)).clientAssociation;
}

/**
 * Whom a user may see of the others (the pick lists, note tags): everyone, or for a client-scoped user
 * the staff (users of unscoped roles) and the users sharing one of their clients (security issue 14).
 */
export function canSeeUser(viewer: CurrentUser, user: ScopeFacts): boolean {
  return !user.isClientScoped || isUserInScope(viewer, user);
}

/** GET /api/users/list: the active users `viewer` may pick (note tags and the like). */
export function listUserOptions(db: DbOrTx, viewer: CurrentUser): Promise<UserOption[]> {
  return q.selectActiveUserOptions(db, viewer.isClientScoped ? viewer.clientIds : null);
}

/** What the roles area needs of users (wired in app.ts, so neither area reaches into the other's tables). */
export const roleUsers: RoleUsers = {
  countUsersByRole: q.countUsersByRole,
  clearClientAssociationsOfRole: q.deleteClientsOfRole,
  countActiveUsersWithPermission: q.countActiveUsersWithPermission,
  countUsersOfRoleOutsideClients: q.countUsersOfRoleOutsideClients,
};
