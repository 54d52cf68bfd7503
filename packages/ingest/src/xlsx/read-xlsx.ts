import ExcelJS from 'exceljs';
import { readAllBytes, type ByteSource } from '../core/byte-source.js';
import type { Grid, GridSheet } from '../core/grid.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { checkZipLimits } from './check-zip-limits.js';
import { formatCellValue } from './format-cell-value.js';

/**
 * Reads every sheet of an .xlsx in order into the grid. Empty rows are kept so row numbers match
 * the workbook; trailing empty cells are dropped. Zip limits are checked before exceljs unzips.
 */
export async function readXlsx(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<Grid>> {
  const limits = resolveLimits(options.limits);
  const bytes = await readAllBytes(source, limits.maxFileBytes);
  if (!bytes.ok) return bytes;
  if (bytes.value.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  const refusal = checkZipLimits(bytes.value, limits);
  if (refusal) return fail(refusal);

  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      Buffer.from(bytes.value.buffer, bytes.value.byteOffset, bytes.value.byteLength) as never,
    );
  } catch (cause) {
    return fail({
      kind: 'malformed',
      format: 'xlsx',
      message: `The workbook could not be opened: ${String(cause)}`,
    });
  }
  const sheets: GridSheet[] = [];
  let totalRows = 0;
  for (const worksheet of workbook.worksheets) {
    const rows: GridSheet['rows'] = [];
    totalRows += worksheet.rowCount;
    if (totalRows > limits.maxRows) {
      return fail({
        kind: 'limit-exceeded',
        limit: 'rows',
        maximum: limits.maxRows,
        message: `The workbook has more than ${limits.maxRows} rows.`,
      });
    }
    for (let r = 1; r <= worksheet.rowCount; r++) {
      const values = worksheet.getRow(r).values;
      const cells: string[] = [];
      if (Array.isArray(values)) {
        for (let c = 1; c < values.length; c++) cells.push(formatCellValue(values[c] ?? null));
      }
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      rows.push({ rowNumber: r, cells });
    }
    sheets.push({ name: worksheet.name, rows });
  }
  return ok({ sheets, source: { format: 'xlsx' } });
}
