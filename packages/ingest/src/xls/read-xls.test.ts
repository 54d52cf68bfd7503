import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { makeBiff8Xls } from '../../test/make-biff8-xls.js';
import { expectedXlsRow, makeLargeXls, XLS_ROWS_PER_SHEET } from '../../test/make-large-xls.js';
import { detectFormat } from '../formats/detect-format.js';
import { readXls } from './read-xls.js';

describe('readXls', () => {
  it('reads every BIFF8 sheet: shared strings across CONTINUE, dates as dates, RK, MULRK, formulas', async () => {
    const bytes = makeBiff8Xls();
    expect(detectFormat(bytes, 'statement.dat')).toEqual({ ok: true, value: 'xls' });
    const grid = await readXls(bytes);
    if (!grid.ok) throw new Error(grid.error.message);
    expect(grid.value.sheets.map((s) => s.name)).toEqual(['January ', 'Feb']);
    expect(grid.value.sheets[0]?.rows.map((r) => r.cells)).toEqual([
      ['Date', 'Description', 'Überweisung €'],
      ['2024-01-01', '5', 'Überweisung €'],
      ['2024-01-02', '-12.34'],
      ['Café', 'Total€'],
    ]);
    expect(grid.value.sheets[1]?.rows.map((r) => r.cells)).toEqual([['2024-01-09T12:00:00']]);
  });

  it('turns a damaged container into a typed error', async () => {
    const bytes = makeBiff8Xls();
    const result = await readXls(bytes.subarray(0, 600));
    expect(result.ok).toBe(false);
  });

  it('reads 200,000 rows over four sheets of a 4,096-byte-sector container, in place', async () => {
    const bytes = makeLargeXls(200_000);
    // The container is an honest compound file: the reference reader finds the same stream.
    const container = CFB.read(bytes, { type: 'buffer' });
    expect(CFB.find(container, 'Workbook')?.size).toBeGreaterThan(5_000_000);
    const grid = await readXls(bytes);
    if (!grid.ok) throw new Error(grid.error.message);
    expect(grid.value.sheets.map((s) => s.rows.length)).toEqual([65_536, 65_536, 65_536, 3_396]);
    expect(grid.value.sheets[0]?.rows[1]?.cells).toEqual(expectedXlsRow(0));
    expect(grid.value.sheets[1]?.rows[1]?.cells).toEqual(expectedXlsRow(XLS_ROWS_PER_SHEET));
    expect(grid.value.sheets[3]?.rows.at(-1)).toEqual({ rowNumber: 3_396, cells: expectedXlsRow(199_999) });
    const limited = await readXls(bytes, { limits: { maxRows: 100_000 } });
    expect(!limited.ok && limited.error).toMatchObject({ kind: 'limit-exceeded', limit: 'rows' });
  });

  it('refuses Excel 5 workbooks and streams cut inside a record with plain messages', async () => {
    const book = CFB.utils.cfb_new();
    CFB.utils.cfb_add(book, 'Book', Buffer.alloc(5000));
    const biff5 = await readXls(Buffer.from(CFB.write(book, { type: 'buffer' }) as Uint8Array));
    expect(!biff5.ok && biff5.error.message).toBe(
      'Excel 5/95 (BIFF5) workbooks are not supported; save as .xlsx.',
    );

    const bytes = makeLargeXls(1000);
    // Shorten the Workbook stream's declared size: its last sheet then ends inside a record.
    const size = bytes.indexOf(Buffer.from('Workbook\0', 'utf16le')) + 120;
    const cut = Buffer.from(bytes);
    cut.writeUInt32LE(bytes.readUInt32LE(size) - 10, size);
    const result = await readXls(cut);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(/^The \.xls is (damaged|incomplete): /);
    expect(!result.ok && result.error.message).not.toMatch(/Error|undefined/);
  });
});
