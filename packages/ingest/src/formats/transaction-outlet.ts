import { addDecimals, fromCents, toCents } from '../template/decimal-math.js';
import { isDebitTypeCode } from './read-bai2-transaction.js';
import type { Statement, StatementTransaction } from './statement.js';

/** Transactions handed on at a time: what the ingest worker sends its parent in one message. */
export const TRANSACTIONS_PER_BATCH = 1024;

/**
 * Transactions leaving a reader in file order; `statements[i]` is the statement of
 * `transactions[i]`, and `statementIndexes[i]` that statement's place in the array the reader
 * returns (the outlet's `end` puts the statements in that order).
 */
export interface TransactionBatch {
  transactions: StatementTransaction[];
  statements: Statement[];
  statementIndexes: number[];
}

/** Takes a batch; the reader reads on once the promise resolves (back-pressure). */
export type TransactionBatchHandler = (batch: TransactionBatch) => void | Promise<void>;

/** What the balance check needs of a statement's entries, counted as they were read. */
export interface EntryTotals {
  count: number;
  /** The sum of the amounts as a decimal string. */
  sum: string;
  /** BAI2: entries whose type code is a debit one (check-statement-balances.ts). */
  debitTypeCount: number;
}

/**
 * Where a statement reader puts its transactions (issue 15 point 1): without a handler they are kept
 * in their statement's `transactions`; with one they leave the reader in batches as it reads, so
 * memory holds one batch however many rows the file has, and each statement keeps only its count
 * (`transactionsHandedOn`). Either way the entries are totalled as they come, so the balance check
 * needs no rows. A row waits until its statement's account is settled (read, or the statement
 * ended): the handler sees the account it belongs to.
 */
export interface TransactionOutlet {
  add(statement: Statement, transaction: StatementTransaction): void;
  /**
   * The statement's account is final: its rows may leave. Registers a statement without rows.
   * Statements are numbered in the order they are settled: a row leaves with its statement's number.
   */
  settle(statement: Statement): void;
  /** Hands on full batches; a promise to await before reading on, or undefined when nothing left. */
  flush(): Promise<void> | undefined;
  /**
   * After the file's last statement: hands on every waiting row, marks the file's statements and
   * sorts them in place by their numbers (those never settled last, in their order), so each row's
   * statement index is its statement's place in the array, however the reader pushed them.
   */
  end(statements: Statement[]): Promise<void>;
  totalsOf(statement: Statement): EntryTotals;
}

/** The readers' option: where their transactions go (kept in the statements when not given). */
export interface OutletOption {
  outlet?: TransactionOutlet;
}

interface Tally {
  count: number;
  /** Cents while every amount has at most two decimals and the sum stays exact in a double. */
  cents: number;
  /** The exact sum once cents no longer do. */
  exact: string | undefined;
  debitTypeCount: number;
  isSettled: boolean;
  /** The statement's number once settled, else -1. */
  index: number;
}

export function createTransactionOutlet(onBatch?: TransactionBatchHandler): TransactionOutlet {
  const tallies = new Map<Statement, Tally>();
  let lastStatement: Statement | undefined;
  let lastTally: Tally | undefined;
  let transactions: StatementTransaction[] = [];
  let statements: Statement[] = [];
  /** Index of the first waiting row whose statement's account is not settled, or -1. */
  let firstUnsettled = -1;
  let settledCount = 0;

  function tallyOf(statement: Statement): Tally {
    if (statement === lastStatement) return lastTally as Tally;
    let tally = tallies.get(statement);
    if (!tally) {
      tally = { count: 0, cents: 0, exact: undefined, debitTypeCount: 0, isSettled: false, index: -1 };
      tallies.set(statement, tally);
    }
    lastStatement = statement;
    lastTally = tally;
    return tally;
  }

  function count(tally: Tally, statement: Statement, transaction: StatementTransaction) {
    tally.count++;
    if (tally.exact === undefined) {
      const cents = tally.cents + toCents(transaction.amount);
      if (Number.isSafeInteger(cents)) tally.cents = cents;
      else tally.exact = addDecimals(fromCents(tally.cents), transaction.amount);
    } else tally.exact = addDecimals(tally.exact, transaction.amount);
    if (statement.format === 'bai2' && isDebitTypeCode(transaction.typeCode ?? '')) tally.debitTypeCount++;
  }

  /** Rows that may leave now: all, or those before the first unsettled statement's. */
  const readyCount = () => (firstUnsettled === -1 ? transactions.length : firstUnsettled);

  /** Hands on full batches of the ready rows, and at the end the rest too. */
  async function handOn(handler: TransactionBatchHandler, isFinal: boolean) {
    const ready = readyCount();
    let from = 0;
    while (ready - from >= TRANSACTIONS_PER_BATCH || (isFinal && from < ready)) {
      const to = Math.min(ready, from + TRANSACTIONS_PER_BATCH);
      const batch = statements.slice(from, to);
      // Ready rows' statements are settled, so each has its number.
      const statementIndexes = batch.map((statement) => tallyOf(statement).index);
      await handler({ transactions: transactions.slice(from, to), statements: batch, statementIndexes });
      from = to;
    }
    if (from === 0) return;
    transactions = transactions.slice(from);
    statements = statements.slice(from);
    if (firstUnsettled !== -1) firstUnsettled -= from;
  }

  function settle(statement: Statement) {
    const tally = tallyOf(statement);
    if (tally.isSettled) return;
    tally.isSettled = true;
    tally.index = settledCount++;
    if (firstUnsettled === -1) return;
    for (; firstUnsettled < statements.length; firstUnsettled++) {
      if (!tallyOf(statements[firstUnsettled] as Statement).isSettled) return;
    }
    firstUnsettled = -1;
  }

  return {
    add(statement, transaction) {
      const tally = tallyOf(statement);
      count(tally, statement, transaction);
      if (!onBatch) {
        statement.transactions.push(transaction);
        return;
      }
      if (!tally.isSettled && firstUnsettled === -1) firstUnsettled = transactions.length;
      transactions.push(transaction);
      statements.push(statement);
    },
    settle,
    flush() {
      if (!onBatch || readyCount() < TRANSACTIONS_PER_BATCH) return undefined;
      return handOn(onBatch, false);
    },
    async end(read) {
      for (const statement of tallies.keys()) settle(statement);
      for (const statement of read) settle(statement);
      read.sort((a, b) => tallyOf(a).index - tallyOf(b).index);
      if (!onBatch) return;
      await handOn(onBatch, true);
      for (const statement of read) statement.transactionsHandedOn = tallies.get(statement)?.count ?? 0;
    },
    totalsOf(statement) {
      const tally = tallies.get(statement);
      if (!tally) return { count: 0, sum: '0', debitTypeCount: 0 };
      return {
        count: tally.count,
        sum: tally.exact ?? fromCents(tally.cents),
        debitTypeCount: tally.debitTypeCount,
      };
    },
  };
}
