import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Grid } from '../core/grid.js';
import { gridToXlsx } from './grid-to-xlsx.js';
import { readXlsx } from './read-xlsx.js';

async function writeXlsx(grid: Grid): Promise<Buffer> {
  const written = await gridToXlsx(grid);
  if (!written.ok) throw new Error(written.error.message);
  return written.value;
}

/** Patches the uncompressed size of every central-directory entry (offset 24 of each header). */
function patchDeclaredSizes(bytes: Buffer, size: (actual: number) => number): Buffer {
  const copy = Buffer.from(bytes);
  for (let i = 0; i + 46 < copy.length; i++) {
    if (copy.readUInt32LE(i) === 0x02014b50) copy.writeUInt32LE(size(copy.readUInt32LE(i + 24)), i + 24);
  }
  return copy;
}

describe('readXlsx', () => {
  it('reads every sheet in order, dates as dates, formulas by their result, keeping empty rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('January');
    first.addRow(['Date', 'Description', 'Amount']);
    first.addRow([new Date(Date.UTC(2024, 0, 31)), 'Coffee', -4.5]);
    first.getRow(4).values = [new Date(Date.UTC(2024, 1, 1, 13, 30)), { formula: '1+1', result: 2 }, 1234.56];
    const second = workbook.addWorksheet('February');
    second.addRow(['x', null, 'z']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const grid = await readXlsx(bytes);
    if (!grid.ok) throw new Error(grid.error.message);
    expect(grid.value.sheets.map((s) => s.name)).toEqual(['January', 'February']);
    expect(grid.value.sheets[0]?.rows).toEqual([
      { rowNumber: 1, cells: ['Date', 'Description', 'Amount'] },
      { rowNumber: 2, cells: ['2024-01-31', 'Coffee', '-4.5'] },
      { rowNumber: 3, cells: [] },
      { rowNumber: 4, cells: ['2024-02-01T13:30:00', '2', '1234.56'] },
    ]);
    expect(grid.value.sheets[1]?.rows[0]?.cells).toEqual(['x', '', 'z']);
  });

  it('gives back the grid gridToXlsx wrote (property)', async () => {
    const text = fc.string({ unit: fc.constantFrom(...'ab Z09,.;"\'-$€é\n\t'.split('')), maxLength: 12 });
    const row = fc.array(text, { maxLength: 6 }).map((cells) => {
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      return cells;
    });
    const sheet = fc.array(row, { minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(fc.array(sheet, { minLength: 1, maxLength: 3 }), async (sheets) => {
        const grid: Grid = {
          sheets: sheets.map((rows, i) => ({
            name: `Sheet ${i + 1}`,
            rows: rows.map((cells, r) => ({ rowNumber: r + 1, cells })),
          })),
          source: { format: 'csv' },
        };
        const back = await readXlsx(await writeXlsx(grid));
        if (!back.ok) throw new Error(back.error.message);
        // exceljs reports rows up to the last written one; trailing empty rows are not stored.
        const trim = (g: Grid) =>
          g.sheets.map((s) => {
            const rows = s.rows.map((r) => r.cells);
            while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows.pop();
            return { name: s.name, rows };
          });
        expect(trim(back.value)).toEqual(trim(grid));
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a workbook whose declared uncompressed size is over the limit, before unzipping', async () => {
    const bytes = await writeXlsx({
      sheets: [{ name: 'S', rows: [{ rowNumber: 1, cells: ['a'] }] }],
      source: { format: 'csv' },
    });
    const bomb = patchDeclaredSizes(bytes, () => 0x7fffffff);
    const result = await readXlsx(bomb);
    expect(!result.ok && result.error.kind === 'limit-exceeded' && result.error.limit).toBe(
      'xlsxUncompressedSize',
    );
  });

  it('catches an entry that inflates past its declared size', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({
      rowNumber: i + 1,
      cells: ['same text '.repeat(20)],
    }));
    const bytes = await writeXlsx({ sheets: [{ name: 'S', rows }], source: { format: 'csv' } });
    const liar = patchDeclaredSizes(bytes, (actual) => Math.max(1, Math.floor(actual / 10)));
    const result = await readXlsx(liar);
    expect(!result.ok && result.error.kind === 'limit-exceeded' && result.error.limit).toBe(
      'xlsxUncompressedSize',
    );
  });

  it('refuses too many zip entries and too many rows', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ rowNumber: i + 1, cells: [String(i)] }));
    const bytes = await writeXlsx({ sheets: [{ name: 'S', rows }], source: { format: 'csv' } });
    const entries = await readXlsx(bytes, { limits: { maxXlsxEntries: 3 } });
    expect(!entries.ok && entries.error.kind === 'limit-exceeded' && entries.error.limit).toBe('xlsxEntries');
    const tooMany = await readXlsx(bytes, { limits: { maxRows: 10 } });
    expect(!tooMany.ok && tooMany.error.kind === 'limit-exceeded' && tooMany.error.limit).toBe('rows');
  });

  it('turns a damaged workbook into a typed error', async () => {
    const bytes = await writeXlsx({
      sheets: [{ name: 'S', rows: [{ rowNumber: 1, cells: ['a'] }] }],
      source: { format: 'csv' },
    });
    const result = await readXlsx(bytes.subarray(0, bytes.length - 30));
    expect(result.ok).toBe(false);
  });
});
