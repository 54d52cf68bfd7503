import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { roles } from '../../db/schema';
import { evictCachedAccess } from '../../platform/access/current-user-cache';

export async function selectRoles(db: DbOrTx) {
  return db
    .select()
    .from(roles)
    .orderBy(asc(sql`lower(${roles.roleName})`), asc(roles.roleId));
}

export async function selectRoleById(db: DbOrTx, roleId: number) {
  const [row] = await db.select().from(roles).where(eq(roles.roleId, roleId));
  return row ?? null;
}

/** The names of the roles holding `permission`, alphabetically. */
export async function selectRoleNamesHolding(db: DbOrTx, permission: string) {
  const rows = await db
    .select({ roleName: roles.roleName })
    .from(roles)
    .where(sql`${permission} = ANY(${roles.permissions})`)
    .orderBy(asc(sql`lower(${roles.roleName})`));
  return rows.map((r) => r.roleName);
}

/** Another role with this name, ignoring case. */
export async function findRoleIdByName(db: DbOrTx, roleName: string, exceptRoleId?: number) {
  const [row] = await db
    .select({ roleId: roles.roleId })
    .from(roles)
    .where(
      and(
        sql`lower(${roles.roleName}) = lower(${roleName})`,
        exceptRoleId === undefined ? undefined : ne(roles.roleId, exceptRoleId),
      ),
    );
  return row?.roleId ?? null;
}

export async function insertRole(db: DbOrTx, values: typeof roles.$inferInsert) {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

export async function updateRole(db: DbOrTx, roleId: number, values: Partial<typeof roles.$inferInsert>) {
  const [row] = await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(roles.roleId, roleId))
    .returning();
  evictCachedAccess('all');
  return row!;
}
