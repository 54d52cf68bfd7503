import { guardValue } from '../core/guard-reader.js';
import { createGrid, type Grid } from '../core/grid.js';
import type { InvestmentTransactionRow, TransactionRow } from '../template/template-context.js';
import { readBankReference } from './read-bank-reference.js';
import type { Statement, StatementTransaction } from './statement.js';

/**
 * Canonical staging rows from native statements; rowNumber counts transactions through the file,
 * statementIndex is the row's statement's place in `statements`.
 */
export function statementsToTransactionRows(statements: readonly Statement[]): TransactionRow[] {
  return guardValue(
    () => listTransactionRows(statements),
    () => [],
  );
}

/** Canonical investment transaction rows from OFX investment statements' trades. */
export function statementsToInvestmentTransactionRows(
  statements: readonly Statement[],
): InvestmentTransactionRow[] {
  return guardValue(
    () => listInvestmentTransactionRows(statements),
    () => [],
  );
}

/** statementsToTransactionRows for extraction itself: a bug here must fail the file, not give no rows. */
export function listTransactionRows(statements: readonly Statement[]): TransactionRow[] {
  let rowNumber = 0;
  return statements.flatMap((s, statementIndex) =>
    s.transactions.map((t) => toTransactionRow(++rowNumber, s, t, statementIndex)),
  );
}

/** One staging row of a native statement's transaction. */
export function toTransactionRow(
  rowNumber: number,
  statement: Statement,
  transaction: StatementTransaction,
  statementIndex: number,
): TransactionRow {
  const row: TransactionRow = {
    rowNumber,
    accountNumber: statement.accountId,
    date: transaction.date,
    description: transaction.description,
    amount: transaction.amount,
    statementIndex,
  };
  const bankReference = readBankReference(transaction.bankReference);
  if (bankReference !== undefined) row.bankReference = bankReference;
  return row;
}

export function listInvestmentTransactionRows(statements: readonly Statement[]): InvestmentTransactionRow[] {
  let rowNumber = 0;
  return statements.flatMap((s) =>
    (s.investmentTransactions ?? []).map((t) => ({
      rowNumber: ++rowNumber,
      accountNumber: s.accountId,
      date: t.date,
      settlementDate: t.settleDate ?? null,
      type: t.type,
      subType: t.subType ?? null,
      securityId: t.securityId ?? null,
      securityIdType: t.securityIdType ?? null,
      securityName: t.securityName ?? null,
      units: t.units ?? null,
      unitPrice: t.unitPrice ?? null,
      total: t.total ?? null,
      description: t.description,
      bankReference: t.bankReference ?? null,
    })),
  );
}

/** The columns of a native file's transactions as a grid (its .xlsx copy). */
export const STATEMENT_GRID_HEADER: readonly string[] = [
  'Account',
  'Currency',
  'Date',
  'Value date',
  'Amount',
  'Description',
  'Bank reference',
  'Type code',
];

export function toStatementGridCells(s: Statement, t: StatementTransaction): string[] {
  return [
    s.accountId,
    s.currency ?? '',
    t.date,
    t.valueDate ?? '',
    t.amount,
    t.description,
    t.bankReference ?? '',
    t.typeCode ?? '',
  ];
}

/**
 * A grid of the statements' transactions, so native files get their .xlsx (hasExcel) too. The
 * rows of statements whose transactions were handed on (`transactionsHandedOn`) went to
 * extractFile's onGridRows as they were read: they are not here, and when no statement holds its
 * rows the grid has no sheet at all (its header went with them).
 */
export function statementsToGrid(statements: readonly Statement[]): Grid {
  return guardValue(
    () => toGrid(statements),
    () => ({ sheets: [], source: { format: 'csv' } }),
  );
}

function toGrid(statements: readonly Statement[]): Grid {
  const held = statements.filter((s) => s.transactionsHandedOn === undefined);
  if (held.length === 0 && statements.length > 0) return { sheets: [], source: { format: 'csv' } };
  const rows = held.flatMap((s) => s.transactions.map((t) => toStatementGridCells(s, t)));
  return createGrid([[...STATEMENT_GRID_HEADER], ...rows], { format: 'csv' }, 'Transactions');
}
