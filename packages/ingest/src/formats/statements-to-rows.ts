import { createGrid, type Grid } from '../core/grid.js';
import type { InvestmentTransactionRow, TransactionRow } from '../template/template-context.js';
import type { Statement } from './statement.js';

/** Canonical staging rows from native statements; rowNumber counts transactions through the file. */
export function statementsToTransactionRows(statements: readonly Statement[]): TransactionRow[] {
  let rowNumber = 0;
  return statements.flatMap((s) =>
    s.transactions.map((t) => ({
      rowNumber: ++rowNumber,
      accountNumber: s.accountId,
      date: t.date,
      description: t.description,
      amount: t.amount,
    })),
  );
}

/** Canonical investment transaction rows from OFX investment statements' trades. */
export function statementsToInvestmentTransactionRows(
  statements: readonly Statement[],
): InvestmentTransactionRow[] {
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

/** A grid of the statements' transactions, so native files get their .xlsx (hasExcel) too. */
export function statementsToGrid(statements: readonly Statement[]): Grid {
  const header = [
    'Account',
    'Currency',
    'Date',
    'Value date',
    'Amount',
    'Description',
    'Bank reference',
    'Type code',
  ];
  const rows = statements.flatMap((s) =>
    s.transactions.map((t) => [
      s.accountId,
      s.currency ?? '',
      t.date,
      t.valueDate ?? '',
      t.amount,
      t.description,
      t.bankReference ?? '',
      t.typeCode ?? '',
    ]),
  );
  return createGrid([header, ...rows], { format: 'csv' }, 'Transactions');
}
