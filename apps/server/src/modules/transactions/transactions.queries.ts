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

/**
 * transactionFields with each column named in the statement as its field: rows read with a prepared
 * statement's .all() then come from the driver as the page's rows, and Drizzle's mapping (its per-field
 * entity checks took 13% of the server's CPU on a 50-row page) is skipped.
 */
const namedTransactionFields = Object.fromEntries(
  Object.entries(transactionFields).map(([field, column]) => [field, sql`${column}`.as(field)]),
) as { [F in keyof typeof transactionFields]: SQL.Aliased<TransactionPageRow[F]> };

/** A page's row: what selectTransactionPage's rows hold. */
export type TransactionPageRow = Awaited<ReturnType<typeof selectTransactionPage>>[number];

/** An opening page's row as the driver gives it (.all()): the page's fields and its account's. */
export type OpeningPageRow = TransactionPageRow & { accountClientId: number; accountCount: number };

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
 * tie-break), in one round trip prepared once per database: the page down transactions_account_date_idx,
 * each row carrying the account's client (visibility is decided on it) and counter, read once by
 * PostgreSQL as init plans. A page with no rows says nothing of the account: the caller reads it then.
 * Its rows are read unmapped (.all(), as OpeningPageRow). It must order as compileListQuery orders
 * transactionList's default, and give the same rows (its test compares the two).
 */
function selectDefaultPageWithAccount(db: Db) {
  const accountId = sql.placeholder('accountId');
  return db
    .select({
      ...namedTransactionFields,
      accountClientId:
        sql<number>`(select ${accounts.clientId} from ${accounts} where ${accounts.accountId} = ${accountId})`.as(
          'accountClientId',
        ),
      accountCount:
        sql<number>`coalesce((select ${accountTransactionCounts.transactionCount} from ${accountTransactionCounts} where ${accountTransactionCounts.accountId} = ${accountId}), 0)`.as(
          'accountCount',
        ),
    })
    .from(transactions)
    .leftJoin(keywords, eq(keywords.keywordId, transactions.keywordId))
    .where(eq(transactions.accountId, accountId))
    .orderBy(desc(transactions.transactionDate), desc(transactions.transactionId));
}

/** Any page in the default order, its window as parameters. */
export function prepareDefaultPageWithAccount(db: Db) {
  return selectDefaultPageWithAccount(db)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(statementName(db, 'transactions_default_page'));
}

/**
 * The first page of `pageSize` rows in the default order, the size written into the statement (one per
 * size the tab offers). With a parameter there, PostgreSQL planned the statement again on every call
 * (0.25-0.35 ms, three times its run): the generic plan's estimate assumes a tenth of the account's
 * rows, so it never looked cheaper than a plan made for the value. Written in, the two plans cost the
 * same and the generic one is kept.
 */
export function prepareFirstPageWithAccount(db: Db, pageSize: number) {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`page size ${pageSize}`);
  // Drizzle's limit() takes a number or a placeholder, both sent as a parameter; SQL it writes as is.
  const writtenLimit = sql.raw(String(pageSize)) as unknown as number;
  return selectDefaultPageWithAccount(db)
    .limit(writtenLimit)
    .prepare(statementName(db, `transactions_first_page_${pageSize}`));
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
