import type { RowError } from '../core/extraction-error.js';
import type { GridRow } from '../core/grid.js';
import type { TransactionPlan } from './compile-transaction-template.js';
import { absDecimal, negateDecimal, subtractDecimals } from './decimal-math.js';
import { parseAmount } from './parse-amount.js';
import { parseDate } from './parse-date.js';
import type { TemplateContext, TransactionRow } from './template-context.js';

function cellError(row: GridRow, column: number, field: string, reason: string): RowError {
  return { rowNumber: row.rowNumber, column, field, raw: row.cells[column] ?? '', reason };
}

const CREDIT_MARKS = new Set(['c', 'cr', 'credit']);
const DEBIT_MARKS = new Set(['d', 'dr', 'debit']);

/** Reads one data row with a compiled Transaction template (ingestion.md step 4). */
export function createTransactionRowReader(plan: TransactionPlan, context: TemplateContext) {
  const amountOptions = { decimalComma: context.decimalComma === true };

  function readAmount(row: GridRow): string | RowError {
    const { amount } = plan;
    const cells = row.cells;
    if (amount.kind === 'signed') {
      const parsed = parseAmount(cells[amount.column] ?? '', amountOptions);
      return parsed.ok ? parsed.value : cellError(row, amount.column, 'amount', parsed.reason);
    }
    if (amount.kind === 'marked') {
      const parsed = parseAmount(cells[amount.column] ?? '', amountOptions);
      if (!parsed.ok) return cellError(row, amount.column, 'amount', parsed.reason);
      const markText = (cells[amount.mark] ?? '').trim();
      const mark = markText.toLowerCase();
      if (CREDIT_MARKS.has(mark)) return absDecimal(parsed.value);
      if (DEBIT_MARKS.has(mark)) return negateDecimal(absDecimal(parsed.value));
      return cellError(row, amount.mark, 'creditDebit', `"${markText}" is neither credit nor debit`);
    }
    // Credit minus debit; an empty side counts as zero, and a debit written with a minus is still a debit.
    const creditText = (cells[amount.credit] ?? '').trim();
    const debitText = (cells[amount.debit] ?? '').trim();
    if (creditText === '' && debitText === '') {
      return cellError(row, amount.credit, 'amountCredit', 'neither a credit nor a debit amount');
    }
    const credit =
      creditText === '' ? { ok: true as const, value: '0' } : parseAmount(creditText, amountOptions);
    if (!credit.ok) return cellError(row, amount.credit, 'amountCredit', credit.reason);
    const debit =
      debitText === '' ? { ok: true as const, value: '0' } : parseAmount(debitText, amountOptions);
    if (!debit.ok) return cellError(row, amount.debit, 'amountDebit', debit.reason);
    return subtractDecimals(absDecimal(credit.value), absDecimal(debit.value));
  }

  return (row: GridRow, fixedAccount: string | undefined): TransactionRow | RowError => {
    const date = parseDate(row.cells[plan.date] ?? '');
    if (!date.ok) return cellError(row, plan.date, 'date', date.reason);
    const amount = readAmount(row);
    if (typeof amount !== 'string') return amount;
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
    return { rowNumber: row.rowNumber, accountNumber, date: date.value, description, amount };
  };
}
