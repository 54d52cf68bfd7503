import type { Transaction } from '../core/account-history';
import { parseIsoDate } from '../core/iso-date';

/** Interest transactions are those whose keyword category is Interest (any letter case). */
export function isInterestTransaction(transaction: Transaction): boolean {
  return transaction.keyword?.trim().toLowerCase() === 'interest';
}

/** Sum of interest transactions dated in [fromDay, toDay]. */
export function sumInterest(transactions: readonly Transaction[], fromDay: number, toDay: number): number {
  let total = 0;
  for (const transaction of transactions) {
    if (!isInterestTransaction(transaction)) continue;
    const day = parseIsoDate(transaction.date);
    if (day !== undefined && day >= fromDay && day <= toDay) total += transaction.amount;
  }
  return total;
}
