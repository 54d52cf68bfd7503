import { describe, expect, it } from 'vitest';
import type { GridRow } from '../core/grid.js';
import { applyPdfTableRules, type PdfTableColumns } from './pdf-table-lines.js';

const columns: PdfTableColumns = {
  headerStart: 0,
  footerRows: 0,
  date: 0,
  description: [1],
  amounts: [2, 3],
  decimalComma: false,
};

/** Rows of one page, 14 points apart unless `y` is given; a cell list per line. */
function pdfRows(
  lines: { cells: string[]; page?: number; y?: number; isOutsideColumns?: boolean }[],
): GridRow[] {
  let y = 700;
  return lines.map((l, i) => {
    y = l.y ?? y - 14;
    return {
      rowNumber: i + 1,
      cells: l.cells,
      line: { page: l.page ?? 1, y, height: 9, isOutsideColumns: l.isOutsideColumns ?? false },
    };
  });
}

const header = { cells: ['Date', 'Description', 'Debit', 'Credit'] };

describe('applyPdfTableRules', () => {
  it('appends a wrapped description line to the transaction directly above it', () => {
    const result = applyPdfTableRules(
      pdfRows([
        { ...header, y: 700 },
        { cells: ['01/02/2024', 'WIRE TO ACME', '5.00'], y: 686 },
        { cells: ['', 'REF 123 INVOICE 9'], y: 676 },
        { cells: ['', 'ORIGINATOR BANK'], y: 666 },
        { cells: ['01/03/2024', 'CHECK 1001', '', '7.00'] },
      ]),
      columns,
    );
    expect(result.rows.map((r) => r.cells)).toEqual([
      header.cells,
      ['01/02/2024', 'WIRE TO ACME REF 123 INVOICE 9 ORIGINATOR BANK', '5.00'],
      ['01/03/2024', 'CHECK 1001', '', '7.00'],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('does not continue a transaction across a page break, a gap or a line in other columns', () => {
    const result = applyPdfTableRules(
      pdfRows([
        header,
        { cells: ['01/02/2024', 'WIRE TO ACME', '5.00'] },
        { cells: ['', 'Continued on next page'], y: 600 },
        { cells: ['01/03/2024', 'CHECK 1001', '', '7.00'] },
        { cells: ['', 'carried over'], page: 2, y: 700 },
        { cells: ['01/04/2024', 'FEE', '1.00'], page: 2, y: 686 },
        { cells: ['', '', '', 'Page 2 of 2'], page: 2, y: 672 },
      ]),
      columns,
    );
    expect(result.rows.map((r) => r.cells[1])).toEqual(['Description', 'WIRE TO ACME', 'CHECK 1001', 'FEE']);
    expect(result.skipped.map((s) => [s.rowNumber, s.reason, s.text])).toEqual([
      [3, 'not-a-transaction', 'Continued on next page'],
      [5, 'not-a-transaction', 'carried over'],
      [7, 'not-a-transaction', 'Page 2 of 2'],
    ]);
  });

  it('skips and reports summary lines, but keeps a payee that only starts like one', () => {
    const result = applyPdfTableRules(
      pdfRows([
        header,
        { cells: ['01/01/2024', 'Balance forward', '', '1,000.00'] },
        { cells: ['01/02/2024', 'TOTAL WINE & MORE #12', '45.10'] },
        { cells: ['', 'Total debits:', '45.10'] },
        { cells: ['Ending balance on 01/31/2024', '', '', '954.90'] },
      ]),
      columns,
    );
    expect(result.rows.map((r) => r.cells[1])).toEqual(['Description', 'TOTAL WINE & MORE #12']);
    expect(result.skipped.map((s) => [s.rowNumber, s.reason])).toEqual([
      [2, 'summary'],
      [4, 'summary'],
      [5, 'summary'],
    ]);
  });

  it('keeps every line that looks like a transaction, readable or not, for the template to judge', () => {
    const result = applyPdfTableRules(
      pdfRows([
        header,
        { cells: ['01/02/2024', 'FEE', '12.3.4'] },
        { cells: ['', 'NO DATE BUT MONEY', '3.00'] },
        { cells: ['13/02/2024', 'DAY FIRST'] },
        { cells: ['01/05/2024', 'Wide description crossing into Debit', '2.00'], isOutsideColumns: true },
        { cells: ['First Tideline Bank - Account Statement'], isOutsideColumns: true },
      ]),
      columns,
    );
    expect(result.rows.map((r) => r.cells[1])).toEqual([
      'Description',
      'FEE',
      'NO DATE BUT MONEY',
      'DAY FIRST',
      'Wide description crossing into Debit',
    ]);
    expect(result.skipped).toEqual([
      { rowNumber: 6, page: 1, text: 'First Tideline Bank - Account Statement', reason: 'outside-columns' },
    ]);
  });

  it('leaves rows up to the header, repeated headers and the footer rows to the template', () => {
    const rows = pdfRows([
      { cells: ['Statement'] },
      header,
      { cells: ['01/02/2024', 'FEE', '1.00'] },
      { ...header, page: 2, y: 700 },
      { cells: ['01/03/2024', 'FEE', '2.00'], page: 2, y: 686 },
      { cells: ['Page 2'], page: 2, y: 600 },
    ]);
    const result = applyPdfTableRules(rows, { ...columns, headerStart: 1, footerRows: 1 });
    expect(result.rows).toEqual(rows);
    expect(result.skipped).toEqual([]);
  });
});
