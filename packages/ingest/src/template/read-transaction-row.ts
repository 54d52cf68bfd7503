import type { RowError } from '../core/extraction-error.js';
import type { GridRow } from '../core/grid.js';
import type { TransactionPlan } from './compile-transaction-template.js';
import type { DateReader } from './create-date-reader.js';
import { HOLD_ROW } from './create-row-extractor.js';
import { absDecimal, negateDecimal, subtractDecimals } from './decimal-math.js';
import { DATE_AMBIGUOUS } from './parse-date.js';
import { parseAmount } from './parse-amount.js';
import { scanAmount } from './scan-amount.js';
import type { TemplateContext, TransactionRow } from './template-context.js';

function cellError(row: GridRow, column: number, field: string, reason: string): RowError {
  return { rowNumber: row.rowNumber, column, field, raw: row.cells[column] ?? '', reason };
}

const CREDIT_MARKS = new Set(['c', 'cr', 'credit']);
const DEBIT_MARKS = new Set(['d', 'dr', 'debit']);

/** The template's decimal separator; a template that does not say follows the context (dot by default). */
export function isDecimalCommaOf(plan: { decimalSeparator?: string }, context: TemplateContext): boolean {
  return plan.decimalSeparator ? plan.decimalSeparator === 'comma' : context.decimalComma === true;
}

/** Reads one data row with a compiled Transaction template (ingestion.md step 4). */
export function createTransactionRowReader(
  plan: TransactionPlan,
  context: TemplateContext,
  dates: DateReader,
) {
  const isDecimalComma = isDecimalCommaOf(plan, context);
  const amountOptions = { decimalComma: isDecimalComma };

  /** The common shapes without allocating a result object; the general path for the rest. */
  function readMoney(row: GridRow, column: number, field: string, text: string): string | RowError {
    const fast = scanAmount(text, isDecimalComma);
    if (fast !== undefined) return fast;
    const parsed = parseAmount(text, amountOptions);
    return parsed.ok ? parsed.value : cellError(row, column, field, parsed.reason);
  }

  function readAmount(row: GridRow): string | RowError {
    const { amount } = plan;
    const cells = row.cells;
    if (amount.kind === 'signed') return readMoney(row, amount.column, 'amount', cells[amount.column] ?? '');
    if (amount.kind === 'marked') {
      const value = readMoney(row, amount.column, 'amount', cells[amount.column] ?? '');
      if (typeof value !== 'string') return value;
      const markText = (cells[amount.mark] ?? '').trim();
      const mark = markText.toLowerCase();
      if (CREDIT_MARKS.has(mark)) return absDecimal(value);
      if (DEBIT_MARKS.has(mark)) return negateDecimal(absDecimal(value));
      return cellError(row, amount.mark, 'creditDebit', `"${markText}" is neither credit nor debit`);
    }
    // Credit minus debit; an empty side counts as zero, and a debit written with a minus is still a debit.
    const creditText = (cells[amount.credit] ?? '').trim();
    const debitText = (cells[amount.debit] ?? '').trim();
    if (creditText === '' && debitText === '') {
      return cellError(row, amount.credit, 'amountCredit', 'neither a credit nor a debit amount');
    }
    const credit = creditText === '' ? '0' : readMoney(row, amount.credit, 'amountCredit', creditText);
    if (typeof credit !== 'string') return credit;
    const debit = debitText === '' ? '0' : readMoney(row, amount.debit, 'amountDebit', debitText);
    if (typeof debit !== 'string') return debit;
    return subtractDecimals(absDecimal(credit), absDecimal(debit));
  }

  return (row: GridRow, fixedAccount: string | undefined): TransactionRow | RowError | typeof HOLD_ROW => {
    const dateText = row.cells[plan.date] ?? '';
    const date = dates.read(dateText, plan.date);
    if (typeof date !== 'string' && date !== DATE_AMBIGUOUS) {
      return cellError(row, plan.date, 'date', dates.describe(date, dateText));
    }
    const amount = readAmount(row);
    if (typeof amount !== 'string') return amount;
    // The row waits for the file's date order; its other cells are checked already, so a file
    // refused for its dates still names a wrong amount.
    if (date === DATE_AMBIGUOUS) return HOLD_ROW;
    let accountNumber = fixedAccount ?? '';
    if (plan.account.kind === 'column') {
      accountNumber = (row.cells[plan.account.column] ?? '').trim();
      if (accountNumber === '')
        return cellError(row, plan.account.column, 'accountNumber', 'empty account number');
    }
    let description = '';
    for (const column of plan.description) {
      const part = (row.cells[column] ?? '').trim();
      if (part !== '') description = description === '' ? part : `${description} ${part}`;
    }
    return { rowNumber: row.rowNumber, accountNumber, date, description, amount };
  };
}
