import { saveBlob } from '../../../lib/save-file';
import { readColumn } from '../client-rows';
import type { CellValue, DataTableColumn } from '../data-table.types';

/** A cell as written to a file: a number stays a number, everything else is text. */
export type ExportCell = string | number;

const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
// OWASP "CSV injection": a spreadsheet runs text starting with these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value made safe for a spreadsheet: text that a spreadsheet would read as a formula gets a leading
 * apostrophe, except plain numbers such as '-12.5'.
 */
export function toSafeCell(value: CellValue): ExportCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toLocaleDateString('en-US');
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value.trim())) return `'${value}`;
  return value;
}

/** The header row and one row per data row, over the given columns. */
export function toExportMatrix<T>(
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
): ExportCell[][] {
  const header = columns.map((c) => toSafeCell(c.header));
  const body = rows.map((row) =>
    columns.map((c) => toSafeCell(c.exportValue ? c.exportValue(row) : readColumn(c, row))),
  );
  return [header, ...body];
}

function quoteCsv(cell: ExportCell): string {
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with CRLF line ends and a byte-order mark, so Excel reads UTF-8. */
export function toCsv(matrix: readonly ExportCell[][]): string {
  return '\uFEFF' + matrix.map((row) => row.map(quoteCsv).join(',')).join('\r\n') + '\r\n';
}

/** Hands a file to the browser's download. */
export function downloadFile(fileName: string, data: BlobPart, type: string): void {
  saveBlob(new Blob([data], { type }), fileName);
}
