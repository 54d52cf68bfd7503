import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { dailyBalances } from '../../db/schema';

// Reads of one account's balance tables, interest transactions and investments for its profile.

export function selectDailyBalances(db: DbOrTx, accountId: number) {
  return db
    .select({ date: dailyBalances.balanceDate, balance: dailyBalances.balance })
    .from(dailyBalances)
    .where(eq(dailyBalances.accountId, accountId))
    .orderBy(asc(dailyBalances.balanceDate));
}

/** When the account's tables were computed, and whether its transactions changed since. */
export async function selectTablesState(
  db: DbOrTx,
  accountId: number,
): Promise<{ computedAt: Date | null; isStale: boolean }> {
  const { rows } = await db.execute(sql`
    select t.computed_at as "computedAt", exists (
      select 1 from transaction_changes c where c.account_id = ${accountId} and c.changed_at > t.computed_at
    ) as "isStale"
    from (select min(computed_at) as computed_at from daily_balances where account_id = ${accountId}) t`);
  const row = rows[0] as { computedAt: string | Date | null; isStale: boolean | null };
  return {
    computedAt: row.computedAt === null ? null : new Date(row.computedAt),
    isStale: row.computedAt !== null && Boolean(row.isStale),
  };
}

/** Last day of the table and its balance, and the 12 months of the monthly table ending with it. */
export async function selectBalanceFigures(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute(sql`
    with last_day as (
      select balance_date, balance from daily_balances where account_id = ${accountId}
      order by balance_date desc limit 1
    ), year as (
      select m.* from monthly_balances m, last_day l
      where m.account_id = ${accountId}
        and m.month > date_trunc('month', l.balance_date) - interval '12 months'
    )
    select l.balance_date::text as "asOf", l.balance as "current",
      (select sum(average_daily_balance * day_count) / nullif(sum(day_count), 0) from year) as "average",
      (select min(minimum_balance) from year) as "minimum",
      (select max(maximum_balance) from year) as "maximum"
    from last_day l`);
  return rows[0] as
    | {
        asOf: string;
        current: string;
        average: string | null;
        minimum: string | null;
        maximum: string | null;
      }
    | undefined;
}

/** Interest credited (keyword category Interest) and the average daily balance over [from, to]. */
export async function selectPeriodInterest(db: DbOrTx, accountId: number, from: string, to: string) {
  const { rows } = await db.execute(sql`
    select
      (select coalesce(sum(t.amount), 0) from transactions t
        join keywords k on k.keyword_id = t.keyword_id
        join keyword_categories c on c.category_id = k.keyword_category_id
        where t.account_id = ${accountId} and lower(c.category_name) = 'interest'
          and t.transaction_date between ${from}::date and ${to}::date) as "interest",
      (select avg(balance) from daily_balances
        where account_id = ${accountId} and balance_date between ${from}::date and ${to}::date) as "average"`);
  return rows[0] as { interest: string; average: string | null };
}

/** The account's investments not yet matured on `asOf`, with their settlement amounts. */
export async function selectOpenInvestments(db: DbOrTx, accountId: number, asOf: string) {
  const { rows } = await db.execute(sql`
    select maturity_date::text as "maturityDate", settlement_amount as "amount" from investments
    where account_id = ${accountId} and maturity_date > ${asOf}::date`);
  return rows as { maturityDate: string; amount: string }[];
}
