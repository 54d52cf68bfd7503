import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeLargeXlsx, makeSheetXlsx } from '../../test/make-large-xlsx.js';
import type { Grid } from '../core/grid.js';
import { resolveLimits } from '../core/limits.js';
import { gridToXlsx } from './grid-to-xlsx.js';
import { openXlsx } from './open-xlsx.js';
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

describe('readXlsx, the streaming reader (issue 15)', () => {
  const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const cellsOf = (grid: Awaited<ReturnType<typeof readXlsx>>) =>
    grid.ok ? grid.value.sheets[0]?.rows.map((r) => r.cells) : grid.error.message;

  it('reads shared strings without phonetic runs, inline strings, booleans, errors, custom date formats and 1904 dates', async () => {
    const bytes = await makeSheetXlsx({
      sharedStrings:
        '<si><t>Plain</t></si><si><r><t>Rich </t></r><r><rPr><b/></rPr><t>text</t></r><rPh><t>ふりがな</t></rPh></si>',
      styles: `<styleSheet xmlns="${MAIN}"><numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;day&quot; 0.00"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`,
      workbookPr: '<workbookPr date1904="1"/>',
      rows:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t xml:space="preserve"> a &amp; b </t></is></c></row>' +
        '<row r="3"><c r="A3" s="1"><v>43830</v></c><c r="B3" s="2"><v>1.50</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="e"><v>#N/A</v></c></row>' +
        '<row r="4"><c r="B4" t="str"><f>A1</f><v>Formula text</v></c><c r="C4"><f>1+1</f><v>2</v></c><c r="E4" t="s"><v>99</v></c></row>',
    });
    expect(cellsOf(await readXlsx(bytes))).toEqual([
      ['Plain', 'Rich text', ' a & b '],
      [],
      ['2024-01-01', '1.5', '', 'TRUE'],
      ['', 'Formula text', '2'],
    ]);
  });

  it('reads element names with a namespace prefix and rows that skip numbers', async () => {
    const bytes = await makeSheetXlsx({
      rows: '',
      sheetXml: `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>b</x:t></x:is></x:c></x:row><x:row><x:c><x:v>7</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    expect(cellsOf(await readXlsx(bytes))).toEqual([[], ['', 'b'], ['7']]);
  });

  it('refuses a DOCTYPE, a cell past the cell limit and a row number past the row limit, naming the sheet and row', async () => {
    const doctype = await makeSheetXlsx({
      rows: '',
      sheetXml: `<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet xmlns="${MAIN}"><sheetData/></worksheet>`,
    });
    expect(cellsOf(await readXlsx(doctype))).toBe(
      'The workbook is damaged: xl/worksheets/sheet1.xml declares a DOCTYPE, which a workbook never does.',
    );
    const long = await makeSheetXlsx({
      rows: `<row r="1"><c t="inlineStr"><is><t>ok</t></is></c></row><row r="2"><c t="inlineStr"><is><t>${'x'.repeat(300)}</t></is></c></row>`,
    });
    expect(cellsOf(await readXlsx(long, { limits: { maxCellLength: 100 } }))).toBe(
      'A cell in sheet "Sheet1" row 2 is longer than 100 characters.',
    );
    // The rows skipped before it are never made: the number alone is refused.
    const far = await makeSheetXlsx({
      rows: '<row r="1"><c><v>1</v></c></row><row r="900000000"><c><v>1</v></c></row>',
    });
    expect(cellsOf(await readXlsx(far))).toBe('Sheet "Sheet1" has more than 5,000,000 rows.');
  });

  it('refuses a sheet that does not match its checksum or is cut short, never reading it in part', async () => {
    const bytes = await makeLargeXlsx({ rows: 2000, level: 1 });
    const sheetAt = bytes.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    const flipped = Buffer.from(bytes);
    flipped[sheetAt + 5000] = (flipped[sheetAt + 5000] ?? 0) ^ 0x01;
    const result = await readXlsx(flipped);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(
      /^The workbook is damaged: xl\/worksheets\/sheet1\.xml /,
    );
    expect((await readXlsx(bytes.subarray(0, bytes.length - 100))).ok).toBe(false);
  });

  it('reads a 200,000-row sheet in batches of about 1,024 rows (what one 64 KB chunk adds), never the whole sheet', async () => {
    const bytes = await makeLargeXlsx({ rows: 200_000, level: 1 });
    const file = await openXlsx(bytes, resolveLimits({}));
    if (!file.ok) throw new Error(file.error.message);
    let rows = 0;
    let largest = 0;
    let last: string[] = [];
    const read = await file.value.readSheet(0, (batch) => {
      rows += batch.length;
      largest = Math.max(largest, batch.length);
      last = batch.at(-1)?.cells ?? [];
    });
    expect(read.ok).toBe(true);
    expect(rows).toBe(200_001);
    expect(largest).toBeLessThan(2048);
    expect(last[1]).toMatch(/REF 000199999$/);
    // Writing and reading 200,000 rows takes about 4.5 s alone, near the 5 s default; CI runs it beside the
    // whole suite on 2 cores, where it timed out once.
  }, 60_000);

  it('keeps a batch of huge cells small: at most about 4 MB of text', async () => {
    const cell = 'y'.repeat(200_000);
    const rows = Array.from(
      { length: 60 },
      (_, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>${cell}</t></is></c></row>`,
    ).join('');
    const file = await openXlsx(await makeSheetXlsx({ rows }), resolveLimits({}));
    if (!file.ok) throw new Error(file.error.message);
    const sizes: number[] = [];
    await file.value.readSheet(0, (batch) => void sizes.push(batch.length));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(60);
    const largest = sizes.reduce((max, n) => Math.max(max, n), 0);
    expect(largest).toBeLessThanOrEqual(Math.ceil((4 * 1024 * 1024) / cell.length) + 1);
  });
});
