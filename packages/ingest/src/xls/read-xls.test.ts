import { describe, expect, it } from 'vitest';
import { makeBiff8Xls } from '../../test/make-biff8-xls.js';
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
});
