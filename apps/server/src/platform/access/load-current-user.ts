import { eq, sql } from 'drizzle-orm';
import { isPermission, type Permission } from '@tideline/contracts';
import type { DbOrTx } from '../../db/open-database';
import { roles, sessions, userClients, users } from '../../db/schema';
import type { CurrentUser } from './route-access';

export type LoadedUser = CurrentUser & {
  sessionId: string;
  status: number;
  tokenVersion: number;
  isSessionLive: boolean;
  /** The session's absolute end (epoch when there is no such session): a cached entry ends there. */
  sessionExpiresAt: Date;
};

/**
 * One query: the user, their role's permissions, their client association, and whether the access
 * token's session is live (not signed out, not revoked, not past its absolute lifetime). The access hook
 * keeps the answer in a CurrentUserCache, so most requests run none.
 */
export async function loadCurrentUser(
  db: DbOrTx,
  claims: { userId: number; sessionId: string },
): Promise<LoadedUser | null> {
  const { userId, sessionId } = claims;
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
      isSessionLive: sql<boolean>`exists(select 1 from ${sessions} where ${sessions.sessionId} = ${sessionId}
        and ${sessions.userId} = ${users.userId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
      sessionExpiresAt: sql<Date | string>`coalesce((select ${sessions.expiresAt} from ${sessions}
        where ${sessions.sessionId} = ${sessionId} and ${sessions.userId} = ${users.userId}), 'epoch')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(eq(users.userId, userId));
  if (!row) return null;
  const { permissions, sessionExpiresAt, ...rest } = row;
  // A permission removed from the catalogue may linger in a role row; it grants nothing.
  const permList = permissions.filter(isPermission) as Permission[];
  return {
    ...rest,
    permList,
    clientIds: row.clientIds.map(Number),
    sessionId,
    sessionExpiresAt: new Date(sessionExpiresAt),
  };
}
