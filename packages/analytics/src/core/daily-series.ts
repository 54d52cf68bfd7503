import type { ParsedAccount } from './account-history';

/**
 * Balance tables section of analytics.md, unrounded: one slot per calendar day from `firstDay`.
 * Amounts stay unrounded here and are rounded to cents when rows are produced.
 */
export interface DailySeries {
  readonly firstDay: number;
  /** End-of-day balance per calendar day. */
  readonly balances: Float64Array;
  /** Sum of positive transactions per day. */
  readonly credits: Float64Array;
  /** Sum of negative transactions per day (a negative number or 0). */
  readonly debits: Float64Array;
  readonly counts: Uint32Array;
}

/** First day with data for an account: its first transaction or its anchor, whichever is earlier. */
export function findFirstDay(account: ParsedAccount): number {
  const firstTransaction =
    account.transactionDays.length > 0 ? (account.transactionDays[0] as number) : Infinity;
  return Math.min(firstTransaction, account.anchorDay);
}

/**
 * The balance before any of the account's transactions: anchor minus every transaction on or before
 * the anchor date. End-of-day balance on day d is then opening + (transactions up to d), which equals
 * the design's two rules (anchor plus later flows; anchor minus flows after d up to the anchor).
 */
export function computeOpeningBalance(account: ParsedAccount): number {
  let opening = account.anchorBalance;
  const days = account.transactionDays;
  for (let index = 0; index < days.length && (days[index] as number) <= account.anchorDay; index += 1) {
    opening -= account.transactionAmounts[index] as number;
  }
  return opening;
}

/**
 * Daily series of one account over [fromDay, toDay]. Days before the account's first data carry its
 * opening balance (the formula extended backwards), so accounts with different histories can be summed.
 */
export function computeDailySeries(account: ParsedAccount, fromDay: number, toDay: number): DailySeries {
  const length = Math.max(0, toDay - fromDay + 1);
  const balances = new Float64Array(length);
  const credits = new Float64Array(length);
  const debits = new Float64Array(length);
  const counts = new Uint32Array(length);
  let balance = computeOpeningBalance(account);
  const days = account.transactionDays;
  const amounts = account.transactionAmounts;
  let cursor = 0;
  while (cursor < days.length && (days[cursor] as number) < fromDay) {
    balance += amounts[cursor] as number;
    cursor += 1;
  }
  for (let slot = 0; slot < length; slot += 1) {
    const day = fromDay + slot;
    while (cursor < days.length && days[cursor] === day) {
      const amount = amounts[cursor] as number;
      balance += amount;
      if (amount >= 0) credits[slot] = (credits[slot] as number) + amount;
      else debits[slot] = (debits[slot] as number) + amount;
      counts[slot] = (counts[slot] as number) + 1;
      cursor += 1;
    }
    balances[slot] = balance;
  }
  return { firstDay: fromDay, balances, credits, debits, counts };
}

/** Element-wise sum of series that share the same first day and length (a group's table). */
export function sumDailySeries(series: readonly DailySeries[], fromDay: number, toDay: number): DailySeries {
  const length = Math.max(0, toDay - fromDay + 1);
  const total = {
    firstDay: fromDay,
    balances: new Float64Array(length),
    credits: new Float64Array(length),
    debits: new Float64Array(length),
    counts: new Uint32Array(length),
  };
  for (const item of series) {
    for (let slot = 0; slot < length; slot += 1) {
      total.balances[slot] = (total.balances[slot] as number) + (item.balances[slot] ?? 0);
      total.credits[slot] = (total.credits[slot] as number) + (item.credits[slot] ?? 0);
      total.debits[slot] = (total.debits[slot] as number) + (item.debits[slot] ?? 0);
      total.counts[slot] = (total.counts[slot] as number) + (item.counts[slot] ?? 0);
    }
  }
  return total;
}

/** End-of-day balance of an account on any day (before its data: the opening balance). */
export function computeBalanceOn(account: ParsedAccount, day: number): number {
  let balance = computeOpeningBalance(account);
  const days = account.transactionDays;
  for (let index = 0; index < days.length && (days[index] as number) <= day; index += 1) {
    balance += account.transactionAmounts[index] as number;
  }
  return balance;
}
