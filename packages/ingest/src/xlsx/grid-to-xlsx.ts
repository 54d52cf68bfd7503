import ExcelJS from 'exceljs';
import type { Grid } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';

/** Excel sheet names: at most 31 characters, none of []:*?/\, unique ignoring case. */
function toSheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${base.slice(0, 28)}_${i}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Writes the canonical grid as an .xlsx saved next to the source (the Extraction file's hasExcel):
 * every cell as text, so the workbook shows exactly what extraction read.
 */
export async function gridToXlsx(grid: Grid): Promise<Result<Buffer>> {
  const workbook = new ExcelJS.Workbook();
  const taken = new Set<string>();
  for (const sheet of grid.sheets) {
    const worksheet = workbook.addWorksheet(toSheetName(sheet.name, taken));
    for (const row of sheet.rows) {
      if (row.cells.length > 0) worksheet.getRow(row.rowNumber).values = row.cells;
    }
  }
  if (grid.sheets.length === 0) workbook.addWorksheet('Sheet1');
  try {
    return ok(Buffer.from(await workbook.xlsx.writeBuffer()));
  } catch (cause) {
    return fail({ kind: 'unsupported', message: `The grid could not be written as .xlsx: ${String(cause)}` });
  }
}
