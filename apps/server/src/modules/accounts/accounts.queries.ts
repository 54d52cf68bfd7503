import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { statementName, type Db, type DbOrTx } from '../../db/open-database';
import {
  accountGroupAccounts,
  accountGroups,
  accountLinks,
  accounts,
  bankClientRelationships,
  banks,
  transactions,
} from '../../db/schema';

// The newest transaction of an account: one step down transactions_account_date_idx. Qualified by
// hand, since drizzle leaves columns unqualified when a select has one table.
export const lastTransactionDate = sql<
  string | null
>`(select max(t.transaction_date) from transactions t where t.account_id = "accounts"."account_id")`;

const accountFields = {
  accountId: accounts.accountId,
  clientId: accounts.clientId,
  accountName: accounts.accountName,
  accountNumber: accounts.accountNumber,
  accountAlias: accounts.accountAlias,
  accountType: accounts.accountType,
  accountCategory: accounts.accountCategory,
  bankId: accounts.bankId,
  bankName: banks.bankName,
  accountBalance: accounts.accountBalance,
  accountBalanceDate: accounts.accountBalanceDate,
  lastTransactionDate,
  accountClosed: accounts.accountClosed,
  accountDateClosed: accounts.accountDateClosed,
  dataGatheringFrequency: accounts.dataGatheringFrequency,
  bankDataGatheringFrequency: banks.defaultDataGatheringFrequency,
  ownCollectionType: accounts.collectionType,
  defaultCollectionType: bankClientRelationships.collectionType,
  isStaging: accounts.isStaging,
  sourceFileId: accounts.sourceFileId,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
};
export type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

export function selectAccounts(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(accountFields)
    .from(accounts)
    .leftJoin(banks, eq(banks.bankId, accounts.bankId))
    .leftJoin(
      bankClientRelationships,
      and(
        eq(bankClientRelationships.clientId, accounts.clientId),
        eq(bankClientRelationships.bankId, accounts.bankId),
      ),
    )
    .where(where)
    .orderBy(asc(sql`lower(${accounts.accountName})`), asc(accounts.accountId));
}

/**
 * A client's accounts (or its staging ones), prepared once per database: the client profile and the
 * data pages list them on every visit.
 */
export function prepareClientAccounts(db: Db) {
  return selectAccounts(
    db,
    and(
      eq(accounts.clientId, sql.placeholder('clientId')),
      eq(accounts.isStaging, sql.placeholder('isStaging')),
    ),
  ).prepare(statementName(db, 'accounts_of_client'));
}

export async function selectAccountById(db: DbOrTx, accountId: number) {
  const [row] = await selectAccounts(db, eq(accounts.accountId, accountId));
  return row ?? null;
}

/** The bare row, locked for the caller's transaction (edit, delete). */
export async function selectAccountForUpdate(db: DbOrTx, accountId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.accountId, accountId)).for('update');
  return row ?? null;
}

export function selectAccountRowsByIds(db: DbOrTx, accountIds: readonly number[]) {
  return db
    .select()
    .from(accounts)
    .where(inArray(accounts.accountId, [...accountIds]))
    .orderBy(asc(accounts.accountId))
    .for('update');
}

export function selectAccountOptions(db: DbOrTx, clientId: number) {
  return db
    .select({
      accountId: accounts.accountId,
      accountName: accounts.accountName,
      accountNumber: accounts.accountNumber,
    })
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.isStaging, false)))
    .orderBy(asc(sql`lower(${accounts.accountName})`), asc(accounts.accountId));
}

export async function insertAccount(db: DbOrTx, values: typeof accounts.$inferInsert) {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

export async function updateAccount(
  db: DbOrTx,
  accountId: number,
  values: Partial<typeof accounts.$inferInsert>,
) {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.accountId, accountId))
    .returning();
  return row!;
}

export function deleteAccountsByIds(db: DbOrTx, accountIds: readonly number[]) {
  return db.delete(accounts).where(inArray(accounts.accountId, [...accountIds]));
}

/** What an account's deletion takes with it: counted for the audit row that keeps what was deleted. */
export async function selectDeletionFootprint(db: DbOrTx, accountId: number) {
  const [tx] = await db
    .select({
      transactionCount: sql<number>`count(*)::int`,
      amountSum: sql<string | null>`sum(${transactions.amount})::text`,
      firstDate: sql<string | null>`min(${transactions.transactionDate})::text`,
      lastDate: sql<string | null>`max(${transactions.transactionDate})::text`,
    })
    .from(transactions)
    .where(eq(transactions.accountId, accountId));
  const groups = await db
    .select({ groupId: accountGroups.groupId, groupName: accountGroups.groupName })
    .from(accountGroupAccounts)
    .innerJoin(accountGroups, eq(accountGroups.groupId, accountGroupAccounts.groupId))
    .where(eq(accountGroupAccounts.accountId, accountId))
    .orderBy(asc(accountGroups.groupId));
  const links = await db
    .select({ accountId: accountLinks.accountId, linkedToAccountId: accountLinks.linkedToAccountId })
    .from(accountLinks)
    .where(sql`${accountLinks.accountId} = ${accountId} or ${accountLinks.linkedToAccountId} = ${accountId}`);
  return { transactions: tx!, groups, links };
}
