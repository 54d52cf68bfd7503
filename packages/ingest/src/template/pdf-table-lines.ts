import { guardValue } from '../core/guard-reader.js';
import { isBlankRow, type GridRow, type PdfLine } from '../core/grid.js';
import { ok } from '../core/result.js';
import type { RowExtractor } from './create-row-extractor.js';
import { joinHeaderCells, normalizeHeaderText } from './normalize-header.js';
import { parseAmount } from './parse-amount.js';
import { parseDate } from './parse-date.js';

/** Why a PDF line was left out of the table; every such line is reported, never dropped silently. */
export type SkippedLineReason = 'outside-columns' | 'summary' | 'not-a-transaction';

export interface SkippedLine {
  rowNumber: number;
  sheet?: string;
  page: number;
  /** The line's cells joined with " | ", as the user saw it. */
  text: string;
  reason: SkippedLineReason;
}

/** The template's columns, by role: what the table rules need to know about a line. */
export interface PdfTableColumns {
  headerStart: number;
  footerRows: number;
  date: number;
  description: readonly number[];
  /** Amount, or credit and debit: the columns that carry money (a C/D mark column is not one). */
  amounts: readonly number[];
  decimalComma: boolean;
}

/**
 * Summary lines banks print inside the table: the whole cell must be the phrase ("Total",
 * "Total debits:", "Balance forward", "Ending balance on 01/31/2024"), so a payee such as
 * "TOTAL WINE & MORE" stays a transaction.
 */
const SUMMARY_LINE =
  /^(?:(?:sub-?)?totals?(?: (?:of )?(?:debits|credits|deposits|withdrawals|checks|fees|charges|payments|activity|transactions))?(?: for (?:this|the) (?:period|statement|page|month))?|balance (?:brought |carried )?forward|(?:brought|carried) forward|(?:opening|closing|beginning|ending|previous|starting|new|daily|ledger|available|statement) balance(?: (?:as of|on) .+)?)\s*:?$/i;

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DATE_LIKE = new RegExp(
  `^(?:\\d{1,4}[-/.]\\d{1,2}(?:[-/.]\\d{1,4})?|\\d{1,2}[- ]${MONTH}(?:[- ,]+\\d{2,4})?|${MONTH} \\d{1,2}(?:,? \\d{2,4})?)$`,
  'i',
);
/** Digits with separators, a sign, parentheses, a currency symbol or a CR/DR mark. */
const AMOUNT_LIKE = /^[(+\-−]?\s*[$€£¥]?\s*[(+\-−]?\s*\d[\d.,' ]*\)?\s*[-−]?\s*(?:CR|DR)?$/i;

/** A line is a transaction when its date cell looks like a date or a money cell looks like money. */
function isTransactionLike(cells: readonly string[], columns: PdfTableColumns): boolean {
  const date = (cells[columns.date] ?? '').trim();
  if (date !== '' && (DATE_LIKE.test(date) || parseDate(date).ok)) return true;
  return columns.amounts.some((c) => {
    const text = (cells[c] ?? '').trim();
    return (
      text !== '' && (AMOUNT_LIKE.test(text) || parseAmount(text, { decimalComma: columns.decimalComma }).ok)
    );
  });
}

function isSummaryLine(cells: readonly string[], columns: PdfTableColumns): boolean {
  const first = cells.find((c) => c.trim() !== '') ?? '';
  if (SUMMARY_LINE.test(first.trim())) return true;
  return columns.description.some((c) => SUMMARY_LINE.test((cells[c] ?? '').trim()));
}

/** Text only in description columns, directly under the previous line on the same page. */
function isContinuation(row: GridRow, above: PdfLine, columns: PdfTableColumns): boolean {
  const line = row.line;
  if (!line || line.page !== above.page) return false;
  const drop = above.y - line.y;
  if (drop <= 0 || drop > 2 * Math.max(above.height, line.height)) return false;
  return row.cells.every((cell, c) => cell.trim() === '' || columns.description.includes(c));
}

function appendContinuation(row: GridRow, continuation: GridRow, columns: PdfTableColumns): GridRow {
  const cells = [...row.cells];
  for (const c of columns.description) {
    const text = (continuation.cells[c] ?? '').trim();
    if (text === '') continue;
    while (cells.length <= c) cells.push('');
    cells[c] = cells[c] ? `${cells[c]} ${text}` : text;
  }
  return { ...row, cells };
}

/**
 * The table rules for a PDF grid (README "PDF statements"): below the header row, summary lines
 * (Total, Balance forward, ...) are skipped; a line is a transaction when its date cell looks like
 * a date or a money cell looks like money, and goes to the template, which reads it or fails the
 * file (all or nothing). A line with text only in the description columns directly under a
 * transaction is its wrapped description and is appended to it. Any other line (a title or
 * running header across the columns, a page footer) is skipped. Every skipped line is reported.
 * Rows up to headerStart, the last footerRows lines and repeated header rows are left as they are.
 */
export function applyPdfTableRules(
  rows: readonly GridRow[],
  columns: PdfTableColumns,
): { rows: GridRow[]; skipped: SkippedLine[] } {
  // Rows it cannot read give no rows at all (extraction uses keepTableLines, so no bug of ours hides).
  return guardValue(
    () => keepTableLines(rows, columns),
    () => ({ rows: [], skipped: [] }),
  );
}

function keepTableLines(
  rows: readonly GridRow[],
  columns: PdfTableColumns,
): { rows: GridRow[]; skipped: SkippedLine[] } {
  let footerFrom = rows.length;
  for (let left = columns.footerRows; left > 0 && footerFrom > 0;) {
    footerFrom--;
    if (!isBlankRow(rows[footerFrom]?.cells ?? [])) left--;
  }
  const header = rows.find((r) => r.rowNumber - 1 === columns.headerStart);
  const headerText = header ? normalizeHeaderText(joinHeaderCells(header.cells)) : undefined;
  const out: GridRow[] = [];
  const skipped: SkippedLine[] = [];
  // The transaction a wrapped description line would continue, and the last line added to it.
  let open: { index: number; line: PdfLine } | undefined;

  rows.forEach((row, i) => {
    const line = row.line;
    if (!line || row.rowNumber - 1 <= columns.headerStart || i >= footerFrom || isBlankRow(row.cells)) {
      out.push(row);
      return;
    }
    const skip = (reason: SkippedLineReason) => {
      open = undefined;
      const text = row.cells.filter((c) => c.trim() !== '').join(' | ');
      skipped.push({ rowNumber: row.rowNumber, page: line.page, text, reason });
    };
    if (headerText !== undefined && normalizeHeaderText(joinHeaderCells(row.cells)) === headerText) {
      // A header repeated on a later page: the template skips it.
      open = undefined;
      out.push(row);
    } else if (isSummaryLine(row.cells, columns)) skip('summary');
    else if (isTransactionLike(row.cells, columns)) {
      // Kept even when its text crosses a column boundary: the template reads it or fails the file.
      out.push(row);
      open = { index: out.length - 1, line };
    } else if (open && !line.isOutsideColumns && isContinuation(row, open.line, columns)) {
      out[open.index] = appendContinuation(out[open.index] as GridRow, row, columns);
      open = { index: open.index, line };
    } else skip(line.isOutsideColumns ? 'outside-columns' : 'not-a-transaction');
  });
  return { rows: out, skipped };
}

/**
 * Applies the table rules to PDF rows before the template reads them. A PDF sheet is pushed
 * whole (the footer rows are counted from the end of the push); other grids pass through.
 */
export function withPdfTableRules<T>(
  inner: RowExtractor<T>,
  columns: PdfTableColumns,
  sheet?: string,
): RowExtractor<T> {
  const skippedLines: SkippedLine[] = [];
  return {
    push(rows) {
      if (rows[0]?.line === undefined) return inner.push(rows);
      const applied = keepTableLines(rows, columns);
      for (const line of applied.skipped) skippedLines.push(sheet ? { ...line, sheet } : line);
      return inner.push(applied.rows);
    },
    finish() {
      const finished = inner.finish();
      return finished.ok ? ok({ ...finished.value, skippedLines }) : finished;
    },
  };
}
