import type { DemoAccount } from './demo-accounts';
import type { DemoWindow } from './demo-calendar';
import type { ClientEconomy } from './demo-clients';
import type { DemoRandom } from './demo-random';

/** Where the streams post: signed whole cents (credits positive) on a business day. */
export interface Ledger {
  post(accountKey: string, day: number, cents: number, description: string): void;
}

export interface StreamContext {
  window: DemoWindow;
  ledger: Ledger;
  /** A random stream of its own for each (account, stream) pair. */
  random(account: DemoAccount, stream: string): DemoRandom;
  /** Revenue and pay grow about 3% a year. */
  growth(day: number): number;
  /** 'XXXX1234': how banks print the other side of a transfer. */
  masked(account: DemoAccount): string;
}

/** A client's accounts by the role they play. */
export interface ClientBook {
  economy: ClientEconomy;
  operating: DemoAccount;
  payroll: DemoAccount | undefined;
  disbursement: DemoAccount | undefined;
  debt: DemoAccount | undefined;
  deposit: DemoAccount | undefined;
  all: readonly DemoAccount[];
}

/** Called once per business day, in date order. */
export type DayStream = (day: number) => void;

export const BUSINESS_DAYS_PER_YEAR = 251;

/** Moves money between two accounts of the client: both statements show it, each from its side. */
export function postTransfer(
  ctx: StreamContext,
  day: number,
  cents: number,
  from: DemoAccount,
  to: DemoAccount,
  purpose: string,
) {
  ctx.ledger.post(from.key, day, -cents, `BOOK TRANSFER TO DDA ${ctx.masked(to)} ${purpose}`);
  ctx.ledger.post(to.key, day, cents, `BOOK TRANSFER FROM DDA ${ctx.masked(from)} ${purpose}`);
}

/** Splits whole cents into `parts` random whole-cent pieces that add up exactly. */
export function splitCents(total: number, parts: number, random: DemoRandom): number[] {
  const weights = Array.from({ length: parts }, () => 0.3 + random.unit());
  const sum = weights.reduce((s, w) => s + w, 0);
  const pieces = weights.map((w) => Math.floor((total * w) / sum));
  pieces[0]! += total - pieces.reduce((s, p) => s + p, 0);
  return pieces;
}
