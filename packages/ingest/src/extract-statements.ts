import type { ByteSource } from './core/byte-source.js';
import type { GridRow } from './core/grid.js';
import type { Limits } from './core/limits.js';
import { fail, ok, type Result } from './core/result.js';
import type { Extraction, ExtractOptions } from './extract-file.js';
import { readStatements, type StatementFileFormat } from './formats/read-statements.js';
import type { Statement, StatementTransaction } from './formats/statement.js';
import { listInvestmentRows } from './formats/statements-to-investment-rows.js';
import {
  listInvestmentTransactionRows,
  listTransactionRows,
  STATEMENT_GRID_HEADER,
  toStatementGridCells,
  toTransactionRow,
} from './formats/statements-to-rows.js';
import type { TransactionBatch } from './formats/transaction-outlet.js';
import type { TransactionRow } from './template/template-context.js';

/** The sheet a native file's transactions take in its .xlsx copy (statementsToGrid's). */
const GRID_SHEET = 'Transactions';

const refuseAccounts = (accounts: Iterable<string>): Result<never> =>
  fail({
    kind: 'rows-unreadable',
    message: `The file holds accounts the client does not have: ${[...accounts].join(', ')}`,
    rowErrors: [],
    totalRowErrors: 0,
  });

/**
 * A bank format read natively (ingestion.md step 2). With `onRows` the rows leave the reader in
 * batches as it reads (the grid rows too, to `onGridRows`), so memory holds a batch whatever the
 * file's size; the statements then keep their balances and counts, not their rows. As for CSV the
 * result decides: a file refused after some batches (a cut file, a balance that does not add up,
 * an account the client does not have) must have them rolled back.
 */
export async function extractStatements(
  source: ByteSource,
  format: StatementFileFormat,
  options: ExtractOptions,
  limits: Limits,
): Promise<Result<Extraction>> {
  const known = options.context?.knownAccountNumbers;
  const statementOptions = { ...options.statementOptions, limits };
  if (!options.onRows) {
    const statements = await readStatements(source, format, statementOptions);
    if (!statements.ok) return statements;
    const rows = listTransactionRows(statements.value);
    const unknown = known
      ? [...new Set(rows.map((r) => r.accountNumber))].filter((a) => !known.includes(a))
      : [];
    if (unknown.length > 0) return refuseAccounts(unknown);
    return ok(toExtraction(format, statements.value, rows));
  }

  const streamed = createRowStream(options.onRows, options.onGridRows, known);
  const statements = await readStatements(source, format, {
    ...statementOptions,
    onTransactions: streamed.take,
  });
  // A failed onRows is the caller's (a COPY): thrown as such, never read as a broken file.
  if (streamed.failure) throw streamed.failure.cause;
  if (!statements.ok) return statements;
  if (streamed.unknownAccounts.size > 0) return refuseAccounts(streamed.unknownAccounts);
  await streamed.finish();
  return ok(toExtraction(format, statements.value, []));
}

function toExtraction(
  format: StatementFileFormat,
  statements: Statement[],
  rows: TransactionRow[],
): Extraction {
  return {
    kind: 'statements',
    format,
    statements,
    rows,
    investmentTransactions: listInvestmentTransactionRows(statements),
    investmentRows: listInvestmentRows(statements),
  };
}

/**
 * Turns the reader's batches into canonical rows for `onRows` (numbered through the file) and grid
 * rows for `onGridRows` (the header first, as statementsToGrid lays them out). Once a row of an
 * account the client does not have is seen nothing more is handed on: the file will fail naming
 * every such account.
 */
function createRowStream(
  onRows: NonNullable<ExtractOptions['onRows']>,
  onGridRows: ExtractOptions['onGridRows'],
  knownAccounts: readonly string[] | undefined,
) {
  const known = knownAccounts ? new Set(knownAccounts) : undefined;
  const unknownAccounts = new Set<string>();
  let rowNumber = 0;
  let hasHeader = false;
  let failure: { cause: unknown } | undefined;

  async function sendHeader() {
    hasHeader = true;
    await onGridRows?.([{ rowNumber: 1, cells: [...STATEMENT_GRID_HEADER] }], GRID_SHEET);
  }

  async function take({ transactions, statements, statementIndexes }: TransactionBatch) {
    const rows: TransactionRow[] = [];
    const gridRows: GridRow[] = [];
    for (let i = 0; i < transactions.length; i++) {
      const statement = statements[i] as Statement;
      const transaction = transactions[i] as StatementTransaction;
      rowNumber++;
      if (known && !known.has(statement.accountId)) unknownAccounts.add(statement.accountId);
      if (unknownAccounts.size > 0) continue;
      rows.push(toTransactionRow(rowNumber, statement, transaction, statementIndexes[i] as number));
      if (onGridRows)
        gridRows.push({ rowNumber: rowNumber + 1, cells: toStatementGridCells(statement, transaction) });
    }
    if (rows.length === 0) return;
    try {
      await onRows(rows);
      if (onGridRows) {
        if (!hasHeader) await sendHeader();
        await onGridRows(gridRows, GRID_SHEET);
      }
    } catch (cause) {
      failure = { cause };
      // Stops the reader; extractStatements throws the cause.
      throw cause;
    }
  }

  return {
    take,
    unknownAccounts,
    get failure() {
      return failure;
    },
    /** A file without transactions still gets its grid's header, as statementsToGrid gives it. */
    async finish() {
      if (onGridRows && !hasHeader) await sendHeader();
    },
  };
}
