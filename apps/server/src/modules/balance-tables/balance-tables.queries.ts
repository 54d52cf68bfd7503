import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-database';
import {
  accountGroupAccounts,
  accountGroupDailyBalances,
  accountGroupMonthlyBalances,
  accounts,
  dailyBalances,
  monthlyBalances,
  transactions,
} from '../../db/schema';
import { hasRunInFlight } from '../analysis/analysis-cycle.service';

// Reads of the books for the balance-tables job and the replacement of its derived rows.

/** Rows per insert statement: 12 columns a monthly row keeps it far below PostgreSQL's 65,535 parameters. */
const CHUNK_ROWS = 2_000;
/** Rows per array insert: each column is one parameter, so only the statement's size bounds it. */
const UNNEST_ROWS = 20_000;
/** First key of the advisory locks serialising two jobs' writes of one account or group. */
const ACCOUNT_LOCK = 0x62616c61;
const GROUP_LOCK = 0x62616c67;

export interface AnchorRow {
  accountId: number;
  accountBalance: string | null;
  accountBalanceDate: string | null;
}

/** The client's completed accounts (all, or those of `accountIds`) with their anchors. */
export function selectAnchors(db: DbOrTx, clientId: number, accountIds?: readonly number[]) {
  return db
    .select({
      accountId: accounts.accountId,
      accountBalance: accounts.accountBalance,
      accountBalanceDate: accounts.accountBalanceDate,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.clientId, clientId),
        eq(accounts.isStaging, false),
        accountIds ? inArray(accounts.accountId, [...accountIds]) : undefined,
      ),
    )
    .orderBy(asc(accounts.accountId));
}

/** Several accounts' transactions in one read, by account, in the order the model reads them. */
export async function selectTransactionsOf(
  db: DbOrTx,
  accountIds: readonly number[],
): Promise<Map<number, { date: string; amount: string }[]>> {
  const byAccount = new Map<number, { date: string; amount: string }[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .select({
      accountId: transactions.accountId,
      date: transactions.transactionDate,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(inArray(transactions.accountId, [...accountIds]))
    .orderBy(asc(transactions.accountId), asc(transactions.transactionDate), asc(transactions.amount));
  for (const row of rows) byAccount.get(row.accountId)!.push({ date: row.date, amount: row.amount });
  return byAccount;
}

/** The client's last day with data: its latest transaction date or anchor date, whichever is later. */
export async function selectDataUntil(db: DbOrTx, clientId: number): Promise<string | null> {
  const { rows } = await db.execute(sql`select greatest(
      (select max(t.transaction_date) from transactions t join accounts a on a.account_id = t.account_id
        where t.client_id = ${clientId} and not a.is_staging),
      (select max(a.account_balance_date) from accounts a
        where a.client_id = ${clientId} and not a.is_staging))::text as "dataUntil"`);
  return (rows[0] as { dataUntil: string | null } | undefined)?.dataUntil ?? null;
}

/** The groups holding any of the accounts, each with all its member account ids. */
export async function selectGroupsOf(
  db: DbOrTx,
  clientId: number,
  accountIds: readonly number[],
): Promise<{ groupId: number; accountIds: number[] }[]> {
  if (accountIds.length === 0) return [];
  const touched = db
    .select({ groupId: accountGroupAccounts.groupId })
    .from(accountGroupAccounts)
    .where(
      and(
        eq(accountGroupAccounts.clientId, clientId),
        inArray(accountGroupAccounts.accountId, [...accountIds]),
      ),
    );
  const rows = await db
    .select({ groupId: accountGroupAccounts.groupId, accountId: accountGroupAccounts.accountId })
    .from(accountGroupAccounts)
    .where(inArray(accountGroupAccounts.groupId, touched))
    .orderBy(asc(accountGroupAccounts.groupId), asc(accountGroupAccounts.accountId));
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const members = groups.get(row.groupId) ?? [];
    members.push(row.accountId);
    groups.set(row.groupId, members);
  }
  return [...groups].map(([groupId, members]) => ({ groupId, accountIds: members }));
}

/** Waits for another job writing the same account (or group) to commit, until this transaction ends. */
export async function lockTables(tx: Tx, kind: 'account' | 'group', id: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${kind === 'account' ? ACCOUNT_LOCK : GROUP_LOCK}, ${id})`,
  );
}

async function insertChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await insert(rows.slice(start, start + CHUNK_ROWS));
  }
}

export type DailyInsert = typeof dailyBalances.$inferInsert;
export type MonthlyInsert = typeof monthlyBalances.$inferInsert;
export type GroupDailyInsert = typeof accountGroupDailyBalances.$inferInsert;
export type GroupMonthlyInsert = typeof accountGroupMonthlyBalances.$inferInsert;

/**
 * Accounts' rows, replaced whole (a retry writes the same rows again): one delete per table and the
 * rows passed as arrays (unnest), a handful of parameters however many rows.
 */
export async function replaceAccountRows(
  tx: Tx,
  accountIds: readonly number[],
  daily: readonly DailyInsert[],
  monthly: readonly MonthlyInsert[],
): Promise<void> {
  if (accountIds.length === 0) return;
  await tx.delete(dailyBalances).where(inArray(dailyBalances.accountId, [...accountIds]));
  await tx.delete(monthlyBalances).where(inArray(monthlyBalances.accountId, [...accountIds]));
  for (let start = 0; start < daily.length; start += UNNEST_ROWS) {
    const chunk = daily.slice(start, start + UNNEST_ROWS);
    const column = <K extends keyof DailyInsert>(key: K) => sql.param(chunk.map((r) => r[key]));
    await tx.execute(sql`insert into daily_balances
        (account_id, client_id, balance_date, balance, credits, debits, transaction_count, computed_at)
      select * from unnest(${column('accountId')}::int[], ${column('clientId')}::int[],
        ${column('balanceDate')}::date[], ${column('balance')}::numeric[], ${column('credits')}::numeric[],
        ${column('debits')}::numeric[], ${column('transactionCount')}::int[], ${column('computedAt')}::timestamptz[])`);
  }
  for (let start = 0; start < monthly.length; start += UNNEST_ROWS) {
    const chunk = monthly.slice(start, start + UNNEST_ROWS);
    const column = <K extends keyof MonthlyInsert>(key: K) => sql.param(chunk.map((r) => r[key]));
    await tx.execute(sql`insert into monthly_balances
        (account_id, client_id, month, month_end_balance, average_daily_balance, minimum_balance,
         maximum_balance, total_credits, total_debits, transaction_count, day_count, computed_at)
      select * from unnest(${column('accountId')}::int[], ${column('clientId')}::int[], ${column('month')}::date[],
        ${column('monthEndBalance')}::numeric[], ${column('averageDailyBalance')}::numeric[],
        ${column('minimumBalance')}::numeric[], ${column('maximumBalance')}::numeric[],
        ${column('totalCredits')}::numeric[], ${column('totalDebits')}::numeric[],
        ${column('transactionCount')}::int[], ${column('dayCount')}::smallint[], ${column('computedAt')}::timestamptz[])`);
  }
}

/** A group's rows, replaced whole. */
export async function replaceGroupRows(
  tx: Tx,
  groupId: number,
  daily: readonly GroupDailyInsert[],
  monthly: readonly GroupMonthlyInsert[],
): Promise<void> {
  await tx.delete(accountGroupDailyBalances).where(eq(accountGroupDailyBalances.accountGroupId, groupId));
  await tx.delete(accountGroupMonthlyBalances).where(eq(accountGroupMonthlyBalances.accountGroupId, groupId));
  await insertChunks(daily, (chunk) => tx.insert(accountGroupDailyBalances).values(chunk));
  await insertChunks(monthly, (chunk) => tx.insert(accountGroupMonthlyBalances).values(chunk));
}

/** Whether a job of `queue` for the client has not ended: the client's or a promotion's accounts'. */
export const hasJobInFlight = (db: DbOrTx, queue: string, clientId: number) =>
  hasRunInFlight(db, queue, clientId);
