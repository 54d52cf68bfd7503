import type { CanonicalRow } from '@tideline/ingest/extract-grid';
import type { InvestmentRow, TransactionRow } from '@tideline/ingest/template/template-context';
import type { RowSink, StagingTable, StagingValue } from './staging-sinks';
import {
  checkRow,
  STAGING_INVESTMENTS,
  STAGING_TRANSACTIONS,
  toInvestmentValues,
  toTransactionValues,
  type RowContext,
} from './staging-tables';

/** What one batch account got from the file: its rows and their first and last dates. */
export interface AccountTally {
  rows: number;
  minDate: string | null;
  maxDate: string | null;
}

export interface StagingSummary {
  table: StagingTable | null;
  rowCount: number;
  accounts: Map<number, AccountTally>;
  /** Account numbers of rows with no account in the batch: the file fails naming them. */
  unknownAccounts: string[];
  /** The first rows that cannot be staged (a number past its column's size), and how many in all. */
  rowProblems: string[];
  rowProblemCount: number;
}

const LISTED_PROBLEMS = 20;

/**
 * Turns the extraction's row batches into staging rows as they come (the worker's back-pressure
 * keeps at most two batches in memory): each row gets its batch account by account number, its
 * keyword, and goes to the sink of its table. Once the file is bound to fail (an account outside the
 * batch, a row that cannot be staged), nothing more is written, but every row is still looked at so
 * the message names every such account.
 */
export function createStagingWriter(options: {
  refs: { clientId: number; batchId: number; batchFileId: number };
  batchAccountOf(accountNumber: string): number | undefined;
  context: RowContext;
  openSink(table: StagingTable): RowSink;
}) {
  const { refs, context } = options;
  const accounts = new Map<number, AccountTally>();
  const unknown = new Set<string>();
  const rowProblems: string[] = [];
  let rowProblemCount = 0;
  let table: StagingTable | null = null;
  let sink: RowSink | null = null;
  let rowCount = 0;

  const isFailing = () => unknown.size > 0 || rowProblemCount > 0;

  function tally(batchAccountId: number, date: string | null) {
    const t = accounts.get(batchAccountId) ?? { rows: 0, minDate: null, maxDate: null };
    t.rows += 1;
    if (date !== null) {
      if (t.minDate === null || date < t.minDate) t.minDate = date;
      if (t.maxDate === null || date > t.maxDate) t.maxDate = date;
    }
    accounts.set(batchAccountId, t);
  }

  function toValues(row: TransactionRow | InvestmentRow): StagingValue[] | null {
    const accountNumber = row.accountNumber.trim();
    const batchAccountId = options.batchAccountOf(accountNumber);
    if (batchAccountId === undefined) {
      unknown.add(accountNumber);
      return null;
    }
    const problem = checkRow(row);
    if (problem) {
      rowProblemCount += 1;
      if (rowProblems.length < LISTED_PROBLEMS)
        rowProblems.push(`row ${row.rowNumber}${row.sheet ? ` of sheet ${row.sheet}` : ''}: ${problem}`);
      return null;
    }
    const rowRefs = { ...refs, batchAccountId };
    if ('amount' in row) {
      tally(batchAccountId, row.date);
      return toTransactionValues(rowRefs, row, context);
    }
    tally(batchAccountId, row.settlementDate);
    return toInvestmentValues(rowRefs, row, context);
  }

  return {
    async write(rows: readonly CanonicalRow[]): Promise<void> {
      if (rows.length === 0) return;
      if (!table) {
        table = 'faceValue' in rows[0]! ? STAGING_INVESTMENTS : STAGING_TRANSACTIONS;
        sink = options.openSink(table);
      }
      const values: StagingValue[][] = [];
      for (const row of rows as (TransactionRow | InvestmentRow)[]) {
        const v = toValues(row);
        if (v && !isFailing()) values.push(v);
      }
      if (isFailing() || values.length === 0) return;
      rowCount += values.length;
      await sink!.write(values);
    },
    /** An account the file delivers without rows (a statement of a month without entries). */
    noteAccount(batchAccountId: number): void {
      if (!accounts.has(batchAccountId))
        accounts.set(batchAccountId, { rows: 0, minDate: null, maxDate: null });
    },
    noteUnknownAccount(accountNumber: string): void {
      unknown.add(accountNumber);
    },
    /** Flushes the sink (when the file is to be staged) and says what was staged. */
    async finish(): Promise<StagingSummary> {
      if (sink) await (isFailing() ? sink.abort() : sink.finish());
      return {
        table,
        rowCount: isFailing() ? 0 : rowCount,
        accounts: isFailing() ? new Map() : accounts,
        unknownAccounts: [...unknown].sort(),
        rowProblems,
        rowProblemCount,
      };
    },
    async abort(): Promise<void> {
      await sink?.abort();
    },
  };
}

export type StagingWriter = ReturnType<typeof createStagingWriter>;
