import type { RowError } from '../core/extraction-error.js';
import type { GridRow } from '../core/grid.js';
import type { RowCheck } from './create-row-extractor.js';
import {
  addDecimals,
  formatFigure,
  fromCents,
  isZeroToTheCent,
  subtractDecimals,
  toCents,
} from './decimal-math.js';
import { parseAmount } from './parse-amount.js';
import { scanAmount } from './scan-amount.js';
import type { TransactionRow } from './template-context.js';

export interface BalanceCheckOptions {
  /** The template's balance column. */
  column: number;
  isDecimalComma: boolean;
  /** Asked when reversing the amounts' signs would fit: it depends on how the template reads amounts. */
  swapQuestion: string;
  /** Told every row that passed the check, with the balance it states (undefined: none). */
  observe?: (value: TransactionRow, balance: string | undefined) => void;
}

/** Which way an account's rows run, as its balances showed; undefined until they show it. */
export type RowOrder = 'oldest first' | 'newest first' | undefined;

export interface BalanceCheck extends RowCheck<TransactionRow> {
  orderOf(accountNumber: string): RowOrder;
}

const ASCENDING = 1;
const DESCENDING = -1;
const FITS_ASCENDING = 1;
const FITS_DESCENDING = 2;

/** One account's last stated balance and what came after it. */
interface Anchor {
  balance: string;
  balanceCents: number;
  /** The anchor row's own amount: newest-first files need it to reach the next balance. */
  amount: string;
  amountCents: number;
  date: string;
  /** Amounts of the rows after the anchor that state no balance: cents, or a decimal string. */
  between: number | string;
  rowsBetween: number;
  direction: number;
  /** A row of the file could not be read: the next balance starts afresh instead of being checked. */
  isStale: boolean;
}

/**
 * The running-balance check of a template with a balance column (issue 15 point 3): every stated
 * balance must follow from the account's previous stated balance and the amounts in between, to the
 * cent, which catches swapped debit and credit columns (and reversed signs, missing rows).
 * - The first balance of each account is the starting point: the balance before it is not in the file.
 * - Rows may run oldest first (balance = previous balance + this amount) or newest first, as banks
 *   often list them (balance = the balance above - the amount above). The direction is taken from the
 *   data: the first pair of balances that fits one way only fixes it for the account; pairs that fit
 *   both ways are right either way. A pair that fits neither is reported, worded by its dates.
 * - A row with an empty balance cell (banks that print only the day's last balance) adds its amount
 *   to the next stated balance's check.
 * Accounts are checked separately; one wrong balance is one error, as the next row is checked against
 * the balance the file states, not a running total.
 */
export function createBalanceCheck(options: BalanceCheckOptions): BalanceCheck {
  const { column, isDecimalComma, swapQuestion, observe } = options;
  const anchors = new Map<string, Anchor>();
  const figure = (value: string) => formatFigure(value, isDecimalComma);

  function readBalance(row: GridRow): string | RowError | undefined {
    const raw = row.cells[column] ?? '';
    const fast = scanAmount(raw, isDecimalComma);
    if (fast !== undefined) return fast;
    if (raw.trim() === '') return undefined;
    const parsed = parseAmount(raw, { decimalComma: isDecimalComma });
    if (parsed.ok) return parsed.value;
    return { rowNumber: row.rowNumber, column, field: 'balance', raw, reason: parsed.reason };
  }

  function describe(anchor: Anchor, balance: string, amount: string, direction: number): string {
    const between = typeof anchor.between === 'number' ? fromCents(anchor.between) : anchor.between;
    const isAscending = direction === ASCENDING;
    // Oldest first: the balance above plus the amounts since; newest first: the balance above less the
    // amounts from the row above down to this one's predecessor.
    const moved = isAscending ? addDecimals(between, amount) : addDecimals(anchor.amount, between);
    const expected = isAscending
      ? addDecimals(anchor.balance, moved)
      : subtractDecimals(anchor.balance, moved);
    const reversed = isAscending
      ? subtractDecimals(anchor.balance, moved)
      : addDecimals(anchor.balance, moved);
    const question = isZeroToTheCent(subtractDecimals(reversed, balance))
      ? swapQuestion
      : 'Is a row missing, or is this column not the running balance?';
    const rows = `${anchor.rowsBetween} row${anchor.rowsBetween === 1 ? '' : 's'}`;
    let how: string;
    if (isAscending && anchor.rowsBetween === 0) {
      how = `the previous balance ${figure(anchor.balance)} and the amount ${figure(amount)}`;
    } else if (isAscending) {
      how =
        `the last balance above, ${figure(anchor.balance)}, and the amounts of this row and the ` +
        `${rows} above it without a balance (${figure(moved)} in total)`;
    } else if (anchor.rowsBetween === 0) {
      how =
        `the balance ${figure(anchor.balance)} and the amount ${figure(anchor.amount)} of the row above, ` +
        'the rows being newest first';
    } else {
      how =
        `the last balance above, ${figure(anchor.balance)}, and the amounts of that row and the ${rows} ` +
        `after it without a balance (${figure(moved)} in total), the rows being newest first`;
    }
    return `the balance ${figure(balance)} does not follow from ${how} (expected ${figure(expected)}). ${question}`;
  }

  /** Which ways the balance fits, as bits (FITS_ASCENDING, FITS_DESCENDING): no object per row. */
  function fits(
    anchor: Anchor,
    balance: string,
    balanceCents: number,
    amount: string,
    amountCents: number,
  ): number {
    const { between } = anchor;
    // Whole cents add exactly in a double; anything finer (or huge) takes the decimal strings.
    if (typeof between === 'number') {
      const ascending = anchor.balanceCents + between + amountCents;
      const descending = anchor.balanceCents - anchor.amountCents - between;
      if (
        Number.isSafeInteger(ascending) &&
        Number.isSafeInteger(descending) &&
        !Number.isNaN(balanceCents)
      ) {
        return (
          (ascending === balanceCents ? FITS_ASCENDING : 0) |
          (descending === balanceCents ? FITS_DESCENDING : 0)
        );
      }
    }
    const betweenText = typeof between === 'number' ? fromCents(between) : between;
    const ascending = addDecimals(addDecimals(anchor.balance, betweenText), amount);
    const descending = subtractDecimals(anchor.balance, addDecimals(anchor.amount, betweenText));
    return (
      (isZeroToTheCent(subtractDecimals(ascending, balance)) ? FITS_ASCENDING : 0) |
      (isZeroToTheCent(subtractDecimals(descending, balance)) ? FITS_DESCENDING : 0)
    );
  }

  function addBetween(anchor: Anchor, amount: string) {
    anchor.rowsBetween++;
    const cents = toCents(amount);
    if (typeof anchor.between === 'number' && Number.isSafeInteger(anchor.between + cents)) {
      anchor.between += cents;
    } else {
      const sum = typeof anchor.between === 'number' ? fromCents(anchor.between) : anchor.between;
      anchor.between = addDecimals(sum, amount);
    }
  }

  return {
    orderOf(accountNumber) {
      const direction = anchors.get(accountNumber)?.direction;
      return direction === ASCENDING ? 'oldest first' : direction === DESCENDING ? 'newest first' : undefined;
    },
    check(row, value) {
      const balance = readBalance(row);
      if (balance !== undefined && typeof balance !== 'string') return balance;
      const anchor = anchors.get(value.accountNumber);
      if (balance === undefined) {
        if (anchor && !anchor.isStale) addBetween(anchor, value.amount);
        observe?.(value, undefined);
        return undefined;
      }
      const balanceCents = toCents(balance);
      const amountCents = toCents(value.amount);
      if (!anchor) {
        anchors.set(value.accountNumber, {
          balance,
          balanceCents,
          amount: value.amount,
          amountCents,
          date: value.date,
          between: 0,
          rowsBetween: 0,
          direction: 0,
          isStale: false,
        });
        observe?.(value, balance);
        return undefined;
      }
      let error: RowError | undefined;
      if (!anchor.isStale) {
        const fit = fits(anchor, balance, balanceCents, value.amount, amountCents);
        const isAscending = (fit & FITS_ASCENDING) !== 0;
        const isDescending = (fit & FITS_DESCENDING) !== 0;
        if (anchor.direction === 0 && isAscending !== isDescending) {
          anchor.direction = isAscending ? ASCENDING : DESCENDING;
        }
        const isFit =
          anchor.direction === ASCENDING
            ? isAscending
            : anchor.direction === DESCENDING
              ? isDescending
              : isAscending || isDescending;
        if (!isFit) {
          // Undecided: the dates tell which way the rows run, oldest first when they do not.
          const direction = anchor.direction || (value.date < anchor.date ? DESCENDING : ASCENDING);
          const reason = describe(anchor, balance, value.amount, direction);
          error = {
            rowNumber: row.rowNumber,
            column,
            field: 'balance',
            raw: row.cells[column] ?? '',
            reason,
          };
        }
      }
      anchor.balance = balance;
      anchor.balanceCents = balanceCents;
      anchor.amount = value.amount;
      anchor.amountCents = amountCents;
      anchor.date = value.date;
      anchor.between = 0;
      anchor.rowsBetween = 0;
      anchor.isStale = false;
      if (!error) observe?.(value, balance);
      return error;
    },
    reset() {
      for (const anchor of anchors.values()) anchor.isStale = true;
    },
  };
}
