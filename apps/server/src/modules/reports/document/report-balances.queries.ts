import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';

// The report's reads of the balance tables (schema/balance-tables.ts), aggregated in SQL over the
// period: a 40-account client with three years of tables sends the renderer a few hundred rows.
// "Start" is the balance at the start of the period: the end of the last day before it (the first
// day of the period when the table begins inside it).

export interface PeriodFigures {
  startBalance: string | null;
  endBalance: string | null;
  averageBalance: string | null;
  minimumBalance: string | null;
  days: number;
}

/** A group's start, end, average and minimum balance over the period (its daily table). */
export async function selectGroupPeriodFigures(
  db: DbOrTx,
  groupId: number,
  from: string,
  to: string,
): Promise<PeriodFigures> {
  const { rows } = await db.execute(sql`
    select
      coalesce(
        (select balance from account_group_daily_balances
          where account_group_id = ${groupId} and balance_date < ${from}::date
          order by balance_date desc limit 1),
        (select balance from account_group_daily_balances
          where account_group_id = ${groupId} and balance_date >= ${from}::date
          order by balance_date limit 1)) as "startBalance",
      (select balance from account_group_daily_balances
        where account_group_id = ${groupId} and balance_date <= ${to}::date
        order by balance_date desc limit 1) as "endBalance",
      avg(d.balance) as "averageBalance",
      min(d.balance) as "minimumBalance",
      count(d.balance_date)::int as "days"
    from account_group_daily_balances d
    where d.account_group_id = ${groupId} and d.balance_date between ${from}::date and ${to}::date`);
  return rows[0] as unknown as PeriodFigures;
}

export interface AccountPeriodRow {
  accountId: number;
  accountName: string;
  bankName: string | null;
  /** What the account is for (ACCOUNT_CATEGORIES) and its statements' type: "Accounts to close" reads them. */
  accountCategory: string | null;
  accountType: string | null;
  startBalance: string | null;
  endBalance: string | null;
  averageBalance: string | null;
  minimumBalance: string | null;
  transactionCount: number;
  days: number;
}

/** Each completed member account of the group over the period, from its daily table, by name. */
export async function selectAccountPeriodRows(
  db: DbOrTx,
  groupId: number,
  from: string,
  to: string,
): Promise<AccountPeriodRow[]> {
  const { rows } = await db.execute(sql`
    select a.account_id as "accountId", a.account_name as "accountName", b.bank_name as "bankName",
      a.account_category as "accountCategory", a.account_type as "accountType",
      coalesce(
        (select d.balance from daily_balances d
          where d.account_id = a.account_id and d.balance_date < ${from}::date
          order by d.balance_date desc limit 1),
        (select d.balance from daily_balances d
          where d.account_id = a.account_id and d.balance_date >= ${from}::date
          order by d.balance_date limit 1)) as "startBalance",
      (select d.balance from daily_balances d
        where d.account_id = a.account_id and d.balance_date <= ${to}::date
        order by d.balance_date desc limit 1) as "endBalance",
      p.average as "averageBalance", p.minimum as "minimumBalance",
      coalesce(p.transactions, 0)::int as "transactionCount", coalesce(p.days, 0)::int as "days"
    from account_group_accounts m
    join accounts a on a.account_id = m.account_id and not a.is_staging
    left join banks b on b.bank_id = a.bank_id
    left join lateral (
      select avg(d.balance) as average, min(d.balance) as minimum,
        sum(d.transaction_count) as transactions, count(*) as days
      from daily_balances d
      where d.account_id = a.account_id and d.balance_date between ${from}::date and ${to}::date
    ) p on true
    where m.group_id = ${groupId}
    order by a.account_name, a.account_id`);
  return rows as unknown as AccountPeriodRow[];
}

/**
 * The accounts' balances over the period for a chart: every day for a period of up to `dailyUpTo`
 * days, else the last day of each week (a line of 150 weeks reads the same as one of 1,000 days).
 */
export async function selectAccountSeries(
  db: DbOrTx,
  accountIds: readonly number[],
  from: string,
  to: string,
  dailyUpTo = 190,
): Promise<{ accountId: number; date: string; balance: string }[]> {
  if (accountIds.length === 0) return [];
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const bucket = days <= dailyUpTo ? sql`d.balance_date` : sql`date_trunc('week', d.balance_date)::date`;
  const { rows } = await db.execute(sql`
    select distinct on (d.account_id, ${bucket})
      d.account_id as "accountId", d.balance_date::text as "date", d.balance::text as "balance"
    from daily_balances d
    where d.account_id = any(${sql.param([...accountIds])}::int[])
      and d.balance_date between ${from}::date and ${to}::date
    order by d.account_id, ${bucket}, d.balance_date desc`);
  return rows as { accountId: number; date: string; balance: string }[];
}

export interface GroupMonthRow {
  month: string;
  monthEndBalance: string;
  averageDailyBalance: string;
  minimumBalance: string;
  maximumBalance: string;
  totalCredits: string;
  totalDebits: string;
  transactionCount: number;
  dayCount: number;
}

/** The group's monthly table for the months the period touches. */
export async function selectGroupMonths(
  db: DbOrTx,
  groupId: number,
  from: string,
  to: string,
): Promise<GroupMonthRow[]> {
  const { rows } = await db.execute(sql`
    select month::text as "month", month_end_balance as "monthEndBalance",
      average_daily_balance as "averageDailyBalance", minimum_balance as "minimumBalance",
      maximum_balance as "maximumBalance", total_credits as "totalCredits", total_debits as "totalDebits",
      transaction_count as "transactionCount", day_count as "dayCount"
    from account_group_monthly_balances
    where account_group_id = ${groupId}
      and month between date_trunc('month', ${from}::date)::date and ${to}::date
    order by month`);
  return rows as unknown as GroupMonthRow[];
}
