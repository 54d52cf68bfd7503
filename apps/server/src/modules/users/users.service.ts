import { DEFAULT_ROLES, type LoggedUser } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict } from '../../platform/http/app-error';
import type { AuthService } from '../auth/auth.service';
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
