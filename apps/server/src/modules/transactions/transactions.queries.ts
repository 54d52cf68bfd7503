import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { statementName, type Db, type DbOrTx } from '../../db/open-database';
import { accountTransactionCounts, accounts, keywords, transactions } from '../../db/schema';
import type { CompiledListQuery } from '../../platform/paging/paged-list';

const transactionFields = {
  transactionId: transactions.transactionId,
  clientId: transactions.clientId,
  accountId: transactions.accountId,
  transactionDate: transactions.transactionDate,
  transactionDescription: transactions.description,
  amount: transactions.amount,
  keyword: keywords.keywordName,
  keywordId: transactions.keywordId,
};

/** The account's number of transactions, kept by the triggers of migration 0006. */
export async function selectAccountTransactionCount(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ count: accountTransactionCounts.transactionCount })
    .from(accountTransactionCounts)
    .where(eq(accountTransactionCounts.accountId, accountId));
  return Number(row?.count ?? 0);
}

/**
 * The Transactions list's first statement: the account's client (whether the user may see it is decided
 * on that) and its number of transactions, in one round trip. Prepared once per database.
 */
export function prepareAccountTotal(db: Db) {
  return db
    .select({
      clientId: accounts.clientId,
      count: sql<number>`coalesce(${accountTransactionCounts.transactionCount}, 0)`,
    })
    .from(accounts)
    .leftJoin(accountTransactionCounts, eq(accountTransactionCounts.accountId, accounts.accountId))
    .where(eq(accounts.accountId, sql.placeholder('accountId')))
    .prepare(statementName(db, 'transactions_account_total'));
}

/** The paged list's count query over transactions (a search walks transactions_account_description_trgm_idx). */
export function selectTransactionCounts<Fields extends Record<string, SQL<number>>>(
  db: DbOrTx,
  fields: Fields,
  where: SQL | undefined,
) {
  return db.select(fields).from(transactions).where(where);
}

/**
 * The Transactions tab as it opens (no filter, no search, the default order: newest first, the id as
 * tie-break), in one round trip prepared once per database: the account's client (visibility is decided
 * on it) and counter, beside the page of rows down transactions_account_date_idx (a lateral join). No
 * row when the account does not exist; one row with null page fields when the page has no rows. It must
 * order as compileListQuery orders transactionList's default (its test compares the two).
 */
export function prepareAccountWithDefaultPage(db: Db) {
  const page = db
    .select(transactionFields)
    .from(transactions)
    .leftJoin(keywords, eq(keywords.keywordId, transactions.keywordId))
    .where(eq(transactions.accountId, accounts.accountId))
    .orderBy(desc(transactions.transactionDate), desc(transactions.transactionId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({
      accountClientId: accounts.clientId,
      count: sql<number>`coalesce(${accountTransactionCounts.transactionCount}, 0)`,
      row: {
        transactionId: page.transactionId,
        clientId: page.clientId,
        accountId: page.accountId,
        transactionDate: page.transactionDate,
        transactionDescription: page.transactionDescription,
        amount: page.amount,
        keyword: page.keyword,
        keywordId: page.keywordId,
      },
    })
    .from(accounts)
    .leftJoin(accountTransactionCounts, eq(accountTransactionCounts.accountId, accounts.accountId))
    .leftJoinLateral(page, sql`true`)
    .where(eq(accounts.accountId, sql.placeholder('accountId')))
    .prepare(statementName(db, 'transactions_account_default_page'));
}

/** The page: walks transactions_account_date_idx for the default order, keywords joined per row. */
export function selectTransactionPage(db: DbOrTx, page: CompiledListQuery) {
  return db
    .select(transactionFields)
    .from(transactions)
    .leftJoin(keywords, eq(keywords.keywordId, transactions.keywordId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

export async function selectTransactionById(db: DbOrTx, transactionId: number) {
  const [row] = await db
    .select(transactionFields)
    .from(transactions)
    .leftJoin(keywords, eq(keywords.keywordId, transactions.keywordId))
    .where(eq(transactions.transactionId, transactionId));
  return row ?? null;
}

export function selectTransactionsForUpdate(db: DbOrTx, transactionIds: readonly number[]) {
  return db
    .select()
    .from(transactions)
    .where(inArray(transactions.transactionId, [...transactionIds]))
    .orderBy(asc(transactions.transactionId))
    .for('update');
}

export async function updateTransaction(
  db: DbOrTx,
  transactionId: number,
  values: Partial<typeof transactions.$inferInsert>,
) {
  const [row] = await db
    .update(transactions)
    .set(values)
    .where(eq(transactions.transactionId, transactionId))
    .returning();
  return row!;
}

export async function deleteTransactionsByIds(db: DbOrTx, transactionIds: readonly number[]) {
  await db.delete(transactions).where(inArray(transactions.transactionId, [...transactionIds]));
}

export async function keywordExists(db: DbOrTx, keywordId: number): Promise<boolean> {
  const [row] = await db
    .select({ keywordId: keywords.keywordId })
    .from(keywords)
    .where(eq(keywords.keywordId, keywordId));
  return row !== undefined;
}

export function selectKeywordOptions(db: DbOrTx) {
  return db
    .select({ label: keywords.keywordName, value: keywords.keywordId })
    .from(keywords)
    .orderBy(asc(sql`lower(${keywords.keywordName})`), asc(keywords.keywordId));
}

export function whereAccount(accountId: number) {
  return eq(transactions.accountId, accountId);
}
