import { eq, sql } from 'drizzle-orm';
import { isPermission, type Permission } from '@tideline/contracts';
import type { DbOrTx } from '../../db/open-database';
import { roles, userClients, users } from '../../db/schema';
import type { CurrentUser } from './route-access';

/** One query per request: the user, their role's permissions and their client association. */
export async function loadCurrentUser(
  db: DbOrTx,
  userId: number,
): Promise<(CurrentUser & { status: number; tokenVersion: number }) | null> {
  const [row] = await db
    .select({
      userId: users.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      tokenVersion: users.tokenVersion,
      roleId: roles.roleId,
      roleName: roles.roleName,
      permissions: roles.permissions,
      isClientScoped: roles.isClientScoped,
      clientIds: sql<
        number[]
      >`coalesce((select array_agg(${userClients.clientId} order by ${userClients.clientId})
        from ${userClients} where ${userClients.userId} = ${users.userId}), '{}')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(eq(users.userId, userId));
  if (!row) return null;
  const { permissions, ...rest } = row;
  // A permission removed from the catalogue may linger in a role row; it grants nothing.
  const permList = permissions.filter(isPermission) as Permission[];
  return { ...rest, permList, clientIds: row.clientIds.map(Number) };
}
