import type { TransactionTemplateInput } from '@tideline/contracts/templates/transaction-template';
import { describe, expect, it } from 'vitest';
import { createGrid } from '../core/grid.js';
import { applyTransactionTemplate } from './apply-transaction-template.js';

// Date, Description, Debit, Credit, Balance: the bank's columns.
const template: TransactionTemplateInput = {
  cellHeaderData: 'Date',
  accountNumber: '5',
  date: '0',
  description: '1',
  amountDebit: '2',
  amountCredit: '3',
  balance: '4',
  headerStart: '0',
  dateFormat: 'MM/DD/YYYY',
};
const swapped = { ...template, amountDebit: '3', amountCredit: '2' };
const HEADER = ['Date', 'Description', 'Debit', 'Credit', 'Balance', 'Account'];
const rows = (...r: string[][]) =>
  createGrid([HEADER, ...r.map((cells) => (cells.length === 5 ? [...cells, '1001'] : cells))], {
    format: 'csv',
  });
const errorsOf = (result: ReturnType<typeof applyTransactionTemplate>) =>
  result.ok || result.error.kind !== 'rows-unreadable'
    ? []
    : result.error.rowErrors.map((e) => [e.rowNumber, e.reason]);

const OLDEST_FIRST = [
  ['01/02/2024', 'Deposit', '', '100.00', '1,000.00'],
  ['01/13/2024', 'Payroll', '', '204.50', '1,204.50'],
  ['01/14/2024', 'Rent', '900.00', '', '304.50'],
];

describe('the running-balance check (issue 15 point 3)', () => {
  it('accepts balances that follow, oldest first, the first row being the starting point', () => {
    expect(applyTransactionTemplate(rows(...OLDEST_FIRST), template).ok).toBe(true);
  });

  it('refuses swapped debit and credit columns, naming the row and both figures', () => {
    const result = applyTransactionTemplate(rows(...OLDEST_FIRST), swapped);
    expect(errorsOf(result)[0]).toEqual([
      3,
      'the balance 1,204.50 does not follow from the previous balance 1,000.00 and the amount -204.50 ' +
        '(expected 795.50). Are the debit and credit columns swapped?',
    ]);
    expect(!result.ok && result.error.message).toMatch(
      /^2 rows could not be read: row 3 column 4: the balance/,
    );
    expect(!result.ok && result.error.kind === 'rows-unreadable' && result.error.rowErrors[0]).toMatchObject({
      column: 4,
      field: 'balance',
      raw: '1,204.50',
    });
  });

  it('detects rows listed newest first from the balances and checks them that way', () => {
    const newestFirst = [...OLDEST_FIRST].reverse();
    expect(applyTransactionTemplate(rows(...newestFirst), template).ok).toBe(true);
    expect(errorsOf(applyTransactionTemplate(rows(...newestFirst), swapped))[0]).toEqual([
      3,
      'the balance 1,204.50 does not follow from the balance 304.50 and the amount 900.00 of the row above, ' +
        'the rows being newest first (expected -595.50). Are the debit and credit columns swapped?',
    ]);
  });

  it('adds the amounts of rows without a balance to the next stated balance, either way round', () => {
    const daily = [
      ['01/02/2024', 'Deposit', '', '100.00', '1,000.00'],
      ['01/03/2024', 'Card', '10.00', '', ''],
      ['01/03/2024', 'Card', '5.25', '', '984.75'],
    ];
    expect(applyTransactionTemplate(rows(...daily), template).ok).toBe(true);
    // Newest first, the day's balance sits on its first row.
    expect(applyTransactionTemplate(rows(...[...daily].reverse()), template).ok).toBe(true);
    daily[2]![4] = '990.00';
    expect(errorsOf(applyTransactionTemplate(rows(...daily), template))).toEqual([
      [
        4,
        'the balance 990.00 does not follow from the last balance above, 1,000.00, and the amounts of this row ' +
          'and the 1 row above it without a balance (-15.25 in total) (expected 984.75). ' +
          'Is a row missing, or is this column not the running balance?',
      ],
    ]);
  });

  it('checks each account of a file against its own balances', () => {
    const mixed = rows(
      ['01/02/2024', 'a', '', '1.00', '10.00', 'A'],
      ['01/02/2024', 'b', '', '1.00', '500.00', 'B'],
      ['01/03/2024', 'a', '2.00', '', '8.00', 'A'],
      ['01/03/2024', 'b', '', '0.50', '500.50', 'B'],
    );
    expect(applyTransactionTemplate(mixed, template).ok).toBe(true);
  });

  it('reports one wrong balance once: the next row follows the balance the file states', () => {
    const gap = [
      ...OLDEST_FIRST,
      ['01/15/2024', 'Fee', '4.50', '', '300.00'],
      ['01/16/2024', 'Fee', '1.00', '', '250.00'],
      ['01/17/2024', 'Fee', '1.00', '', '249.00'],
    ];
    expect(errorsOf(applyTransactionTemplate(rows(...gap), template)).map((e) => e[0])).toEqual([6]);
  });

  it('reads the balance with the template decimal separator and shows figures that way', () => {
    const comma = rows(
      ['01/02/2024', 'Deposit', '', '100,00', '1.000,00'],
      ['01/13/2024', 'Payroll', '', '204,50', '1.204,50'],
    );
    expect(applyTransactionTemplate(comma, { ...template, decimalSeparator: 'comma' }).ok).toBe(true);
    expect(errorsOf(applyTransactionTemplate(comma, { ...swapped, decimalSeparator: 'comma' }))).toEqual([
      [
        3,
        'the balance 1.204,50 does not follow from the previous balance 1.000,00 and the amount -204,50 ' +
          '(expected 795,50). Are the debit and credit columns swapped?',
      ],
    ]);
  });

  it('compares amounts with more than two decimals exactly, to the cent', () => {
    const fine = rows(
      ['01/02/2024', 'a', '', '0.125', '10.125'],
      ['01/03/2024', 'b', '', '0.001', '10.126'],
      ['01/04/2024', 'c', '', '1', '11.13'],
    );
    expect(applyTransactionTemplate(fine, template).ok).toBe(true);
  });

  it('reports an unreadable balance cell, and a row that cannot be read does not fail its neighbours', () => {
    const result = applyTransactionTemplate(
      rows(
        ['01/02/2024', 'a', '', '1.00', '10.00'],
        ['01/03/2024', 'b', '', '1.00', 'n/a'],
        ['01/04/2024', 'c', '', 'x', '12.00'],
        ['01/05/2024', 'd', '', '1.00', '13.00'],
      ),
      template,
    );
    expect(errorsOf(result)).toEqual([
      [3, '"n/a" is not a number'],
      [4, '"x" is not a number'],
    ]);
  });

  it('asks about the sign of a signed amount column', () => {
    const signed = { ...template, amount: '2', amountDebit: undefined, amountCredit: undefined };
    const result = applyTransactionTemplate(
      rows(['01/02/2024', 'a', '5.00', '', '10.00'], ['01/03/2024', 'b', '-2.00', '', '12.00']),
      signed,
    );
    expect(errorsOf(result)[0]?.[1]).toMatch(
      /\(expected 8\.00\)\. Is the amount column signed the other way/,
    );
  });
});
