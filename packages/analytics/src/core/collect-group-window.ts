import type { ParsedAccount } from './account-history';
import { computeDailySeries, findFirstDay, sumDailySeries, type DailySeries } from './daily-series';
import { foldToBusinessDays, type BusinessDayFlows, type DayFlow } from '../calendar/fold-to-business-days';

export interface GroupWindow {
  /** Net flows of the group dated in (fromDay, toDay], folded onto business days. */
  readonly businessFlows: BusinessDayFlows;
  /** Group end-of-day balance per calendar day over [fromDay, toDay]. */
  readonly daily: DailySeries;
  /** Balance at the end of toDay (B0). */
  readonly endBalance: number;
  /** Lowest end-of-day balance in the window. */
  readonly minimumBalance: number;
  /** Earliest day any member account has data (first transaction or anchor). */
  readonly firstDataDay: number;
  readonly transactionCount: number;
}

/**
 * Monte Carlo section of analytics.md, step 1: the group's daily net flows over the history window,
 * business days only, with the balances they explain (B0 and the window's minimum).
 */
export function collectGroupWindow(
  accounts: readonly ParsedAccount[],
  fromDay: number,
  toDay: number,
): GroupWindow {
  const dayFlows: DayFlow[] = [];
  for (const account of accounts) {
    for (let index = 0; index < account.transactionDays.length; index += 1) {
      const day = account.transactionDays[index] as number;
      if (day > fromDay && day <= toDay)
        dayFlows.push({ day, amount: account.transactionAmounts[index] as number });
    }
  }
  const daily = sumDailySeries(
    accounts.map((account) => computeDailySeries(account, fromDay, toDay)),
    fromDay,
    toDay,
  );
  let minimumBalance = Infinity;
  for (const balance of daily.balances) minimumBalance = Math.min(minimumBalance, balance);
  return {
    businessFlows: foldToBusinessDays(dayFlows, fromDay + 1, toDay),
    daily,
    endBalance: daily.balances[daily.balances.length - 1] ?? 0,
    minimumBalance,
    firstDataDay: Math.min(...accounts.map(findFirstDay)),
    transactionCount: dayFlows.length,
  };
}
