import { describe, expect, it } from 'vitest';
import type { Statement, StatementTransaction } from './statement.js';
import { createTransactionOutlet, type TransactionBatch } from './transaction-outlet.js';

const statementOf = (accountId: string): Statement => ({
  format: 'mt940',
  accountId,
  balances: [],
  transactions: [],
});
const entry = (amount: string): StatementTransaction => ({ date: '2024-01-02', amount, description: amount });

/**
 * A reader that settles its statements in another order than it pushes them, one statement
 * without rows, another whose account is only known after its rows (they wait for it).
 */
async function readOutOfOrder(onBatch?: (batch: TransactionBatch) => void) {
  const outlet = createTransactionOutlet(onBatch);
  const [a, b, c, d] = ['A', 'B', 'C', 'D'].map(statementOf) as [Statement, Statement, Statement, Statement];
  // Pushed A, B, C, D; settled B (no rows), then C, then A; D never settled and without rows.
  const pushed = [a, b, c, d];
  outlet.settle(b);
  outlet.add(a, entry('1'));
  outlet.add(c, entry('2'));
  outlet.settle(c);
  outlet.add(a, entry('3'));
  outlet.settle(a);
  await outlet.end(pushed);
  return pushed;
}

describe('createTransactionOutlet: statement indexes (issue 39 point 1)', () => {
  it('numbers statements as they are settled and sorts the file by it, so indexes point into the array', async () => {
    const batches: TransactionBatch[] = [];
    const statements = await readOutOfOrder((batch) => void batches.push(batch));
    expect(statements.map((s) => s.accountId)).toEqual(['B', 'C', 'A', 'D']);
    const rows = batches.flatMap((batch) =>
      batch.transactions.map((t, i) => [t.amount, batch.statements[i]?.accountId, batch.statementIndexes[i]]),
    );
    // File order of the rows; each index is its statement's place in the sorted array.
    expect(rows).toEqual([
      ['1', 'A', 2],
      ['2', 'C', 1],
      ['3', 'A', 2],
    ]);
    for (const [, account, index] of rows) expect(statements[index as number]?.accountId).toBe(account);
    expect(statements.map((s) => s.transactionsHandedOn)).toEqual([0, 1, 2, 0]);
  });

  it('sorts the statements the same way when they keep their rows', async () => {
    const statements = await readOutOfOrder();
    expect(statements.map((s) => [s.accountId, s.transactions.map((t) => t.amount)])).toEqual([
      ['B', []],
      ['C', ['2']],
      ['A', ['1', '3']],
      ['D', []],
    ]);
  });
});
