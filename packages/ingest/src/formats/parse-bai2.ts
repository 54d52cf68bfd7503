import type { ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { readLines } from '../text/read-lines.js';
import { decimalsOf, readBai2Account, readBai2Date, type Bai2Group } from './read-bai2-account.js';
import { readBai2Transaction } from './read-bai2-transaction.js';
import { createBai2RecordSplitter, type Bai2Record } from './split-bai2-records.js';
import type { Statement } from './statement.js';
import { createTransactionOutlet, type OutletOption } from './transaction-outlet.js';

export { isDebitTypeCode } from './read-bai2-transaction.js';

export interface Bai2Options extends OutletOption {
  /**
   * Refuse a file whose trailer control totals or record counts do not add up. Off by default, as
   * some banks (the GSBI sample) send account trailers that never add up; they become warnings.
   * Missing trailers, which mean a truncated file, are always refused.
   */
  strictTrailers?: boolean;
  limits?: Partial<Limits>;
}

interface Totals {
  amount: bigint;
  /** Transactions' minor units added as a number while that is exact, then moved to `amount`. */
  small: number;
  records: number;
}

const newTotals = (amount: bigint, records: number): Totals => ({ amount, small: 0, records });
const sumOf = (totals: Totals) => totals.amount + BigInt(totals.small);

function addMinorUnits(totals: Totals, minorUnits: number | bigint) {
  if (typeof minorUnits === 'bigint') totals.amount += minorUnits;
  else if ((totals.small += minorUnits) > Number.MAX_SAFE_INTEGER / 2) {
    totals.amount += BigInt(totals.small);
    totals.small = 0;
  }
}

const malformed = (message: string, line?: number): ExtractionError => ({
  kind: 'malformed',
  format: 'bai2',
  message: line ? `BAI2 line ${line}: ${message}.` : `BAI2: ${message}.`,
  ...(line ? { line } : {}),
});

/** A trailer's record count and control total against what was read; blanks are not checked. */
function describeTrailerProblems(record: Bai2Record, totals: Totals, countField: number, label: string) {
  const problems: string[] = [];
  const count = record.fields[countField]?.trim() ?? '';
  if (count !== '' && Number(count) !== totals.records) {
    problems.push(`the ${label} record count ${count} does not match its ${totals.records} records`);
  }
  const total = record.fields[0]?.trim() ?? '';
  if (total !== '' && (!/^[-+]?\d+$/.test(total) || BigInt(total) !== sumOf(totals))) {
    problems.push(`the ${label} control total ${total} does not match the sum ${sumOf(totals)}`);
  }
  return problems;
}

/**
 * Reads a BAI2 file as a stream of lines into one statement per account block, checking account,
 * group and file trailers (control totals and record counts), so a truncated or edited file is
 * refused. Every failure names its line; never throws.
 */
export async function parseBai2(source: ByteSource, options: Bai2Options = {}): Promise<Result<Statement[]>> {
  try {
    return await readBai2(source, options);
  } catch {
    // The reader answers with typed errors; this guard keeps a job alive should it ever slip.
    return fail(malformed('the file could not be read: the reader met something it did not expect'));
  }
}

async function readBai2(source: ByteSource, options: Bai2Options): Promise<Result<Statement[]>> {
  const limits = resolveLimits(options.limits);
  const isStrict = options.strictTrailers === true;
  const outlet = options.outlet ?? createTransactionOutlet();
  const statements: Statement[] = [];
  const warnings: string[] = [];
  let file = newTotals(0n, 0);
  let group = newTotals(0n, 0);
  let account = newTotals(0n, 0);
  let groupInfo: Bai2Group & { line: number } = { currency: 'USD', line: 0 };
  let current: Statement | undefined;
  let decimals = 2;
  let rowCount = 0;
  let isFileOpen = false;
  let hasFileTrailer = false;
  let isGroupOpen = false;

  /** Trailer problems refuse the file when strict; otherwise they become warnings. */
  const checkTrailer = (record: Bai2Record, totals: Totals, countField: number, label: string) => {
    const problems = describeTrailerProblems(record, totals, countField, label);
    if (isStrict && problems.length > 0) return malformed(problems.join('; '), record.line);
    for (const problem of problems) warnings.push(`line ${record.line}: ${problem}`);
    return undefined;
  };

  function takeRecord(record: Bai2Record): ExtractionError | undefined {
    const at = record.line;
    if (!isFileOpen && record.code !== '01') {
      return hasFileTrailer
        ? malformed(`a ${record.code} record after the file trailer (99)`, at)
        : malformed('the file does not start with a file header (01)', at);
    }
    file.records += record.physicalCount;
    group.records += record.physicalCount;
    account.records += record.physicalCount;
    const f = record.fields;
    switch (record.code) {
      case '01':
        if (isFileOpen)
          return malformed('a file header (01) before the file trailer (99) of the file above', at);
        isFileOpen = true;
        hasFileTrailer = false;
        file = newTotals(0n, record.physicalCount);
        return undefined;
      case '02':
        if (isGroupOpen)
          return malformed('a group header (02) before the group trailer (98) of the group above', at);
        isGroupOpen = true;
        group = newTotals(0n, record.physicalCount);
        groupInfo = { currency: f[5]?.trim() || 'USD', line: at };
        {
          const date = readBai2Date(f[3] ?? '');
          if (date) groupInfo.date = date;
        }
        return undefined;
      case '03': {
        if (!isGroupOpen) return malformed('an account (03) outside a group', at);
        if (current)
          return malformed('an account (03) before the account trailer (49) of the account above', at);
        const read = readBai2Account(record, groupInfo);
        if (typeof read === 'string') return malformed(`account ${f[0]?.trim() ?? ''}: ${read}`, at);
        account = newTotals(read.controlAmount, record.physicalCount);
        current = read.statement;
        decimals = decimalsOf(current.currency ?? '');
        statements.push(current);
        outlet.settle(current);
        return undefined;
      }
      case '16': {
        if (!current) return malformed('a transaction (16) outside an account', at);
        if (!groupInfo.date) {
          return malformed(
            `the group header on line ${groupInfo.line} has no valid as-of date for this transaction`,
            at,
          );
        }
        const read = readBai2Transaction(record, groupInfo.date, decimals);
        if (typeof read === 'string')
          return malformed(`transaction of account ${current.accountId}: ${read}`, at);
        if (++rowCount > limits.maxRows) {
          return {
            kind: 'limit-exceeded',
            limit: 'rows',
            maximum: limits.maxRows,
            message: `The BAI2 file has more than ${limits.maxRows} transactions.`,
          };
        }
        addMinorUnits(account, read.minorUnits);
        outlet.add(current, read.transaction);
        return undefined;
      }
      case '49': {
        if (!current) return malformed('an account trailer (49) without an account', at);
        const problem = checkTrailer(record, account, 1, `account ${current.accountId}`);
        if (problem) return problem;
        group.amount += sumOf(account);
        if (warnings.length > 0) current.warnings = warnings.splice(0);
        current = undefined;
        return undefined;
      }
      case '98': {
        if (!isGroupOpen) return malformed('a group trailer (98) without a group', at);
        if (current) return malformed('a group trailer (98) before the account trailer (49)', at);
        const problem = checkTrailer(record, group, 2, 'group');
        if (problem) return problem;
        isGroupOpen = false;
        file.amount += sumOf(group);
        return undefined;
      }
      case '99': {
        if (isGroupOpen) return malformed('the file trailer (99) before the group trailer (98)', at);
        const problem = checkTrailer(record, file, 2, 'file');
        if (problem) return problem;
        isFileOpen = false;
        hasFileTrailer = true;
        return undefined;
      }
      default:
        return malformed(`"${record.code}" is not a BAI2 record type`, at);
    }
  }

  const splitter = createBai2RecordSplitter(takeRecord);
  const read = await readLines(
    source,
    {
      maxFileBytes: limits.maxFileBytes,
      maxLineLength: limits.maxCellLength,
      label: 'BAI2',
      eightBit: ['windows-1252', 'cp852'],
      afterSlice: () => outlet.flush(),
    },
    (line, lineNumber) => splitter.pushLine(line, lineNumber),
  );
  if (!read.ok) return read;
  const problem = splitter.finish();
  if (problem) return fail(problem);
  if (!hasFileTrailer && statements.length === 0 && !isFileOpen) {
    return fail(malformed('the file holds no BAI2 records'));
  }
  if (!hasFileTrailer || isFileOpen) {
    return fail(malformed('the file ends before its file trailer (99): it is cut short or incomplete'));
  }
  const last = statements[statements.length - 1];
  if (last && warnings.length > 0) last.warnings = [...(last.warnings ?? []), ...warnings];
  await outlet.end(statements);
  return ok(statements);
}
