import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';

/**
 * The client's open accounts (not closed, not awaiting bulk-upload setup) with the last day of each
 * one's daily balance table, by account name.
 */
export async function selectClientAccountBalances(db: DbOrTx, clientId: number) {
  const { rows } = await db.execute(sql`
    select a.account_id as "accountId", a.account_name as "accountName",
      a.account_number as "accountNumber", b.bank_name as "bankName",
      last_day.balance as "balance", last_day.balance_date::text as "balanceDate"
    from accounts a
    left join banks b on b.bank_id = a.bank_id
    left join lateral (
      select d.balance, d.balance_date from daily_balances d
      where d.account_id = a.account_id order by d.balance_date desc limit 1
    ) last_day on true
    where a.client_id = ${clientId} and not a.account_closed and not a.is_staging
    order by lower(a.account_name), a.account_id`);
  return rows as {
    accountId: number;
    accountName: string;
    accountNumber: string;
    bankName: string | null;
    balance: string | null;
    balanceDate: string | null;
  }[];
}
