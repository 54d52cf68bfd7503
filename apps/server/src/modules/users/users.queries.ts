import { and, asc, eq, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { roles, userClients, users } from '../../db/schema';
import { evictCachedAccess } from '../../platform/access/current-user-cache';

export async function countUsers(db: DbOrTx) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function countRoles(db: DbOrTx) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(roles);
  return row?.n ?? 0;
}

export async function findRoleByName(db: DbOrTx, roleName: string) {
  const [row] = await db.select().from(roles).where(eq(roles.roleName, roleName));
  return row ?? null;
}

export async function insertRoles(db: DbOrTx, values: (typeof roles.$inferInsert)[]) {
  await db.insert(roles).values(values).onConflictDoNothing();
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.userId ?? null;
}

/** A user with the role fields the screens show. */
const userFields = {
  userId: users.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  roleName: roles.roleName,
  isClientScoped: roles.isClientScoped,
  permissions: roles.permissions,
  status: users.status,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  mfaEnrolled: sql<boolean>`${users.mfaSecret} is not null`,
  createdAt: users.createdAt,
};

export async function selectUsers(db: DbOrTx, userId?: number) {
  return db
    .select(userFields)
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(userId === undefined ? undefined : eq(users.userId, userId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.userId));
}
export type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

/**
 * The user of the outer query is associated with one of `clientIds`. The subquery names the outer
 * column in full: drizzle leaves columns unqualified in a one-table select.
 */
function isAssociatedWithAny(clientIds: readonly number[]): SQL {
  if (clientIds.length === 0) return sql`false`;
  const ids = sql.join(
    clientIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${userClients} uc where uc.user_id = users.user_id and uc.client_id in (${ids}))`;
}

/**
 * The active users to pick from. With `clientIds` (a client-scoped viewer's clients), only the staff
 * (users of unscoped roles) and the users sharing one of those clients.
 */
export async function selectActiveUserOptions(db: DbOrTx, clientIds: readonly number[] | null) {
  const visible = clientIds ? or(eq(roles.isClientScoped, false), isAssociatedWithAny(clientIds)) : undefined;
  return db
    .select({
      userId: users.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(and(eq(users.status, 1), visible))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.userId));
}

export async function selectUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ userId: users.userId, email: users.email, firstName: users.firstName, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row ?? null;
}

/** Another user holding this email, ignoring case. */
export async function findOtherUserIdByEmail(db: DbOrTx, email: string, exceptUserId: number) {
  const [row] = await db
    .select({ userId: users.userId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.userId, exceptUserId)));
  return row?.userId ?? null;
}

export async function updateUser(db: DbOrTx, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.userId, userId));
  evictCachedAccess(userId);
}

/** The client ids of each given user (all users when none are given). */
export async function selectClientIdsByUser(db: DbOrTx, userIds?: number[]) {
  const rows = await db
    .select({ userId: userClients.userId, clientId: userClients.clientId })
    .from(userClients)
    .where(userIds ? inArray(userClients.userId, userIds) : undefined)
    .orderBy(asc(userClients.clientId));
  const byUser = new Map<number, number[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.clientId]);
  return byUser;
}

export async function replaceUserClients(db: DbOrTx, userId: number, clientIds: readonly number[]) {
  await db.delete(userClients).where(eq(userClients.userId, userId));
  if (clientIds.length)
    await db.insert(userClients).values(clientIds.map((clientId) => ({ userId, clientId })));
  evictCachedAccess(userId);
}

export async function deleteClientsOfRole(db: DbOrTx, roleId: number) {
  await db
    .delete(userClients)
    .where(
      inArray(
        userClients.userId,
        db.select({ id: users.userId }).from(users).where(eq(users.roleId, roleId)),
      ),
    );
  evictCachedAccess('all');
}

export async function countUsersByRole(db: DbOrTx) {
  const rows = await db
    .select({ roleId: users.roleId, n: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

export async function countActiveUsersWithPermission(db: DbOrTx, permission: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(and(eq(users.status, 1), sql`${permission} = any(${roles.permissions})`));
  return Number(row?.n ?? 0);
}

/** The stored password hash, to confirm who is at the keyboard before an email change. */
export async function selectPasswordHash(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.userId, userId));
  return row?.passwordHash ?? null;
}

/** Users of a role sharing none of `clientIds` (a client-scoped role editor may not change their role). */
export async function countUsersOfRoleOutsideClients(
  db: DbOrTx,
  roleId: number,
  clientIds: readonly number[],
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.roleId, roleId), not(isAssociatedWithAny(clientIds))));
  return Number(row?.n ?? 0);
}
