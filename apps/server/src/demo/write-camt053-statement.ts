import {
  CAMT_STATEMENT_END,
  formatCamtBalance,
  formatCamtEntry,
  formatCamtStatementStart,
} from './camt053-writer';
import type { DemoStatement } from './demo-statement';

/**
 * One account's month as camt.053: the opening booked balance (OPBD) on the first day, the closing
 * booked balance (CLBD) on the last, and an entry per transaction with its booking date.
 */
export function writeCamt053Statement(statement: DemoStatement): string {
  const { account, month } = statement;
  const id = `${account.accountNumber}-${month}`;
  const parts = [
    formatCamtStatementStart({
      messageId: `STMT-${id}`,
      createdAt: `${statement.to}T23:59:59`,
      statementId: id,
      accountId: account.accountNumber,
      currency: 'USD',
      period: { from: statement.from, to: statement.to },
    }),
    formatCamtBalance('OPBD', statement.openingCents, statement.from),
    formatCamtBalance('CLBD', statement.closingCents, statement.to),
  ];
  statement.entries.forEach((entry, i) => {
    parts.push(
      formatCamtEntry({
        cents: entry.cents,
        date: entry.date,
        reference: `${id}-${String(i + 1).padStart(5, '0')}`,
        text: entry.description,
      }),
    );
  });
  parts.push(CAMT_STATEMENT_END);
  return parts.join('');
}
