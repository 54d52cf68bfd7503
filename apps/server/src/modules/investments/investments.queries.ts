import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import {
  accounts,
  banks,
  clientAssignees,
  clients,
  files,
  investmentGroupInvestments,
  investments,
  investmentTypes,
} from '../../db/schema';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import type { CompiledListQuery } from '../../platform/paging/paged-list';
import { investmentJoins, investmentRowFields, type InvestmentRow } from './investment-fields';

/** select <fields> from investments with its account, client, type and bank. */
function fromInvestments<Fields extends Record<string, unknown>>(db: DbOrTx, fields: Fields) {
  return db
    .select(fields as Record<string, never>)
    .from(investments)
    .innerJoin(accounts, investmentJoins.accountOn)
    .innerJoin(clients, investmentJoins.clientOn)
    .innerJoin(investmentTypes, investmentJoins.typeOn)
    .leftJoin(banks, investmentJoins.bankOn);
}

/** The paged list's one count query (both counts in a pass, see paged-list.ts). */
export function selectInvestmentCounts<Fields extends Record<string, SQL<number>>>(
  db: DbOrTx,
  fields: Fields,
  where: SQL | undefined,
) {
  return fromInvestments(db, fields).where(where) as unknown as Promise<{ [K in keyof Fields]: number }[]>;
}

export function selectInvestmentPage(db: DbOrTx, page: CompiledListQuery) {
  return fromInvestments(db, investmentRowFields)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset) as unknown as Promise<InvestmentRow[]>;
}

/** Every investment under `where`, soonest maturity first (GET /all, a group's members). */
export function selectInvestments(db: DbOrTx, where: SQL | undefined) {
  return fromInvestments(db, investmentRowFields)
    .where(where)
    .orderBy(asc(investments.maturityDate), asc(investments.id)) as unknown as Promise<InvestmentRow[]>;
}

export async function selectInvestmentById(db: DbOrTx, id: number): Promise<InvestmentRow | null> {
  const [row] = (await fromInvestments(db, investmentRowFields).where(
    eq(investments.id, id),
  )) as unknown as InvestmentRow[];
  return row ?? null;
}

export function selectInvestmentsForUpdate(db: DbOrTx, ids: readonly number[]) {
  return db
    .select()
    .from(investments)
    .where(inArray(investments.id, [...ids]))
    .orderBy(asc(investments.id))
    .for('update');
}

export async function updateInvestment(
  db: DbOrTx,
  id: number,
  values: Partial<typeof investments.$inferInsert>,
) {
  const [row] = await db
    .update(investments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(investments.id, id))
    .returning();
  return row!;
}

export async function deleteInvestmentsByIds(db: DbOrTx, ids: readonly number[]) {
  await db.delete(investments).where(inArray(investments.id, [...ids]));
}

/** The groups each investment belonged to, for the audit row of a delete. */
export function selectMemberships(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({
      groupId: investmentGroupInvestments.groupId,
      investmentId: investmentGroupInvestments.investmentId,
    })
    .from(investmentGroupInvestments)
    .where(inArray(investmentGroupInvestments.investmentId, [...ids]));
}

export async function selectInvestmentType(db: DbOrTx, investmentTypeId: number) {
  const [row] = await db
    .select()
    .from(investmentTypes)
    .where(eq(investmentTypes.investmentTypeId, investmentTypeId));
  return row ?? null;
}

export function selectActiveTypeOptions(db: DbOrTx) {
  return db
    .select({
      label: investmentTypes.investmentTypeName,
      value: investmentTypes.investmentTypeId,
      callable: investmentTypes.callable,
    })
    .from(investmentTypes)
    .where(eq(investmentTypes.status, 1))
    .orderBy(asc(sql`lower(${investmentTypes.investmentTypeName})`), asc(investmentTypes.investmentTypeId));
}

export async function selectStoredFile(db: DbOrTx, fileId: number) {
  const [row] = await db
    .select({ fileId: files.fileId, fileName: files.fileName, status: files.status })
    .from(files)
    .where(eq(files.fileId, fileId));
  return row ?? null;
}

/** The clients a user is assigned to (client_assignees): 'my clients'. */
export function whereAssignedTo(userId: number): SQL {
  return sql`exists (select 1 from ${clientAssignees} ca where ca.client_id = ${investments.clientId} and ca.user_id = ${userId})`;
}

export function whereInGroup(groupId: number): SQL {
  return sql`exists (select 1 from ${investmentGroupInvestments} m where m.investment_id = ${investments.id} and m.group_id = ${groupId})`;
}

export function whereNotInGroup(groupId: number): SQL {
  return sql`not ${whereInGroup(groupId)}`;
}

/** Whether every one of the investments belongs to a client the user may see. */
export async function areAllVisible(db: DbOrTx, user: CurrentUser, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const rows = await db
    .select({ clientId: investments.clientId })
    .from(investments)
    .where(inArray(investments.id, unique));
  return rows.every((r) => canAccessClient(user, r.clientId));
}

export const whereAccount = (accountId: number) => eq(investments.accountId, accountId);
export const whereClient = (clientId: number) => eq(investments.clientId, clientId);
export const whereAll = (...conditions: (SQL | undefined)[]) => and(...conditions);
