import { normalizeDecimal } from '../template/parse-amount.js';
import { daysInMonth, formatIsoDate } from '../template/parse-date.js';
import { detachText } from './detach-text.js';
import type { StatementBalance, StatementTransaction } from './statement.js';

const LINE_61 =
  /^(\d{6})(\d{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d+(?:,\d*)?)([A-Z][\w ]{3})([^\n]*?)(?:\/\/([^\n]*))?(?:\n([\s\S]*))?$/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d+,\d*)$/;
const ENTRY_TOTALS = /^(\d+)([A-Z]{3})(\d+,\d*)$/;

interface SwiftDate {
  year: number;
  month: number;
  day: number;
}

/**
 * MT940 dates are YYMMDD. Banks book on 30-day-month conventions (a value date of 30 February
 * happens), so a day past the month's end is moved to its last day, as the mt940 library does.
 */
function readSwiftDate(text: string): SwiftDate | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return undefined;
  const yy = Number(m[1]);
  const year = yy >= 80 ? 1900 + yy : 2000 + yy;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}

const isoOf = (date: SwiftDate) => formatIsoDate(date.year, date.month, date.day);
const timeOf = (date: SwiftDate) => Date.UTC(date.year, date.month - 1, date.day);

/**
 * The entry (booking) date is MMDD without a year: the year is the one that puts it nearest the
 * value date, so a booking on 31 December for a value date of 2 January falls in the year before.
 */
function readEntryDate(text: string, valueDate: SwiftDate): SwiftDate | undefined {
  const month = Number(text.slice(0, 2));
  const day = Number(text.slice(2, 4));
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  let best: SwiftDate | undefined;
  for (const year of [valueDate.year - 1, valueDate.year, valueDate.year + 1]) {
    const candidate = { year, month, day: Math.min(day, daysInMonth(year, month)) };
    const distance = Math.abs(timeOf(candidate) - timeOf(valueDate));
    if (!best || distance < Math.abs(timeOf(best) - timeOf(valueDate))) best = candidate;
  }
  return best;
}

function readSwiftAmount(text: string): string {
  const [whole = '0', fraction = ''] = text.split(',');
  return normalizeDecimal(false, whole, fraction);
}

/** :60a:, :62a:, :64:, :65: — C/D mark, YYMMDD, currency, amount; a message when unreadable. */
export function readMt940Balance(value: string, type: string): StatementBalance | string {
  const text = value.split('\n', 1)[0]?.trim() ?? '';
  const m = BALANCE.exec(text);
  const date = m ? readSwiftDate(m[2] ?? '') : undefined;
  if (!m || !date) return `the balance "${text}" cannot be read (mark, YYMMDD date, currency, amount)`;
  const amount = readSwiftAmount(m[4] ?? '0');
  return {
    type,
    amount: m[1] === 'D' && amount !== '0' ? `-${amount}` : amount,
    currency: m[3] ?? '',
    date: isoOf(date),
  };
}

/** :90D: / :90C: of an MT942: number of entries, currency, their sum; a message when unreadable. */
export function readMt940EntryTotals(value: string, type: string): StatementBalance | string {
  const text = value.split('\n', 1)[0]?.trim() ?? '';
  const m = ENTRY_TOTALS.exec(text);
  if (!m) return `the entry totals "${text}" cannot be read (number of entries, currency, amount)`;
  return { type, amount: readSwiftAmount(m[3] ?? '0'), currency: m[2] ?? '', itemCount: Number(m[1]) };
}

export interface Mt940StatementLine {
  transaction: StatementTransaction;
  /** D, RC (reversal of a credit) and ED take money out. */
  isDebit: boolean;
  /** The amount as written, unsigned. */
  magnitude: string;
  /** Text after the reference line (the :61: subfield 9), a description when :86: is absent. */
  supplementary: string;
}

/**
 * A :61: statement line: value date YYMMDD, optional entry date MMDD, mark, funds code, amount,
 * type, references and supplementary details. The entry date is the booking date (`date`); a line
 * without one is booked on its value date. A message when the line cannot be read.
 */
export function readMt940StatementLine(value: string): Mt940StatementLine | string {
  const m = LINE_61.exec(value);
  const firstLine = value.split('\n', 1)[0] ?? '';
  if (!m) return `the statement line "${firstLine}" cannot be read`;
  const valueDate = readSwiftDate(m[1] ?? '');
  if (!valueDate) return `the value date "${m[1] ?? ''}" of the statement line "${firstLine}" is not a date`;
  const entryDate = m[2] === undefined ? valueDate : readEntryDate(m[2], valueDate);
  if (!entryDate) return `the entry date "${m[2] ?? ''}" of the statement line "${firstLine}" is not a date`;
  const magnitude = readSwiftAmount(m[5] ?? '0');
  const isDebit = m[3] === 'D' || m[3] === 'RC' || m[3] === 'ED';
  const transaction: StatementTransaction = {
    date: isoOf(entryDate),
    valueDate: isoOf(valueDate),
    amount: isDebit && magnitude !== '0' ? `-${magnitude}` : magnitude,
    description: '',
    typeCode: m[6] ?? '',
  };
  if (m[3]?.startsWith('R')) transaction.isReversal = true;
  const customerReference = m[7]?.trim();
  if (customerReference && customerReference !== 'NONREF')
    transaction.customerReference = detachText(customerReference);
  const bankReference = m[8]?.trim();
  if (bankReference) transaction.bankReference = detachText(bankReference);
  return { transaction, isDebit, magnitude, supplementary: (m[9] ?? '').trim() };
}
