import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { GridRow } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';
import { toSheetName } from './grid-to-xlsx.js';

export interface XlsxWriter {
  /**
   * Appends rows to the sheet named `sheet` (the writer's first sheet name when absent); a new name
   * starts a new sheet. Rows are committed (flushed) as they are written.
   */
  addRows(rows: readonly GridRow[], sheet?: string): void;
  /** Finishes the workbook; the output stream then holds a complete .xlsx. */
  finish(): Promise<Result<void>>;
}

/**
 * Writes a grid to an .xlsx stream while it is being read, so a million-row file gets its .xlsx
 * (hasExcel) in the same pass without the grid ever being held whole: pass it extractFile's
 * onGridRows, which hands on every sheet's rows in order.
 */
export function createXlsxWriter(output: Writable, sheetName = 'Sheet1'): XlsxWriter {
  let workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  try {
    workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useSharedStrings: false,
      useStyles: false,
    });
  } catch {
    // An output it cannot write to: the writer takes rows and answers the failure at the end.
    return { addRows: () => undefined, finish: () => Promise.resolve(cannotWrite()) };
  }
  const taken = new Set<string>();
  let current: { source: string; worksheet: ExcelJS.Worksheet } | undefined;
  let failure: unknown;
  const sheetFor = (source: string) => {
    if (current?.source === source) return current.worksheet;
    current?.worksheet.commit();
    current = { source, worksheet: workbook.addWorksheet(toSheetName(source, taken)) };
    return current.worksheet;
  };
  return {
    addRows(rows, sheet = sheetName) {
      if (failure) return;
      try {
        const worksheet = sheetFor(sheet);
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
        sheetFor(current?.source ?? sheetName).commit();
        await workbook.commit();
        return ok(undefined);
      } catch {
        return cannotWrite();
      }
    },
  };
}

const cannotWrite = (): Result<never> =>
  fail({ kind: 'unsupported', message: 'The .xlsx copy of the file could not be written.' });
