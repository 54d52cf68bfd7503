import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { roles, users } from '../../db/schema';

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
