import {
  MAX_LISTED_ROW_ERRORS,
  describeRowErrors,
  type ExtractionError,
  type RowError,
} from '../core/extraction-error.js';
import { isBlankRow, type GridRow } from '../core/grid.js';
import { describeCallFailure } from '../core/guard-reader.js';
import { fail, ok, type Result } from '../core/result.js';
import type { AccountPlan } from './compile-transaction-template.js';
import type { DateReader } from './create-date-reader.js';
import { joinHeaderCells, normalizeHeaderText } from './normalize-header.js';
import { extractDigitRun, findAccountInFileName } from './read-account-number.js';
import type { SkippedLine } from './pdf-table-lines.js';
import type { AccountStatement, TemplateContext } from './template-context.js';

/** Answered by a row reader when a date reads both ways and the file has not yet shown the order. */
export const HOLD_ROW: unique symbol = Symbol('hold row');

export type ReadRow<T> = (row: GridRow, accountNumber: string | undefined) => T | RowError | typeof HOLD_ROW;

/** A check across rows (the running balance, check-balance.ts), given every read row in file order. */
export interface RowCheck<T> {
  check(row: GridRow, value: T): RowError | undefined;
  /** A row could not be read: what the check carries over from earlier rows no longer holds. */
  reset(): void;
}

/**
 * Rows waiting for Auto's date order, at most: about 10-20 MB of cells. A statement shows a day
 * above 12 within its first two weeks of dates; a file that has not by then is refused with the same
 * message as one that never does (choose the format), never read with a guessed order.
 */
export const MAX_ROWS_WAITING_FOR_DATE_ORDER = 20_000;

export interface RowExtractorOptions<T> {
  headerStart: number;
  footerRows: number;
  account: AccountPlan;
  context: TemplateContext;
  sheet?: string;
  readRow: ReadRow<T>;
  /** The dates of the file: with Auto, rows wait while their date could be day/month or month/day. */
  dates: DateReader;
  checkRow?: RowCheck<T>;
}

/**
 * Applies a template row by row so CSV can stream: rows above and at headerStart are dropped, the
 * last footerRows non-blank rows are held back until the end, and after the first bad row no more
 * output is produced (all or nothing), only errors counted. With the Auto date format, from the first
 * date that reads both ways (01/02/2024) the rows wait, as grid rows, until a date shows the order;
 * then they are read again with it, in file order (re-reading keeps the row readers simple and holds
 * nothing but the rows themselves). A file that ends, or reaches MAX_ROWS_WAITING_FOR_DATE_ORDER,
 * without showing it is refused.
 */
export interface RowExtractor<T> {
  push(rows: readonly GridRow[]): T[];
  /**
   * skippedLines: PDF lines the table rules left out (pdf-table-lines.ts), each reported;
   * accountStatements: a Transaction template's accounts (with-account-statements.ts).
   */
  finish(): Result<{
    rowCount: number;
    skippedLines?: SkippedLine[];
    accountStatements?: AccountStatement[];
  }>;
}

export function isRowError(value: unknown): value is RowError {
  return typeof value === 'object' && value !== null && 'reason' in value && 'raw' in value;
}

export function createRowExtractor<T extends { accountNumber: string }>(
  options: RowExtractorOptions<T>,
): RowExtractor<T> {
  const { headerStart, footerRows, account, context, sheet, readRow, dates, checkRow } = options;
  const known = context.knownAccountNumbers
    ? new Set(context.knownAccountNumbers.map((a) => a.trim()))
    : undefined;
  const rowErrors: RowError[] = [];
  let totalErrors = 0;
  let rowCount = 0;
  let fileError: ExtractionError | undefined;
  let fixedAccount: string | undefined;
  let isAccountResolved = account.kind === 'column';
  const held: GridRow[] = [];
  let waiting: GridRow[] = [];
  let headerText: string | undefined;
  let headerFirstCell = '';

  if (account.kind === 'file-name') {
    fixedAccount = findAccountInFileName(context.fileName ?? '', context.knownAccountNumbers);
    isAccountResolved = true;
    if (!fixedAccount)
      fileError = accountError(`No account number found in the file name "${context.fileName ?? ''}".`);
  } else if (account.kind === 'context') {
    isAccountResolved = true;
    if (context.knownAccountNumbers?.length === 1) fixedAccount = context.knownAccountNumbers[0];
    else fileError = accountError('The template names no account number column, cell or file name.');
  }

  function addError(error: RowError) {
    totalErrors++;
    if (rowErrors.length < MAX_LISTED_ROW_ERRORS) rowErrors.push(sheet ? { ...error, sheet } : error);
  }

  function emit(row: GridRow, out: T[]) {
    if (fileError) return;
    const result = readRow(row, fixedAccount);
    if ((result === HOLD_ROW || waiting.length > 0) && !dates.isOrderKnown()) {
      waiting.push(row);
      if (waiting.length >= MAX_ROWS_WAITING_FOR_DATE_ORDER) {
        fileError = accountError(dates.describeAmbiguity(waiting.length));
      }
      return;
    }
    if (waiting.length > 0) {
      // A date has just shown the order: the rows that waited are read with it, in file order.
      const rows = waiting;
      waiting = [];
      for (const r of rows) take(r, readRow(r, fixedAccount), out);
    }
    // HOLD_ROW here: a later date of this very row showed the order.
    take(row, result === HOLD_ROW ? readRow(row, fixedAccount) : result, out);
  }

  function take(row: GridRow, result: T | RowError | typeof HOLD_ROW, out: T[]) {
    if (result === HOLD_ROW) return;
    if (isRowError(result)) {
      checkRow?.reset();
      return addError(result);
    }
    if (known && !known.has(result.accountNumber)) {
      checkRow?.reset();
      return addError({
        rowNumber: row.rowNumber,
        column: account.kind === 'column' ? account.column : null,
        field: 'accountNumber',
        raw: result.accountNumber,
        reason: `account number "${result.accountNumber}" is not one of the client's accounts`,
      });
    }
    const checked = checkRow?.check(row, result);
    if (checked) return addError(checked);
    rowCount++;
    if (totalErrors === 0) out.push(sheet ? { ...result, sheet } : result);
  }

  /**
   * A file-level refusal keeps the row errors found before it, and those of the rows that waited for
   * the date order (read once more: a wrong amount is worth knowing before the format is chosen).
   */
  function withRowErrors(error: ExtractionError): ExtractionError {
    for (const row of waiting) {
      const result = readRow(row, fixedAccount);
      if (result !== HOLD_ROW && isRowError(result)) addError(result);
    }
    waiting = [];
    if (totalErrors === 0 || error.kind !== 'rows-unreadable') return error;
    const rows = describeRowErrors(rowErrors, totalErrors);
    return {
      ...error,
      message: `${error.message} Also, ${rows}${/[.?!]$/.test(rows) ? '' : '.'}`,
      rowErrors,
      totalRowErrors: totalErrors,
    };
  }

  return {
    push(rows) {
      const out: T[] = [];
      if (fileError) return out;
      for (const row of rows) {
        const index = row.rowNumber - 1;
        if (account.kind === 'header-cell' && index === account.row) {
          const cell = row.cells[account.column]?.trim() ?? '';
          fixedAccount = account.isSpecialCase ? extractDigitRun(cell) : cell;
          isAccountResolved = true;
          if (!fixedAccount) {
            fileError = accountError(`The account number cell (${account.row},${account.column}) is empty.`);
            return [];
          }
        }
        if (index === headerStart) {
          headerText = normalizeHeaderText(joinHeaderCells(row.cells));
          headerFirstCell = (row.cells[0] ?? '').trim().toLowerCase();
        }
        if (index <= headerStart || isBlankRow(row.cells)) continue;
        // Multi-page statements (PDF, paged exports) repeat the header row on every page.
        if (
          headerText !== undefined &&
          row.cells.length > 1 &&
          // Cheap first-cell check first: this runs for every row of a million-row file.
          (row.cells[0] ?? '').trim().length === headerFirstCell.length &&
          (row.cells[0] ?? '').trim().toLowerCase() === headerFirstCell &&
          normalizeHeaderText(joinHeaderCells(row.cells)) === headerText
        ) {
          continue;
        }
        // Nothing to hold back (no footer, account known): read the row at once, no queue.
        if (footerRows === 0 && isAccountResolved && held.length === 0) emit(row, out);
        else held.push(row);
      }
      // Release rows once they cannot be footer rows and the account number is known.
      if (isAccountResolved && held.length > footerRows) {
        const ready = held.splice(0, held.length - footerRows);
        for (const row of ready) emit(row, out);
      }
      return out;
    },
    finish() {
      if (fileError) return fail(withRowErrors(fileError));
      // Rows whose date reads both ways may also have failed for another cell: the file is refused
      // for its dates even when no row is left waiting.
      if (waiting.length > 0 || dates.isAmbiguous()) {
        return fail(withRowErrors(accountError(dates.describeAmbiguity())));
      }
      if (!isAccountResolved) {
        return fail(accountError('The account number cell of the template is outside the file.'));
      }
      if (totalErrors > 0) {
        return fail({
          kind: 'rows-unreadable',
          message: describeRowErrors(rowErrors, totalErrors),
          rowErrors,
          totalRowErrors: totalErrors,
        });
      }
      return ok({ rowCount });
    },
  };
}

function accountError(message: string): ExtractionError {
  return { kind: 'rows-unreadable', message, rowErrors: [], totalRowErrors: 0 };
}

/**
 * A public extractor that never throws (issue 15 point 5): rows it cannot take fail it, and
 * finish() then answers that failure (all or nothing, as for an unreadable row).
 */
export function guardExtractor<T>(inner: RowExtractor<T>): RowExtractor<T> {
  let failure: Result<never> | undefined;
  return {
    push(rows) {
      if (failure) return [];
      try {
        return inner.push(rows);
      } catch {
        failure = describeCallFailure('Applying the template');
        return [];
      }
    },
    finish() {
      if (failure) return failure;
      try {
        return inner.finish();
      } catch {
        failure = describeCallFailure('Applying the template');
        return failure;
      }
    },
  };
}
