import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { investmentGroupInvestments, investmentGroups, investments } from '../../db/schema';

/**
 * Groups with the count and settlement total of their members under `memberWhere` (client scoping: a
 * client-scoped user counts only their clients' investments). `onlyWithMembers` keeps only groups that
 * have at least one such member.
 */
export function selectGroupsWithTotals(
  db: DbOrTx,
  options: { memberWhere: SQL | undefined; groupWhere?: SQL; onlyWithMembers: boolean },
) {
  const members = db
    .select({
      groupId: investmentGroupInvestments.groupId,
      countInvestments: sql<number>`count(*)::int`.as('count_investments'),
      settlementAmountSum: sql<string>`sum(${investments.settlementAmount})`.as('settlement_amount_sum'),
    })
    .from(investmentGroupInvestments)
    .innerJoin(investments, eq(investments.id, investmentGroupInvestments.investmentId))
    .where(options.memberWhere)
    .groupBy(investmentGroupInvestments.groupId)
    .as('members');
  return db
    .select({
      groupId: investmentGroups.groupId,
      groupName: investmentGroups.groupName,
      countInvestments: sql<number>`coalesce(${members.countInvestments}, 0)::int`,
      settlementAmountSum: sql<string>`coalesce(${members.settlementAmountSum}, 0)`,
      updatedAt: investmentGroups.updatedAt,
    })
    .from(investmentGroups)
    .leftJoin(members, eq(members.groupId, investmentGroups.groupId))
    .where(and(options.groupWhere, options.onlyWithMembers ? sql`${members.groupId} is not null` : undefined))
    .orderBy(asc(sql`lower(${investmentGroups.groupName})`), asc(investmentGroups.groupId));
}

export async function insertGroup(db: DbOrTx, groupName: string) {
  const [row] = await db.insert(investmentGroups).values({ groupName }).returning();
  return row!;
}

export async function selectGroupForUpdate(db: DbOrTx, groupId: number) {
  const [row] = await db
    .select()
    .from(investmentGroups)
    .where(eq(investmentGroups.groupId, groupId))
    .for('update');
  return row ?? null;
}

export function selectGroupsForUpdate(db: DbOrTx, groupIds: readonly number[]) {
  return db
    .select()
    .from(investmentGroups)
    .where(inArray(investmentGroups.groupId, [...groupIds]))
    .orderBy(asc(investmentGroups.groupId))
    .for('update');
}

export async function renameGroup(db: DbOrTx, groupId: number, groupName: string) {
  const [row] = await db
    .update(investmentGroups)
    .set({ groupName, updatedAt: sql`now()` })
    .where(eq(investmentGroups.groupId, groupId))
    .returning();
  return row!;
}

export async function touchGroup(db: DbOrTx, groupId: number) {
  await db
    .update(investmentGroups)
    .set({ updatedAt: sql`now()` })
    .where(eq(investmentGroups.groupId, groupId));
}

/** The member ids of the groups (for a delete's audit row). */
export function selectMemberIds(db: DbOrTx, groupIds: readonly number[]) {
  return db
    .select({
      groupId: investmentGroupInvestments.groupId,
      investmentId: investmentGroupInvestments.investmentId,
    })
    .from(investmentGroupInvestments)
    .where(inArray(investmentGroupInvestments.groupId, [...groupIds]))
    .orderBy(asc(investmentGroupInvestments.investmentId));
}

export async function deleteGroups(db: DbOrTx, groupIds: readonly number[]) {
  await db.delete(investmentGroups).where(inArray(investmentGroups.groupId, [...groupIds]));
}

/** Adds the memberships that do not exist yet; answers the investment ids actually added. */
export async function insertMembers(db: DbOrTx, groupId: number, investmentIds: readonly number[]) {
  const rows = await db
    .insert(investmentGroupInvestments)
    .values(investmentIds.map((investmentId) => ({ groupId, investmentId })))
    .onConflictDoNothing()
    .returning({ investmentId: investmentGroupInvestments.investmentId });
  return rows.map((r) => r.investmentId);
}

export async function deleteMembers(db: DbOrTx, groupId: number, investmentIds: readonly number[]) {
  const rows = await db
    .delete(investmentGroupInvestments)
    .where(
      and(
        eq(investmentGroupInvestments.groupId, groupId),
        inArray(investmentGroupInvestments.investmentId, [...investmentIds]),
      ),
    )
    .returning({ investmentId: investmentGroupInvestments.investmentId });
  return rows.map((r) => r.investmentId);
}

/** The groups an investment belongs to, as choices (GET /group-association/{investmentId}). */
export function selectInvestmentGroupOptions(db: DbOrTx, investmentId: number) {
  return db
    .select({ label: investmentGroups.groupName, value: investmentGroups.groupId })
    .from(investmentGroupInvestments)
    .innerJoin(investmentGroups, eq(investmentGroups.groupId, investmentGroupInvestments.groupId))
    .where(eq(investmentGroupInvestments.investmentId, investmentId))
    .orderBy(asc(sql`lower(${investmentGroups.groupName})`), asc(investmentGroups.groupId));
}

/** Groups named `name` (case-insensitive), but for `exceptId`: the same-name warning. */
export function whereGroupNamed(name: string, exceptId?: number): SQL {
  return and(
    sql`lower(${investmentGroups.groupName}) = ${name.trim().toLowerCase()}`,
    exceptId === undefined ? undefined : sql`${investmentGroups.groupId} <> ${exceptId}`,
  )!;
}

export async function groupNameExists(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ groupId: investmentGroups.groupId })
    .from(investmentGroups)
    .where(whereGroupNamed(name, exceptId))
    .limit(1);
  return row !== undefined;
}

export const whereGroupIs = (groupId: number) => eq(investmentGroups.groupId, groupId);
