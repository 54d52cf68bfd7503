import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { ALL_ACCOUNTS_GROUP_NAME } from '@tideline/contracts/accounts/account-groups.schemas';
import type { DbOrTx } from '../../db/open-database';
import { accountGroupAccounts, accountGroups, accounts, banks } from '../../db/schema';
import { lastTransactionDate } from './accounts.queries';

/** Creates the client's 'All Accounts' group when it is missing; answers its id either way. */
export async function ensureAllAccountsGroup(db: DbOrTx, clientId: number): Promise<number> {
  await db
    .insert(accountGroups)
    .values({ clientId, groupName: ALL_ACCOUNTS_GROUP_NAME, isAllAccounts: true })
    .onConflictDoNothing();
  const [row] = await db
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  return row!.groupId;
}

export function selectGroupsWithCounts(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      groupId: accountGroups.groupId,
      clientId: accountGroups.clientId,
      groupName: accountGroups.groupName,
      isAllAccounts: accountGroups.isAllAccounts,
      updatedAt: accountGroups.updatedAt,
      // Qualified by hand: drizzle leaves columns unqualified in a single-table select.
      numberOfAccounts: sql<number>`(select count(*)::int from account_group_accounts m where m.group_id = "account_groups"."group_id")`,
    })
    .from(accountGroups)
    .where(where)
    .orderBy(
      sql`${accountGroups.isAllAccounts} desc`,
      asc(sql`lower(${accountGroups.groupName})`),
      asc(accountGroups.groupId),
    );
}

export async function selectGroupById(db: DbOrTx, groupId: number) {
  const [row] = await db.select().from(accountGroups).where(eq(accountGroups.groupId, groupId));
  return row ?? null;
}

export function selectGroupsByIds(db: DbOrTx, groupIds: readonly number[]) {
  return db
    .select()
    .from(accountGroups)
    .where(inArray(accountGroups.groupId, [...groupIds]))
    .orderBy(asc(accountGroups.groupId))
    .for('update');
}

/** Another group of the client with this name, ignoring case. */
export async function findGroupIdByName(db: DbOrTx, clientId: number, name: string, exceptGroupId?: number) {
  const [row] = await db
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(
      and(
        eq(accountGroups.clientId, clientId),
        sql`lower(${accountGroups.groupName}) = lower(${name})`,
        exceptGroupId === undefined ? undefined : ne(accountGroups.groupId, exceptGroupId),
      ),
    );
  return row?.groupId ?? null;
}

export async function insertGroup(db: DbOrTx, values: typeof accountGroups.$inferInsert) {
  const [row] = await db.insert(accountGroups).values(values).returning();
  return row!;
}

export async function updateGroup(
  db: DbOrTx,
  groupId: number,
  values: Partial<typeof accountGroups.$inferInsert>,
) {
  const [row] = await db
    .update(accountGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accountGroups.groupId, groupId))
    .returning();
  return row!;
}

/** A membership change counts as an update of the group ('Updated At'). */
export async function touchGroups(db: DbOrTx, groupIds: readonly number[]) {
  if (groupIds.length === 0) return;
  await db
    .update(accountGroups)
    .set({ updatedAt: new Date() })
    .where(inArray(accountGroups.groupId, [...groupIds]));
}

export function deleteGroupsByIds(db: DbOrTx, groupIds: readonly number[]) {
  return db.delete(accountGroups).where(inArray(accountGroups.groupId, [...groupIds]));
}

export function selectMemberAccountIds(db: DbOrTx, groupIds: readonly number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ groupId: accountGroupAccounts.groupId, accountId: accountGroupAccounts.accountId })
    .from(accountGroupAccounts)
    .where(inArray(accountGroupAccounts.groupId, [...groupIds]))
    .orderBy(asc(accountGroupAccounts.accountId));
}

export function selectGroupAccounts(db: DbOrTx, groupId: number) {
  return db
    .select({
      accountXrefId: accountGroupAccounts.accountGroupXrefId,
      accountId: accounts.accountId,
      accountName: accounts.accountName,
      accountNumber: accounts.accountNumber,
      accountType: accounts.accountType,
      accountCategory: accounts.accountCategory,
      bankName: banks.bankName,
      lastTransactionDate,
    })
    .from(accountGroupAccounts)
    .innerJoin(accounts, eq(accounts.accountId, accountGroupAccounts.accountId))
    .leftJoin(banks, eq(banks.bankId, accounts.bankId))
    .where(eq(accountGroupAccounts.groupId, groupId))
    .orderBy(asc(sql`lower(${accounts.accountName})`), asc(accounts.accountId));
}

export function selectAccountAssociations(db: DbOrTx, accountId: number) {
  return db
    .select({
      accountXrefId: accountGroupAccounts.accountGroupXrefId,
      groupId: accountGroups.groupId,
      groupName: accountGroups.groupName,
      isAllAccounts: accountGroups.isAllAccounts,
    })
    .from(accountGroupAccounts)
    .innerJoin(accountGroups, eq(accountGroups.groupId, accountGroupAccounts.groupId))
    .where(eq(accountGroupAccounts.accountId, accountId))
    .orderBy(sql`${accountGroups.isAllAccounts} desc`, asc(sql`lower(${accountGroups.groupName})`));
}

/** Adds memberships; ones that exist already are left as they are. Answers the new rows. */
export function insertMemberships(
  db: DbOrTx,
  clientId: number,
  pairs: readonly { groupId: number; accountId: number }[],
) {
  if (pairs.length === 0) return Promise.resolve([]);
  return db
    .insert(accountGroupAccounts)
    .values(pairs.map((p) => ({ clientId, ...p })))
    .onConflictDoNothing()
    .returning();
}

export function selectMembershipsByIds(db: DbOrTx, xrefIds: readonly number[]) {
  return db
    .select({
      accountXrefId: accountGroupAccounts.accountGroupXrefId,
      clientId: accountGroupAccounts.clientId,
      groupId: accountGroupAccounts.groupId,
      accountId: accountGroupAccounts.accountId,
      isAllAccounts: accountGroups.isAllAccounts,
    })
    .from(accountGroupAccounts)
    .innerJoin(accountGroups, eq(accountGroups.groupId, accountGroupAccounts.groupId))
    .where(inArray(accountGroupAccounts.accountGroupXrefId, [...xrefIds]))
    .for('update', { of: accountGroupAccounts });
}

export async function deleteMembershipsByIds(db: DbOrTx, xrefIds: readonly number[]) {
  if (xrefIds.length === 0) return;
  await db.delete(accountGroupAccounts).where(inArray(accountGroupAccounts.accountGroupXrefId, [...xrefIds]));
}

/**
 * Every distinct transaction day of the given accounts, newest first, by a loose index scan: one probe
 * of transactions_account_date_idx per (account, day) instead of reading every transaction, so a group
 * over millions of rows costs about accounts x days probes.
 */
export async function selectTransactionDays(db: DbOrTx, accountIds: readonly number[]) {
  if (accountIds.length === 0) return [];
  const ids = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ account_id: number; day: string }>(sql`
    with recursive days as (
      select a.account_id,
        (select max(t.transaction_date) from transactions t where t.account_id = a.account_id) as day
      from (select unnest(array[${ids}]::int[]) as account_id) a
      union all
      select d.account_id,
        (select max(t.transaction_date) from transactions t
          where t.account_id = d.account_id and t.transaction_date < d.day)
      from days d
      where d.day is not null
    )
    select account_id, day::text as day from days where day is not null`);
  return result.rows.map((r) => ({ accountId: Number(r.account_id), day: r.day }));
}
