import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import type { Transaction } from '@tideline/contracts/transactions/transactions.schemas';
import { fetchAccountTransactions } from './transactions.api';

// There is no balance-history endpoint yet (the daily balance tables come with the analysis), so the
// Account Balance chart derives daily closing balances from the start balance and the transactions
// since its date, as long as that stays a few requests.

export const BALANCE_PAGE_SIZE = 500;
/** Beyond this many transactions since the balance date the chart waits for the balance tables. */
export const BALANCE_HISTORY_LIMIT = 2_000;

export type BalancePoint = [day: string, balance: number];

export interface BalanceSeries {
  points: BalancePoint[];
  /** True when the account has too many transactions to derive the series in the browser. */
  isTooLarge: boolean;
}

/**
 * The closing balance of each day with transactions, the start balance being the opening balance of
 * its date; amounts are summed in cents so the series does not drift.
 */
export function buildDailyBalances(
  startBalance: number,
  startDate: string,
  transactions: readonly Pick<Transaction, 'transactionDate' | 'amount'>[],
): BalancePoint[] {
  const byDay = new Map<string, number>();
  for (const t of transactions) {
    if (t.transactionDate < startDate) continue;
    byDay.set(t.transactionDate, (byDay.get(t.transactionDate) ?? 0) + Math.round(t.amount * 100));
  }
  const days = [...byDay.keys()].sort();
  let cents = Math.round(startBalance * 100);
  const points: BalancePoint[] = days[0] === startDate ? [] : [[startDate, cents / 100]];
  for (const day of days) {
    cents += byDay.get(day)!;
    points.push([day, cents / 100]);
  }
  return points;
}

export async function fetchBalanceSeries(account: Account): Promise<BalanceSeries> {
  const { accountBalance, accountBalanceDate } = account;
  if (accountBalance === null || !accountBalanceDate) return { points: [], isTooLarge: false };
  const request = (pageIndex: number) =>
    fetchAccountTransactions(account.accountId, {
      pageSize: BALANCE_PAGE_SIZE,
      pageIndex,
      filters: [{ id: 'transactionDate', value: { from: accountBalanceDate, to: null } }],
      searchTerm: '',
      sortOrder: [{ id: 'transactionDate', desc: false }],
    });
  const first = await request(0);
  if (first.resultCount > BALANCE_HISTORY_LIMIT) return { points: [], isTooLarge: true };
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, i) => request(i + 1)),
  );
  const transactions = [first, ...rest].flatMap((page) => page.results);
  return { points: buildDailyBalances(accountBalance, accountBalanceDate, transactions), isTooLarge: false };
}
