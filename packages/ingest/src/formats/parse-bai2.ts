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
  limits?: Partial<Limits>;
}

interface Totals {
  amount: bigint;
  /** Transactions' minor units added as a number while that is exact, then moved to `amount`. */
  small: number;
  records: number;
  /** The accounts (03) of a group, the groups (02) of a file. */
  parts: number;
}

const newTotals = (amount: bigint, records: number): Totals => ({ amount, small: 0, records, parts: 0 });
const sumOf = (totals: Totals) => totals.amount + BigInt(totals.small);

function addMinorUnits(totals: Totals, minorUnits: number | bigint) {
  if (typeof minorUnits === 'bigint') totals.amount += minorUnits;
  else if ((totals.small += minorUnits) > Number.MAX_SAFE_INTEGER / 2) {
    totals.amount += BigInt(totals.small);
    totals.small = 0;
  }
}

const SIGNED_DIGITS = /^[-+]?\d+$/;
const DIGITS = /^\d+$/;

const malformed = (message: string, line?: number): ExtractionError => ({
  kind: 'malformed',
  format: 'bai2',
  message: line ? `BAI2 line ${line}: ${message}.` : `BAI2: ${message}.`,
  ...(line ? { line } : {}),
});

/** How one kind of trailer is checked: where its count fields are, and the words of a message. */
interface TrailerCheck {
  /** "the account trailer (49) of account 1234", "the group trailer (98)". */
  name: string;
  /** "the account's amounts", "the group's accounts": what the control total adds up. */
  summed: string;
  /** "the account", "the group": what holds the records counted. */
  holder: string;
  recordsField: number;
  /** The field counting the accounts (98) or groups (99), with their name. */
  parts?: { field: number; name: string };
}

/**
 * A trailer's control total, record count and (98, 99) count of accounts or groups against what
 * was read, as the BAI2 spec defines them: the 49 total adds every amount of the 03 and 16 records
 * (funds-type and item-count fields aside), 98 and 99 add the totals below them, and a record
 * count includes the 88 continuations and the header and trailer themselves. A blank field is not
 * checked (the totals above still are); any other mismatch refuses the file, naming both figures.
 */
function checkTrailer(record: Bai2Record, totals: Totals, check: TrailerCheck): ExtractionError | undefined {
  const problems: string[] = [];
  const total = record.fields[0]?.trim() ?? '';
  if (total !== '' && !SIGNED_DIGITS.test(total)) {
    problems.push(`its control total "${total}" is not a number`);
  } else if (total !== '' && BigInt(total) !== sumOf(totals)) {
    problems.push(`its control total is ${total}, but ${check.summed} add up to ${sumOf(totals)}`);
  }
  if (check.parts) {
    const parts = describeCount(record, check.parts.field, totals.parts, check.parts.name, check.holder);
    if (parts) problems.push(parts);
  }
  const records = describeCount(record, check.recordsField, totals.records, 'records', check.holder);
  if (records) problems.push(records);
  if (problems.length === 0) return undefined;
  return malformed(`${check.name} does not add up: ${problems.join('; ')}`, record.line);
}

/** A count field of a trailer that is not the count read, in words; undefined when it matches. */
function describeCount(record: Bai2Record, field: number, actual: number, name: string, holder: string) {
  const count = record.fields[field]?.trim() ?? '';
  if (count === '') return undefined;
  if (!DIGITS.test(count)) return `its number of ${name} "${count}" is not a number`;
  return Number(count) === actual
    ? undefined
    : `it counts ${Number(count)} ${name}, but ${holder} has ${actual}`;
}

/**
 * Reads a BAI2 file as a stream of lines into one statement per account block, checking account,
 * group and file trailers (control totals, record counts, numbers of accounts and groups), so a
 * truncated or edited file, or one missing a record, is refused whole (issue 39). Every failure
 * names its line; never throws.
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
  const outlet = options.outlet ?? createTransactionOutlet();
  const statements: Statement[] = [];
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
        file.parts++;
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
        group.parts++;
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
        const problem = checkTrailer(record, account, {
          name: `the account trailer (49) of account ${current.accountId}`,
          summed: "the account's amounts",
          holder: 'the account',
          recordsField: 1,
        });
        if (problem) return problem;
        group.amount += sumOf(account);
        current = undefined;
        return undefined;
      }
      case '98': {
        if (!isGroupOpen) return malformed('a group trailer (98) without a group', at);
        if (current) return malformed('a group trailer (98) before the account trailer (49)', at);
        const problem = checkTrailer(record, group, {
          name: 'the group trailer (98)',
          summed: "the group's accounts",
          holder: 'the group',
          recordsField: 2,
          parts: { field: 1, name: 'accounts' },
        });
        if (problem) return problem;
        isGroupOpen = false;
        file.amount += sumOf(group);
        return undefined;
      }
      case '99': {
        if (isGroupOpen) return malformed('the file trailer (99) before the group trailer (98)', at);
        const problem = checkTrailer(record, file, {
          name: 'the file trailer (99)',
          summed: "the file's groups",
          holder: 'the file',
          recordsField: 2,
          parts: { field: 1, name: 'groups' },
        });
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
  await outlet.end(statements);
  return ok(statements);
}
