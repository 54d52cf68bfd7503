import { describe, expect, it } from 'vitest';
import { createGrid } from '../core/grid.js';
import { readJson } from '../json/read-json.js';
import { readCsv } from '../text/read-csv.js';
import { compareFingerprints, fingerprint } from './fingerprint.js';

describe('fingerprint', () => {
  it('records delimiter, encoding, header row, column count and date pattern', async () => {
    const grid = await readCsv(
      Buffer.from('Bank export\nDate;Payee;Amount\n01/02/2024;A;1\n01/03/2024;B;2\n'),
    );
    if (!grid.ok) throw new Error(grid.error.message);
    expect(fingerprint(grid.value)).toEqual({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ';',
      sheetCount: 1,
      headerRowIndex: 1,
      headerRow: 'date,payee,amount',
      columnCount: 3,
      dateColumn: 0,
      datePattern: '99/99/9999',
    });
  });

  it('knows day-first dates and decimal-comma amounts as data, not labels', () => {
    const grid = createGrid(
      [
        ['Kontoauszug'],
        ['Datum', 'Text', 'Betrag', 'Saldo'],
        ['13/02/2024', 'Miete', '-1.250,00', '750,00'],
        ['14/02/2024', 'Gehalt', '2.500,00', '3.250,00'],
      ],
      { format: 'csv', delimiter: ';' },
    );
    expect(fingerprint(grid)).toMatchObject({ headerRowIndex: 1, dateColumn: 0, datePattern: '99/99/9999' });
  });

  it('shows what changed when a bank changes its layout', () => {
    const before = fingerprint(
      createGrid(
        [
          ['Date', 'Amount'],
          ['01/02/2024', '1'],
        ],
        { format: 'csv', delimiter: ',' },
      ),
    );
    const after = fingerprint(
      createGrid(
        [
          ['Posted', 'Amount', 'Memo'],
          ['2024-01-02', '1', 'x'],
        ],
        { format: 'csv', delimiter: ';' },
      ),
    );
    expect(compareFingerprints(before, after)).toEqual([
      { field: 'delimiter', before: ',', after: ';' },
      { field: 'headerRow', before: 'date,amount', after: 'posted,amount,memo' },
      { field: 'columnCount', before: 2, after: 3 },
      { field: 'datePattern', before: '99/99/9999', after: '9999-99-99' },
    ]);
  });
});

describe('readJson', () => {
  it('reads an array of objects with every key as a column', async () => {
    const grid = await readJson(
      Buffer.from(
        JSON.stringify([
          { date: '2024-01-02', amount: -5 },
          { date: '2024-01-03', memo: { a: 1 } },
        ]),
      ),
    );
    expect(grid.ok && grid.value.sheets[0]?.rows.map((r) => r.cells)).toEqual([
      ['date', 'amount', 'memo'],
      ['2024-01-02', '-5', ''],
      ['2024-01-03', '', '{"a":1}'],
    ]);
  });

  it('refuses JSON that is not an array of objects', async () => {
    expect(await readJson(Buffer.from('[1,2]'))).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    expect(await readJson(Buffer.from('{oops'))).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });
});
