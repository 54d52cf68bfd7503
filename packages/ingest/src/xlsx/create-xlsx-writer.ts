import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { GridRow } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';

export interface XlsxWriter {
  /** Appends rows to the current sheet; rows are committed (flushed) as they are written. */
  addRows(rows: readonly GridRow[]): void;
  /** Finishes the workbook; the output stream then holds a complete .xlsx. */
  finish(): Promise<Result<void>>;
}

/**
 * Writes a grid to an .xlsx stream while it is being read, so a million-row CSV gets its .xlsx
 * (hasExcel) in the same pass without the grid ever being held whole.
 */
export function createXlsxWriter(output: Writable, sheetName = 'Sheet1'): XlsxWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const worksheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1');
  let failure: unknown;
  return {
    addRows(rows) {
      if (failure) return;
      try {
        for (const row of rows) {
          if (row.cells.length === 0) continue;
          const excelRow = worksheet.getRow(row.rowNumber);
          excelRow.values = row.cells;
          excelRow.commit();
        }
      } catch (cause) {
        failure = cause;
      }
    },
    async finish() {
      try {
        if (failure) throw failure;
        worksheet.commit();
        await workbook.commit();
        return ok(undefined);
      } catch (cause) {
        return fail({ kind: 'unsupported', message: `The .xlsx could not be written: ${String(cause)}` });
      }
    },
  };
}
