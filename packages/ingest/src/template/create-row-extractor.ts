import {
  MAX_LISTED_ROW_ERRORS,
  describeRowErrors,
  type ExtractionError,
  type RowError,
} from '../core/extraction-error.js';
import { isBlankRow, type GridRow } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';
import type { AccountPlan } from './compile-transaction-template.js';
import { joinHeaderCells, normalizeHeaderText } from './normalize-header.js';
import { extractDigitRun, findAccountInFileName } from './read-account-number.js';
import type { SkippedLine } from './pdf-table-lines.js';
import type { TemplateContext } from './template-context.js';

export type ReadRow<T> = (row: GridRow, accountNumber: string | undefined) => T | RowError;

export interface RowExtractorOptions<T> {
  headerStart: number;
  footerRows: number;
  account: AccountPlan;
  context: TemplateContext;
  sheet?: string;
  readRow: ReadRow<T>;
}

/**
 * Applies a template row by row so CSV can stream: rows above and at headerStart are dropped, the
 * last footerRows non-blank rows are held back until the end, and after the first bad row no more
 * output is produced (all or nothing), only errors counted.
 */
export interface RowExtractor<T> {
  push(rows: readonly GridRow[]): T[];
  /** skippedLines: PDF lines the table rules left out (pdf-table-lines.ts), each reported. */
  finish(): Result<{ rowCount: number; skippedLines?: SkippedLine[] }>;
}

export function isRowError(value: unknown): value is RowError {
  return typeof value === 'object' && value !== null && 'reason' in value && 'raw' in value;
}

export function createRowExtractor<T extends { accountNumber: string }>(
  options: RowExtractorOptions<T>,
): RowExtractor<T> {
  const { headerStart, footerRows, account, context, sheet, readRow } = options;
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
    const result = readRow(row, fixedAccount);
    if (isRowError(result)) return addError(result);
    if (known && !known.has(result.accountNumber)) {
      return addError({
        rowNumber: row.rowNumber,
        column: account.kind === 'column' ? account.column : null,
        field: 'accountNumber',
        raw: result.accountNumber,
        reason: `account number "${result.accountNumber}" is not one of the client's accounts`,
      });
    }
    rowCount++;
    if (totalErrors === 0) out.push(sheet ? { ...result, sheet } : result);
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
      if (fileError) return fail(fileError);
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
