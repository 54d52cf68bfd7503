import { describe, expect, it } from 'vitest';
import { CONTENT_WIDTH } from '../../../platform/pdf/render-pdf';
import { labelInterval } from './report-charts';
import { formatDate, formatDateRange, formatMoney, formatWholeMoney } from './report-format';
import { COLUMN_GAP, fitColumns, keepHeadingsWithNext, TABLE_FONT_SIZES } from './report-layout';
import { reportTable } from './report-table';
import { measureRoboto } from './roboto-widths';
import type { PdfNode } from '../../../platform/pdf/pdf-types';

// The layout helpers of the Liquidity Analysis (issue 42 point 5): columns that fit the page with
// their figures on one line, headings kept with what they head, numbers and dates as a board reads them.

const MONTHLY = [
  { title: 'Month' },
  { title: 'Month-end', isNumeric: true },
  { title: 'Average', isNumeric: true },
  { title: 'Minimum', isNumeric: true },
  { title: 'Maximum', isNumeric: true },
  { title: 'Credits', isNumeric: true },
  { title: 'Debits', isNumeric: true },
  { title: 'Count', isNumeric: true },
];
const monthRow = (month: string) => [
  month,
  formatMoney(123_456_789.12)!,
  formatMoney(98_765_432.1)!,
  formatMoney(-1_234_567.89)!,
  formatMoney(234_567_890.55)!,
  formatMoney(45_678_901.23)!,
  formatMoney(-45_123_456.78)!,
  '12,345',
];
const sum = (list: number[]) => list.reduce((s, w) => s + w, 0);

describe('fitColumns', () => {
  it('keeps the monthly table of nine-digit figures within the content width, each figure on one line', () => {
    const rows = ['Jan 2031', 'Feb 2031', 'Mar 2031'].map(monthRow);
    const fitted = fitColumns(MONTHLY, rows);
    expect(fitted.isFitting).toBe(true);
    expect(sum(fitted.widths) + COLUMN_GAP * (MONTHLY.length - 1)).toBeLessThanOrEqual(CONTENT_WIDTH);
    expect(fitted.totalWidth).toBeLessThanOrEqual(CONTENT_WIDTH);
    MONTHLY.forEach((column, i) => {
      if (!column.isNumeric) return;
      const widest = Math.max(...rows.map((r) => measureRoboto(r[i]!, fitted.fontSize)));
      expect(fitted.widths[i], column.title).toBeGreaterThanOrEqual(widest);
    });
  });

  it('sets a table too wide at 9 points smaller rather than wrap a figure', () => {
    const wide = Array.from({ length: 7 }, (_, i) => ({ title: `Year ${i + 1}`, isNumeric: true }));
    const rows = [wide.map(() => formatMoney(-123_456_789.12)!)];
    const fitted = fitColumns(wide, rows);
    expect(fitted.fontSize).toBeLessThan(TABLE_FONT_SIZES[0]);
    expect(fitted.isFitting).toBe(true);
    expect(fitted.totalWidth).toBeLessThanOrEqual(CONTENT_WIDTH);
    for (const width of fitted.widths)
      expect(width).toBeGreaterThanOrEqual(measureRoboto(rows[0]![0]!, fitted.fontSize));
  });

  it('narrows a text column towards its longest word and gives spare room to text, not figures', () => {
    const columns = [{ title: 'Account' }, { title: 'End Balance', isNumeric: true }];
    const long = 'Capital Projects Fund Construction Escrow Account Held With The Trustee Bank '.repeat(4);
    const fitted = fitColumns(columns, [[long, '$1,000.00']]);
    expect(fitted.totalWidth).toBeLessThanOrEqual(CONTENT_WIDTH);
    expect(fitted.widths[1]).toBeLessThan(80);
    const short = fitColumns(columns, [['Payroll', '$1,000.00']]);
    expect(short.widths[0]).toBeGreaterThan(short.widths[1]!);
    expect(short.totalWidth).toBeCloseTo(CONTENT_WIDTH, 0);
  });

  it('measures Roboto as its font files do: digits of one width, bold wider', () => {
    expect(measureRoboto('0', 10)).toBeCloseTo(measureRoboto('9', 10));
    expect(measureRoboto('$1,234.56', 9)).toBeCloseTo(39.56, 1);
    expect(measureRoboto('Average', 9, true)).toBeGreaterThan(measureRoboto('Average', 9));
  });
});

describe('reportTable', () => {
  it('repeats its header, keeps two rows with it, never splits a row and never wraps a figure', () => {
    const node = reportTable(MONTHLY, [monthRow('Jan 2031'), monthRow('Feb 2031')]) as PdfNode;
    expect(node.table).toMatchObject({ headerRows: 1, keepWithHeaderRows: 2, dontBreakRows: true });
    const [, first] = node.table!.body;
    expect(first![1]).toMatchObject({ noWrap: true, alignment: 'right' });
    expect(first![0]).not.toHaveProperty('noWrap');
  });

  it('says so in one line when it has no rows, instead of a bare header', () => {
    expect(reportTable(MONTHLY, [], { emptyText: 'No fees in the period.' })).toMatchObject({
      text: 'No fees in the period.',
      style: 'note',
    });
  });
});

describe('keepHeadingsWithNext', () => {
  const heading = (text: string): PdfNode => ({ text, style: 'heading' });
  const line = (text: string): PdfNode => ({ text });
  const table: PdfNode = { table: { body: [] } };

  it('marks a heading and its intro lines, not the block they introduce', () => {
    const marked = keepHeadingsWithNext([heading('A'), line('intro'), table, line('after')]) as PdfNode[];
    expect(marked.map((n) => n.headlineLevel)).toEqual([1, 1, undefined, undefined]);
  });

  it("leaves a heading's only line unmarked (it is the content) and marks a heading followed by a heading", () => {
    const marked = keepHeadingsWithNext([
      heading('A'),
      line('missing'),
      heading('B'),
      heading('C'),
      table,
    ]) as PdfNode[];
    expect(marked.map((n) => n.headlineLevel)).toEqual([1, undefined, 1, 1, undefined]);
  });
});

describe('figures and dates as a board reads them', () => {
  it('writes dollars with separators and negatives in parentheses (no minus sign to wrap)', () => {
    expect(formatMoney(1_234_567.891)).toBe('$1,234,567.89');
    expect(formatMoney(-1_234.5)).toBe('($1,234.50)');
    expect(formatWholeMoney(-98_765.4)).toBe('($98,765)');
    expect(formatMoney(null)).toBeNull();
  });

  it('writes dates MM/DD/YYYY, in ranges too', () => {
    expect(formatDate('2031-03-31')).toBe('03/31/2031');
    expect(formatDate('2031-04-05T09:00:00.000Z')).toBe('04/05/2031');
    expect(formatDateRange('2031-03-24 - 2031-03-28')).toBe('03/24/2031 - 03/28/2031');
  });

  it('thins a long date axis to at most twelve labels', () => {
    expect(labelInterval(10)).toBe(0);
    expect(labelInterval(63)).toBe(5);
    expect(Math.ceil(63 / (labelInterval(63) + 1))).toBeLessThanOrEqual(12);
  });
});
