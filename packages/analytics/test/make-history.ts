import type { AccountHistory, Transaction } from '../src/core/account-history';
import { isBusinessDay } from '../src/calendar/business-calendar';
import { formatIsoDate, parseIsoDate } from '../src/core/iso-date';

export function toDay(iso: string): number {
  const day = parseIsoDate(iso);
  if (day === undefined) throw new Error(`bad fixture date ${iso}`);
  return day;
}

/**
 * A synthetic account with one transaction per business day in [from, to] (amountOn may skip a day by
 * returning 0) and its anchor balance on `to`.
 */
export function makeBusinessDayAccount(options: {
  accountId?: string;
  from: string;
  to: string;
  endBalance: number;
  amountOn: (day: number, index: number) => number;
}): AccountHistory {
  const transactions: Transaction[] = [];
  let index = 0;
  for (let day = toDay(options.from); day <= toDay(options.to); day += 1) {
    if (!isBusinessDay(day)) continue;
    const amount = options.amountOn(day, index);
    index += 1;
    if (amount !== 0) transactions.push({ date: formatIsoDate(day), amount });
  }
  return {
    accountId: options.accountId ?? 'acct-1',
    anchorBalance: options.endBalance,
    anchorDate: options.to,
    transactions,
  };
}
