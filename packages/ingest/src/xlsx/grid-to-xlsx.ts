import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Grid } from '../core/grid.js';
import { fail, ok, type Result } from '../core/result.js';

/** Excel sheet names: at most 31 characters, none of []:*?/\, unique ignoring case. */
export function toSheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${base.slice(0, 28)}_${i}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Writes the canonical grid as an .xlsx saved next to the source (the Extraction file's hasExcel):
 * every cell as text, so the workbook shows exactly what extraction read. Rows are committed as
 * they are written (exceljs streaming writer), so memory stays near the output size.
 */
export async function gridToXlsx(grid: Grid): Promise<Result<Buffer>> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const taken = new Set<string>();
  try {
    const sheets = grid.sheets.length > 0 ? grid.sheets : [{ name: 'Sheet1', rows: [] }];
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(toSheetName(sheet.name, taken));
      for (const row of sheet.rows) {
        if (row.cells.length === 0) continue;
        const excelRow = worksheet.getRow(row.rowNumber);
        excelRow.values = row.cells;
        excelRow.commit();
      }
      worksheet.commit();
    }
    await workbook.commit();
    return ok(Buffer.concat(chunks));
  } catch {
    return fail({ kind: 'unsupported', message: 'The grid could not be written as .xlsx.' });
  }
}
