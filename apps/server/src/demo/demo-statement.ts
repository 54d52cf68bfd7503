import { hashText } from './demo-random';

/** One transaction as a statement shows it: signed whole cents, credits positive. */
export interface StatementEntry {
  /** YYYY-MM-DD */
  date: string;
  description: string;
  cents: number;
}

export interface StatementAccount {
  accountNumber: string;
  accountName: string;
  accountType: string;
  accountCategory: string;
}

/** One account's statement for one month of the open period (sourcesRequired counts these). */
export interface DemoStatement {
  clientName: string;
  bankName: string;
  account: StatementAccount;
  /** YYYY-MM */
  month: string;
  /** The days it covers, YYYY-MM-DD, inclusive: the month within the period and the account's life. */
  from: string;
  to: string;
  /** Balance before `from` and after `to`: opening + entries = closing, as the engine checks. */
  openingCents: number;
  closingCents: number;
  /** In date order, as the bank posted them. */
  entries: StatementEntry[];
}

/** -123405 from '-1234.05' (or '-1234.0', '12'): exact, never through a float. */
export function decimalToCents(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) throw new Error(`Not an amount with at most two decimals: ${text}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** '1234.05' from 123405 (unsigned; `thousands` adds commas: '1,234.05'). */
export function formatUnsignedCents(cents: number, options: { thousands?: boolean } = {}): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100));
  const grouped = options.thousands ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return `${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

/** '-1234.05' from -123405. */
export function formatSignedCents(cents: number): string {
  return `${cents < 0 ? '-' : ''}${formatUnsignedCents(cents)}`;
}

/** A stable nine-digit routing number for a bank the demo made up (BAI2 sender, OFX BANKID). */
export function routingNumberOf(bankName: string): string {
  return String(hashText(bankName) % 1_000_000_000).padStart(9, '0');
}

/** File and folder names: 'First Meridian Bank, N.A.' -> 'first-meridian-bank-n-a'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'March 2026' from '2026-03'. */
export function nameMonth(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** 'MM/DD/YYYY' from 'YYYY-MM-DD': how the demo's US banks print dates. */
export function toUsDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

interface EntryCode {
  bai2: string;
  ofx: string;
}

/** Per kind of transaction: the codes for a credit and for a debit (none: that kind is never one). */
const ENTRY_CODES: readonly [RegExp, EntryCode | undefined, EntryCode | undefined][] = [
  [/CHECK PAID/, undefined, { bai2: '475', ofx: 'CHECK' }],
  [/INTEREST/, { bai2: '354', ofx: 'INT' }, undefined],
  [/SERVICE CHARGE/, undefined, { bai2: '698', ofx: 'SRVCHG' }],
  [/BOOK TRANSFER/, { bai2: '206', ofx: 'XFER' }, { bai2: '506', ofx: 'XFER' }],
  [/WIRE/, { bai2: '195', ofx: 'XFER' }, { bai2: '495', ofx: 'XFER' }],
  [/^ACH|PAYROLL|EFTPS|RETIREMENT/, { bai2: '165', ofx: 'DIRECTDEP' }, { bai2: '455', ofx: 'DIRECTDEBIT' }],
  [/RETURNED/, undefined, { bai2: '555', ofx: 'DEBIT' }],
  [/DEPOSIT|SETTLEMENT/, { bai2: '301', ofx: 'DEP' }, undefined],
];

/**
 * How a bank codes a transaction in its own formats, told from the description the demo gave it:
 * the BAI2 type code (100-399 credits, 400-699 debits: it signs the amount) and the OFX TRNTYPE.
 * A code never contradicts the sign; what no rule fits is a miscellaneous credit or debit.
 */
export function classifyEntry(entry: StatementEntry): EntryCode {
  const isCredit = entry.cents >= 0;
  for (const [pattern, credit, debit] of ENTRY_CODES) {
    const code = isCredit ? credit : debit;
    if (code && pattern.test(entry.description)) return code;
  }
  return isCredit ? { bai2: '399', ofx: 'CREDIT' } : { bai2: '699', ofx: 'DEBIT' };
}
