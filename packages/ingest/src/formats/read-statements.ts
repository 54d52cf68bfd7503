import type { ByteSource } from '../core/byte-source.js';
import type { Limits } from '../core/limits.js';
import { fail, type Result } from '../core/result.js';
import { checkStatementBalances } from './check-statement-balances.js';
import type { FileFormat } from './detect-format.js';
import { parseBai2, type Bai2Options } from './parse-bai2.js';
import { parseCamt } from './parse-camt.js';
import { parseMt940 } from './parse-mt940.js';
import { parseOfx } from './parse-ofx.js';
import type { Statement } from './statement.js';
import { createTransactionOutlet, type TransactionBatchHandler } from './transaction-outlet.js';

export type StatementFileFormat = Extract<FileFormat, 'bai2' | 'camt' | 'ofx' | 'mt940'>;

export function isStatementFormat(format: FileFormat): format is StatementFileFormat {
  return format === 'bai2' || format === 'camt' || format === 'ofx' || format === 'mt940';
}

export type StatementOptions = Omit<Bai2Options, 'outlet'> & {
  limits?: Partial<Limits>;
  /**
   * Takes the transactions in batches as they are read instead of keeping them in the statements
   * (each then says how many it had in `transactionsHandedOn`): memory holds a batch, not the file.
   * The result still decides: a file refused after some batches (a cut file, a balance that does
   * not add up) must have them undone, as extractFile's onRows.
   */
  onTransactions?: TransactionBatchHandler;
};

/**
 * Reads a bank format natively into canonical statements (ingestion.md step 2), every format as
 * a stream, then checks each statement's opening balance and entries against its closing balance
 * (check-statement-balances.ts) on the totals counted while reading. Never throws.
 */
export async function readStatements(
  source: ByteSource,
  format: StatementFileFormat,
  options: StatementOptions = {},
): Promise<Result<Statement[]>> {
  try {
    const { onTransactions, ...rest } = options;
    const outlet = createTransactionOutlet(onTransactions);
    const read = await readFormat(source, format, { ...rest, outlet });
    if (!read.ok) return read;
    for (const statement of read.value) if (statement.format === 'mt940') dateMt940Statement(statement);
    const unbalanced = checkStatementBalances(read.value, (s) => outlet.totalsOf(s));
    return unbalanced ? fail(unbalanced) : read;
  } catch {
    // The parsers return typed errors; this is the last guard so a job never crashes on a file.
    const name = typeof format === 'string' ? format : 'statement';
    return fail({
      kind: 'malformed',
      format: name,
      message: `The ${name} file could not be read: the reader met something it did not expect.`,
    });
  }
}

/** An MT940 statement (or page) runs from its :60F:/:60M: date to its :62F:/:62M: date. */
function dateMt940Statement(statement: Statement): void {
  const opening = statement.balances.find((b) => b.type === 'opening');
  const closing = statement.balances.findLast((b) => b.type === 'closing');
  if (opening?.date && statement.fromDate === undefined) statement.fromDate = opening.date;
  if (closing?.date && statement.toDate === undefined) statement.toDate = closing.date;
}

function readFormat(
  source: ByteSource,
  format: StatementFileFormat,
  options: Bai2Options,
): Promise<Result<Statement[]>> {
  switch (format) {
    case 'camt':
      return parseCamt(source, options);
    case 'ofx':
      return parseOfx(source, options);
    case 'bai2':
      return parseBai2(source, options);
    case 'mt940':
      return parseMt940(source, options);
  }
}
