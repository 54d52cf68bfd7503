import { sql, type SQL } from 'drizzle-orm';

// 'Average Balance (12 months)' of the client card and list and the Banks table's 'Average Balance
// (average over twelve months)' (issue 18 point 1): the average daily balance over the twelve months
// of the monthly tables ending with their last month, as SQL the lists embed (one probe per row on the
// tables' primary keys). Null until the tables are calculated.

/** The client's: from its 'All Accounts' group table (every completed account of the client). */
export function clientTwelveMonthAverageSql(clientId: SQL): SQL<string | null> {
  return sql<string | null>`(select sum(m.average_daily_balance * m.day_count) / nullif(sum(m.day_count), 0)
    from account_groups g join account_group_monthly_balances m on m.account_group_id = g.group_id
    where g.client_id = ${clientId} and g.is_all_accounts
      and m.month > (select max(l.month) from account_group_monthly_balances l
        where l.account_group_id = g.group_id) - interval '12 months')`;
}

/** The client's accounts at one bank: the sum of each account's own twelve-month average. */
export function bankTwelveMonthAverageSql(clientId: SQL, bankId: SQL): SQL<string | null> {
  return sql<string | null>`(select sum(per_account.average) from (
      select sum(m.average_daily_balance * m.day_count) / nullif(sum(m.day_count), 0) as average
      from accounts a join monthly_balances m on m.account_id = a.account_id
      where a.client_id = ${clientId} and a.bank_id = ${bankId} and not a.is_staging
        and m.month > (select max(l.month) from monthly_balances l where l.account_id = a.account_id)
          - interval '12 months'
      group by a.account_id) per_account)`;
}
