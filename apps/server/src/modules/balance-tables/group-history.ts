import { asc, eq, sql } from 'drizzle-orm';
import type { AccountHistory, Transaction } from '@tideline/analytics';
import type { Db, DbOrTx } from '../../db/open-database';
import { accountGroupDailyBalances } from '../../db/schema';
import { computeBalanceTables } from './balance-tables.job';

// Issue 18 point 1: the analyses read the balance tables, not the transactions. A group's daily table
// is handed to the models as one account whose anchor is the last day's balance and whose
// transactions are each day's credits and debits: the same daily net flows, balances and busy days
// as the member accounts together, in some 1,100 rows for three years instead of every transaction.

/**
 * The member accounts whose tables are missing or older than a change in the books
 * (transaction_changes), or all members when the group's own table predates its membership.
 */
async function selectStaleMembers(db: DbOrTx, groupId: number): Promise<number[]> {
  const { rows } = await db.execute(sql`
    with members as (
      select m.account_id from account_group_accounts m
      join accounts a on a.account_id = m.account_id and not a.is_staging
      where m.group_id = ${groupId}
    ), computed as (
      select m.account_id, (select min(d.computed_at) from daily_balances d where d.account_id = m.account_id) as at
      from members m
    ), group_computed as (
      select min(computed_at) as at from account_group_daily_balances where account_group_id = ${groupId}
    )
    select c.account_id as "accountId" from computed c, group_computed g
    where c.at is null or g.at is null
      or g.at < (select updated_at from account_groups where group_id = ${groupId})
      or exists (select 1 from transaction_changes t where t.account_id = c.account_id and t.changed_at > c.at)
    order by c.account_id`);
  return (rows as { accountId: number }[]).map((r) => r.accountId);
}

/**
 * Rebuilds the tables of the group's stale members (and so of every group holding them) before an
 * analysis reads them. Answers the number of accounts rebuilt.
 */
export async function refreshGroupTables(
  db: Db,
  who: { clientId: number; userId: number },
  groupId: number,
): Promise<number> {
  const stale = await selectStaleMembers(db, groupId);
  if (stale.length === 0) return 0;
  await computeBalanceTables({
    db,
    data: { ...who, accountIds: stale },
    setProgress: async () => undefined,
  });
  return stale.length;
}

/** The group's daily table as one account history; null when the group has no table. */
export async function loadGroupHistory(db: DbOrTx, groupId: number): Promise<AccountHistory | null> {
  const rows = await db
    .select({
      date: accountGroupDailyBalances.balanceDate,
      balance: accountGroupDailyBalances.balance,
      credits: accountGroupDailyBalances.credits,
      debits: accountGroupDailyBalances.debits,
      count: accountGroupDailyBalances.transactionCount,
    })
    .from(accountGroupDailyBalances)
    .where(eq(accountGroupDailyBalances.accountGroupId, groupId))
    .orderBy(asc(accountGroupDailyBalances.balanceDate));
  const last = rows.at(-1);
  if (!last) return null;
  const transactions: Transaction[] = [];
  for (const row of rows) {
    if (row.count === 0) continue;
    const credits = Number(row.credits);
    const debits = Number(row.debits);
    if (credits !== 0) transactions.push({ date: row.date, amount: credits });
    if (debits !== 0) transactions.push({ date: row.date, amount: debits });
    // A day whose transactions sum to nothing either way is still a day with transactions (the
    // short-term model's gap check counts busy days).
    if (credits === 0 && debits === 0) transactions.push({ date: row.date, amount: 0 });
  }
  return {
    accountId: `group-${groupId}`,
    anchorBalance: Number(last.balance),
    anchorDate: last.date,
    transactions,
  };
}
