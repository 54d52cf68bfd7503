import type { InvestmentTemplateInput } from '@tideline/contracts/templates/investment-template';
import type { TransactionTemplateInput } from '@tideline/contracts/templates/transaction-template';
import { describe, expect, it } from 'vitest';
import { createGrid, type GridRow } from '../core/grid.js';
import { applyInvestmentTemplate } from './apply-investment-template.js';
import { applyTransactionTemplate, createTransactionExtractor } from './apply-transaction-template.js';
import { MAX_ROWS_WAITING_FOR_DATE_ORDER } from './create-row-extractor.js';

const template: TransactionTemplateInput = {
  cellHeaderData: 'Date',
  accountNumber: '0',
  date: '1',
  description: '2',
  amount: '3',
  headerStart: '0',
};
const HEADER = ['Account', 'Date', 'Memo', 'Amount'];
const grid = (dates: string[]) =>
  createGrid([HEADER, ...dates.map((d, i) => ['1', d, `row ${i}`, '1.00'])], { format: 'csv' });
const datesOf = (dates: string[], t: TransactionTemplateInput = template) => {
  const result = applyTransactionTemplate(grid(dates), t);
  return result.ok ? result.value.map((r) => r.date) : result.error.message;
};
const AMBIGUOUS =
  'The dates in column 1 could be day/month or month/day (all days are 12 or less, such as "01/02/2024"). ' +
  'Choose the date format MM/DD/YYYY or DD/MM/YYYY in the template.';

describe('the Auto date format (issue 15 point 4)', () => {
  it('takes the day/month order from the first date that reads only one way, earlier rows included', () => {
    expect(datesOf(['01/02/2024', '03/02/2024', '13/02/2024', '04/03/2024'])).toEqual([
      '2024-02-01',
      '2024-02-03',
      '2024-02-13',
      '2024-03-04',
    ]);
    expect(datesOf(['01/02/2024', '02/14/2024', '03/01/2024'])).toEqual([
      '2024-01-02',
      '2024-02-14',
      '2024-03-01',
    ]);
  });

  it('refuses a file whose dates never show the order, naming the column and a value, and gives no rows', () => {
    expect(datesOf(['01/02/2024', '03/02/2024', '12/11/2024'])).toBe(AMBIGUOUS);
    // The same UK file is read once the template states its format.
    expect(datesOf(['01/02/2024', '03/02/2024'], { ...template, dateFormat: 'DD/MM/YYYY' })).toEqual([
      '2024-02-01',
      '2024-02-03',
    ]);
  });

  it('needs no order for dates that cannot be misread', () => {
    expect(datesOf(['2024-01-02', '05-Feb-2024', 'Mar 4, 2024', '45327', '06/06/2024'])).toEqual([
      '2024-01-02',
      '2024-02-05',
      '2024-03-04',
      '2024-02-05',
      '2024-06-06',
    ]);
  });

  it('reports a date against the order the file showed, with the value and the date that showed it', () => {
    const result = applyTransactionTemplate(grid(['13/02/2024', '02/14/2024']), template);
    expect(!result.ok && result.error.kind === 'rows-unreadable' && result.error.rowErrors).toEqual([
      {
        rowNumber: 3,
        column: 1,
        field: 'date',
        raw: '02/14/2024',
        reason:
          '"02/14/2024" is not a valid date day first (DD/MM/YYYY), the order an earlier date of this file ("13/02/2024") shows',
      },
    ]);
  });

  it('holds streamed rows until a date shows the order, then hands them on in file order', () => {
    const extractor = createTransactionExtractor(template, {});
    if (!extractor.ok) throw new Error(extractor.error.message);
    const rows = (dates: string[], from: number): GridRow[] =>
      dates.map((d, i) => ({ rowNumber: from + i, cells: ['1', d, 'x', '1'] }));
    expect(
      extractor.value.push([{ rowNumber: 1, cells: HEADER }, ...rows(['01/02/2024', '03/04/2024'], 2)]),
    ).toEqual([]);
    const released = extractor.value.push(rows(['05/06/2024', '25/06/2024', '07/08/2024'], 4));
    expect(released.map((r) => [r.rowNumber, r.date])).toEqual([
      [2, '2024-02-01'],
      [3, '2024-04-03'],
      [4, '2024-06-05'],
      [5, '2024-06-25'],
      [6, '2024-08-07'],
    ]);
    expect(extractor.value.finish()).toEqual({
      ok: true,
      value: {
        rowCount: 5,
        skippedLines: [],
        accountStatements: [
          { accountNumber: '1', fromDate: '2024-02-01', toDate: '2024-08-07', balanceSource: 'none' },
        ],
      },
    });
  });

  it('stops waiting after a bounded number of rows and refuses rather than guess', () => {
    const extractor = createTransactionExtractor(template, {});
    if (!extractor.ok) throw new Error(extractor.error.message);
    const rows: GridRow[] = [{ rowNumber: 1, cells: HEADER }];
    for (let i = 0; i <= MAX_ROWS_WAITING_FOR_DATE_ORDER; i++) {
      // Day and month never equal: 01/07/2024 and the like read two ways.
      rows.push({ rowNumber: i + 2, cells: ['1', `${1 + (i % 6)}/${7 + (i % 6)}/2024`, 'x', '1'] });
    }
    expect(extractor.value.push(rows)).toEqual([]);
    const finished = extractor.value.finish();
    expect(!finished.ok && finished.error.message).toBe(
      'The dates in column 1 could be day/month or month/day (no day is above 12 in the first 20,000 rows, ' +
        'such as "1/7/2024"). Choose the date format MM/DD/YYYY or DD/MM/YYYY in the template.',
    );
  });

  it('reports the other row errors of a file refused for its dates', () => {
    const result = applyTransactionTemplate(
      createGrid([HEADER, ['1', '01/02/2024', 'a', 'abc'], ['1', '2024-13-01', 'b', '1']], { format: 'csv' }),
      template,
    );
    expect(!result.ok && result.error.message).toBe(
      `${AMBIGUOUS} Also, 2 rows could not be read: row 2 column 3: "abc" is not a number; ` +
        'row 3 column 1: "2024-13-01" is not a valid date.',
    );
  });

  it('lets any date column of an investment file show the order', () => {
    const investment: InvestmentTemplateInput = {
      accountNumber: '0',
      settlementDate: '1',
      maturityDate: '2',
      interestRate: '3',
      settlementAmount: '4',
      investmentType: '5',
      faceValue: '6',
      headerStart: '-1',
    };
    const rows = [
      ['9', '01/02/2024', '03/04/2025', '4,5%', '1.000,00', 'CD', '1.000,00'],
      ['9', '02/03/2024', '28/02/2026', '4,25', '2.000,50', 'CD', '2.000,00'],
    ];
    const result = applyInvestmentTemplate(createGrid(rows, { format: 'csv' }), {
      ...investment,
      decimalSeparator: 'comma',
    });
    expect(
      result.ok &&
        result.value.map((r) => [r.settlementDate, r.maturityDate, r.interestRate, r.settlementAmount]),
    ).toEqual([
      ['2024-02-01', '2025-04-03', '4.5', '1000'],
      ['2024-03-02', '2026-02-28', '4.25', '2000.5'],
    ]);
    const ambiguous = applyInvestmentTemplate(createGrid([rows[0]!], { format: 'csv' }), {
      ...investment,
      decimalSeparator: 'comma',
    });
    expect(!ambiguous.ok && ambiguous.error.message).toMatch(/^The dates in column 1 could be day\/month/);
  });
});

describe('the decimal separator of a template', () => {
  it('reads decimal-comma amounts when the template says comma, and says so when it does not', () => {
    const cells = ['-1.250,00', '1 250,00', '(1.250,00)', '1.250,00-'];
    const comma = createGrid([HEADER, ...cells.map((a) => ['1', '2024-01-02', 'x', a])], { format: 'csv' });
    const read = applyTransactionTemplate(comma, { ...template, decimalSeparator: 'comma' });
    expect(read.ok && read.value.map((r) => r.amount)).toEqual(['-1250', '1250', '-1250', '-1250']);
    const dot = applyTransactionTemplate(comma, template);
    expect(!dot.ok && dot.error.kind === 'rows-unreadable' && dot.error.rowErrors[0]).toMatchObject({
      rowNumber: 2,
      column: 3,
      field: 'amount',
      raw: '-1.250,00',
      reason: `"-1.250,00" is not a number with a decimal dot; is the template's decimal separator comma (1.234,56)?`,
    });
  });

  it('lets a stated separator win over the context', () => {
    const g = createGrid([HEADER, ['1', '2024-01-02', 'x', '1,5']], { format: 'csv' });
    expect(applyTransactionTemplate(g, template, { decimalComma: true }).ok).toBe(true);
    expect(
      applyTransactionTemplate(g, { ...template, decimalSeparator: 'dot' }, { decimalComma: true }).ok,
    ).toBe(false);
  });
});
