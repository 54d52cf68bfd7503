import { addMonths } from '@tideline/analytics/core/iso-date';
import { interestStream, rebalancingStream, capitalStream, trustStream } from './balance-streams';
import { accountNumberOf, DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { createDemoWindow, formatIsoDate, previousBusinessDayOnOrBefore } from './demo-calendar';
import { matchKeyword } from './demo-keywords';
import { DEMO_BANKS } from './demo-banks';
import { DEMO_CLIENTS, type DemoClient } from './demo-clients';
import { createDemoRandom, hashText } from './demo-random';
import {
  depositNoiseStream,
  federalGrantStream,
  propertyTaxStream,
  serviceRevenueStream,
  stateAidStream,
} from './revenue-streams';
import { bankFeeStream, debtServiceStream, payrollStream, vendorStream } from './spending-streams';
import type { ClientBook, DayStream, StreamContext } from './stream-context';

export interface DemoTransaction {
  accountKey: string;
  /** YYYY-MM-DD, always a business day. */
  date: string;
  description: string;
  /** Signed whole cents: credits positive. */
  amountCents: number;
  keyword: string | null;
}

export interface PlannedAccount {
  account: DemoAccount;
  accountNumber: string;
  /** The opening balance (cents) of balanceDate, before its flows: enough never to overdraw. */
  startBalanceCents: number;
  /**
   * The stored accountBalance: the end-of-day balance of balanceDate (the opening balance plus that
   * day's flows), which is what the models read an account's anchor as (analytics.md).
   */
  anchorBalanceCents: number;
  balanceDate: string;
  closedDate: string | null;
}

export interface DemoPlan {
  firstDate: string;
  lastDate: string;
  accounts: PlannedAccount[];
  /** By account (in DEMO_ACCOUNTS order), then by date. */
  transactions: DemoTransaction[];
}

/** The account number seed-demo gives a demo account: its bank's prefix and a hash of its key. */
export function demoAccountNumberOf(account: DemoAccount): string {
  return accountNumberOf(account, DEMO_BANKS.find((b) => b.key === account.bankKey)!.numberPrefix);
}

function bookOf(client: DemoClient, accounts: readonly DemoAccount[]): ClientBook {
  const byRole = (role: DemoAccount['role']) => accounts.find((a) => a.role === role);
  return {
    economy: client.economy,
    operating: byRole('operating')!,
    payroll: byRole('payroll'),
    disbursement: byRole('disbursement'),
    debt: byRole('debt'),
    deposit: byRole('deposit'),
    all: accounts,
  };
}

/**
 * Three years of business-day transactions for the demo accounts, ending on `endDate` (inclusive).
 * Pure and deterministic: the same seed and end date give the same plan.
 */
export function planDemoTransactions(endDate: string, seed: number, years = 3): DemoPlan {
  const window = createDemoWindow(endDate, years);
  const numbers = new Map(DEMO_ACCOUNTS.map((a) => [a.key, demoAccountNumberOf(a)]));
  const openDay = (a: DemoAccount) => addMonths(window.firstDay, a.opensAfterMonths ?? 0);
  const closeDay = (a: DemoAccount) =>
    a.closedMonthsBeforeEnd === undefined
      ? null
      : previousBusinessDayOnOrBefore(addMonths(window.lastDay, -a.closedMonthsBeforeEnd));
  const postings = new Map<string, { day: number; cents: number; description: string }[]>(
    DEMO_ACCOUNTS.map((a) => [a.key, []]),
  );
  const active = new Map(
    DEMO_ACCOUNTS.map((a) => [a.key, { from: openDay(a), to: closeDay(a) ?? window.lastDay }]),
  );
  const ctx: StreamContext = {
    window,
    ledger: {
      post(accountKey, day, cents, description) {
        const range = active.get(accountKey)!;
        if (cents === 0 || day < range.from || day > range.to) return;
        postings.get(accountKey)!.push({ day, cents, description });
      },
    },
    random: (account, stream) => createDemoRandom(seed, hashText(`${account.key}:${stream}`)),
    growth: (day) => 1.03 ** ((day - window.firstDay) / 365),
    masked: (account) => `XXXX${numbers.get(account.key)!.slice(-4)}`,
  };

  const streams: DayStream[] = [];
  for (const client of DEMO_CLIENTS) {
    const accounts = DEMO_ACCOUNTS.filter((a) => a.clientKey === client.key);
    const book = bookOf(client, accounts);
    for (const make of [
      propertyTaxStream,
      stateAidStream,
      federalGrantStream,
      serviceRevenueStream,
      depositNoiseStream,
      payrollStream,
      vendorStream,
      debtServiceStream,
      bankFeeStream,
    ])
      streams.push(...make(ctx, book));
    for (const account of accounts) {
      streams.push(
        ...interestStream(ctx, account),
        ...rebalancingStream(ctx, account),
        ...capitalStream(ctx, account, openDay(account)),
        ...trustStream(ctx, account),
      );
    }
  }
  for (const day of window.businessDays) for (const stream of streams) stream(day);

  const accounts: PlannedAccount[] = [];
  const transactions: DemoTransaction[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const rows = postings.get(account.key)!;
    const startBalanceCents = startBalanceOf(account, rows);
    const closed = closeDay(account);
    if (closed !== null) {
      // The account is emptied into operating on the day it closes.
      const balance = startBalanceCents + rows.reduce((s, r) => s + r.cents, 0);
      if (balance !== 0)
        rows.push({ day: closed, cents: -balance, description: 'CLOSING TRANSFER TO DDA ACCOUNT CLOSED' });
    }
    const firstDay = active.get(account.key)!.from;
    accounts.push({
      account,
      accountNumber: numbers.get(account.key)!,
      startBalanceCents,
      anchorBalanceCents:
        startBalanceCents + rows.filter((r) => r.day === firstDay).reduce((s, r) => s + r.cents, 0),
      balanceDate: formatIsoDate(firstDay),
      closedDate: closed === null ? null : formatIsoDate(closed),
    });
    for (const r of rows)
      transactions.push({
        accountKey: account.key,
        date: formatIsoDate(r.day),
        description: r.description,
        amountCents: r.cents,
        keyword: matchKeyword(r.description),
      });
  }
  return {
    firstDate: formatIsoDate(window.firstDay),
    lastDate: formatIsoDate(window.lastDay),
    accounts,
    transactions,
  };
}

/** The usual balance, raised (to whole thousands) when the flows would otherwise overdraw the account. */
function startBalanceOf(account: DemoAccount, rows: readonly { day: number; cents: number }[]): number {
  let running = 0;
  let lowest = 0;
  for (let i = 0; i < rows.length; i += 1) {
    running += rows[i]!.cents;
    // End-of-day balances: a day's funding and payments land together.
    if (rows[i + 1]?.day !== rows[i]!.day) lowest = Math.min(lowest, running);
  }
  const typical = account.typicalDollars * 100;
  const needed = -lowest + Math.round(typical * 0.1);
  return Math.max(typical, Math.ceil(needed / 100_000) * 100_000);
}
