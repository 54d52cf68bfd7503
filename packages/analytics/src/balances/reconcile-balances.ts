import type { ParsedAccount } from '../core/account-history';
import { computeBalanceOn } from '../core/daily-series';
import { formatIsoDate, type IsoDate } from '../core/iso-date';
import { roundCents } from '../core/money';

export interface ReconciliationRow {
  readonly date: IsoDate;
  readonly computedBalance: number;
  readonly observedBalance: number;
  /** observed - computed; a non-zero value means transactions are missing or the anchor is wrong. */
  readonly difference: number;
  readonly isMatched: boolean;
}

/**
 * Balance tables section of analytics.md: observed closing balances from treasury statements are kept
 * beside the computed ones, and the difference is reported (never silently overwritten).
 */
export function reconcileBalances(account: ParsedAccount): ReconciliationRow[] {
  const rows: ReconciliationRow[] = [];
  for (let index = 0; index < account.observedDays.length; index += 1) {
    const day = account.observedDays[index] as number;
    const computed = roundCents(computeBalanceOn(account, day));
    const observed = roundCents(account.observedBalances[index] as number);
    const difference = roundCents(observed - computed);
    rows.push({
      date: formatIsoDate(day),
      computedBalance: computed,
      observedBalance: observed,
      difference,
      isMatched: difference === 0,
    });
  }
  return rows;
}
