import type { RowError } from '../core/extraction-error.js';
import type { GridRow } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';
import { createBalanceCheck, type BalanceCheckOptions, type RowOrder } from './check-balance.js';
import type { AccountStatementBook } from './create-account-statement-book.js';
import type { RowCheck } from './create-row-extractor.js';
import {
  addDecimals,
  formatFigure,
  fromCents,
  isZeroToTheCent,
  subtractDecimals,
  toCents,
} from './decimal-math.js';
import { readStatedBalance, type StatedBalance } from './read-stated-balance.js';
import type { AccountStatement, TransactionRow } from './template-context.js';

/** Cents while every amount has at most two decimals and the sum stays exact, else a decimal string. */
type Sum = number | string;

function addToSum(sum: Sum, amount: string): Sum {
  if (typeof sum === 'number') {
    const cents = sum + toCents(amount);
    if (Number.isSafeInteger(cents)) return cents;
  }
  return addDecimals(typeof sum === 'number' ? fromCents(sum) : sum, amount);
}

const toDecimal = (sum: Sum) => (typeof sum === 'number' ? fromCents(sum) : sum);

/** A row with a balance: the sum of the account's amounts before it (in file order), and its own. */
interface BalanceRow {
  balance: string;
  amount: string;
  before: Sum;
}

/** One account of the sheet as its rows are read. */
interface Tally {
  index: number;
  /** File order: which way the dates run, when the balances do not say. */
  firstRowDate: string;
  lastRowDate: string;
  fromDate: string;
  toDate: string;
  total: Sum;
  first?: BalanceRow;
  last?: BalanceRow;
}

export interface StatementTracker {
  /** The extractor's row check: the balance check's verdict, then the row is counted. */
  check: RowCheck<TransactionRow>;
  /** A row above the header or a footer row: it may state a balance. */
  takeOuterRow(row: GridRow): void;
  /** The sheet's accounts as statements, added to the book; a refusal when the file contradicts itself. */
  finish(): Result<void>;
}

/**
 * The balances before the account's first row and after its last from the balance column
 * (issue 39 point 1), by the way the rows run: oldest first, the first stated balance less the
 * amounts up to and including its row opens, the last one plus the amounts after it closes;
 * newest first, the other way round.
 */
function readColumnBalances(tally: Tally, order: RowOrder) {
  const { first, last } = tally;
  if (!first || !last) return {};
  const total = toDecimal(tally.total);
  if (order === 'newest first') {
    return {
      opening: subtractDecimals(last.balance, subtractDecimals(total, toDecimal(last.before))),
      closing: addDecimals(first.balance, toDecimal(first.before)),
    };
  }
  const upToLast = addDecimals(toDecimal(last.before), last.amount);
  return {
    opening: subtractDecimals(first.balance, addDecimals(toDecimal(first.before), first.amount)),
    closing: addDecimals(last.balance, subtractDecimals(total, upToLast)),
  };
}

function refuse(problem: RowError): Result<never> {
  return fail({
    kind: 'rows-unreadable',
    message: `Row ${problem.rowNumber}: ${problem.reason}.`,
    rowErrors: [problem],
    totalRowErrors: 1,
  });
}

/**
 * Follows a template-read sheet's accounts as statements: numbers each row's statement from the
 * book as the row is accepted, totals the amounts, and keeps the balance column's first and last
 * balances and the balances the title and footer rows state (read-stated-balance.ts). Stated
 * balances apply to a sheet of one account only; where they and the balance column both give a
 * balance they must agree to the cent, or the file is refused naming both figures.
 */
export function createStatementTracker(options: {
  book: AccountStatementBook;
  /** The template's balance column, checked row by row (check-balance.ts). */
  balance?: Omit<BalanceCheckOptions, 'observe'>;
  isDecimalComma: boolean;
}): StatementTracker {
  const { book, isDecimalComma } = options;
  const tallies = new Map<string, Tally>();
  const stated: StatedBalance[] = [];

  function record(value: TransactionRow, balance: string | undefined) {
    let tally = tallies.get(value.accountNumber);
    if (!tally) {
      const { date } = value;
      tally = {
        index: book.indexOf(value.accountNumber),
        firstRowDate: date,
        lastRowDate: date,
        fromDate: date,
        toDate: date,
        total: 0,
      };
      tallies.set(value.accountNumber, tally);
    }
    value.statementIndex = tally.index;
    tally.lastRowDate = value.date;
    if (value.date < tally.fromDate) tally.fromDate = value.date;
    if (value.date > tally.toDate) tally.toDate = value.date;
    if (balance !== undefined) {
      const row = { balance, amount: value.amount, before: tally.total };
      tally.first ??= row;
      tally.last = row;
    }
    tally.total = addToSum(tally.total, value.amount);
  }

  // The balance check reads each row's balance: it tells the rows that pass, with their balance.
  const balanceCheck = options.balance
    ? createBalanceCheck({ ...options.balance, observe: record })
    : undefined;
  const check: RowCheck<TransactionRow> = {
    check(row, value) {
      if (balanceCheck) return balanceCheck.check(row, value);
      record(value, undefined);
      return undefined;
    },
    reset() {
      balanceCheck?.reset();
    },
  };

  function resolve(
    accountNumber: string,
    kind: StatedBalance['kind'],
    fromColumn: string | undefined,
  ): { value?: string; isStated: boolean } | RowError {
    const statedBalance = tallies.size === 1 ? stated.find((b) => b.kind === kind) : undefined;
    if (!statedBalance)
      return fromColumn === undefined ? { isStated: false } : { value: fromColumn, isStated: false };
    if (fromColumn !== undefined && !isZeroToTheCent(subtractDecimals(statedBalance.amount, fromColumn))) {
      const where = kind === 'opening' ? 'before its first row' : 'after its last row';
      return {
        rowNumber: statedBalance.rowNumber,
        column: null,
        field: 'balance',
        raw: statedBalance.amount,
        reason:
          `the file states the ${kind} balance ${formatFigure(statedBalance.amount, isDecimalComma)}, but the ` +
          `balance column of account ${accountNumber} gives ${formatFigure(fromColumn, isDecimalComma)} ${where}`,
      };
    }
    return { value: statedBalance.amount, isStated: true };
  }

  return {
    check,
    takeOuterRow(row) {
      const balance = readStatedBalance(row, isDecimalComma);
      if (balance) stated.push(balance);
    },
    finish() {
      for (const [accountNumber, tally] of tallies) {
        const order =
          balanceCheck?.orderOf(accountNumber) ??
          (tally.firstRowDate > tally.lastRowDate ? 'newest first' : 'oldest first');
        const column = readColumnBalances(tally, order);
        const opening = resolve(accountNumber, 'opening', column.opening);
        if ('reason' in opening) return refuse(opening);
        const closing = resolve(accountNumber, 'closing', column.closing);
        if ('reason' in closing) return refuse(closing);
        const statement: AccountStatement = {
          accountNumber,
          fromDate: tally.fromDate,
          toDate: tally.toDate,
          balanceSource:
            opening.isStated || closing.isStated ? 'stated' : tally.first ? 'balance column' : 'none',
        };
        if (opening.value !== undefined) statement.openingBalance = opening.value;
        if (closing.value !== undefined) statement.closingBalance = closing.value;
        book.add(statement);
      }
      return ok(undefined);
    },
  };
}
