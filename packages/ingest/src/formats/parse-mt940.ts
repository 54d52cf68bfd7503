import type { ByteSource } from '../core/byte-source.js';
import type { ExtractionError } from '../core/extraction-error.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { addDecimals } from '../template/decimal-math.js';
import { readLines } from '../text/read-lines.js';
import { describeMt940Details } from './describe-mt940-details.js';
import { detachText } from './detach-text.js';
import { createMt940Draft, finishMt940Statement, type Mt940Draft } from './finish-mt940-statement.js';
import { readMt940Balance, readMt940EntryTotals, readMt940StatementLine } from './read-mt940-fields.js';
import type { Statement, StatementTransaction } from './statement.js';
import { createTransactionOutlet, type OutletOption } from './transaction-outlet.js';

const TAG_LINE = /^:(\w{2,3}):(.*)$/;
/**
 * The end of a SWIFT message's text block ("-", "-}", "-}{5:{CHK:…}}"); lines after it up to the
 * next tag are envelope.
 */
const END_LINE = /^-(\}.*)?$/;
/** The fields of a statement: one with no statement open (no :20: above it) starts one of its own. */
const STATEMENT_TAGS = new Set(
  '21 25 25P 28 28C 13 13D 34F 60F 60M 61 62F 62M 64 65 86 90D 90C NS'.split(' '),
);
/** The message type written as a field, before the statements (Rabobank's ":940:"). */
const MESSAGE_TYPE_TAG = /^9\d\d$/;
/**
 * Lines outside any statement that are envelope, not statement text: SWIFT blocks
 * ("{1:F01…}{2:…}{4:", "-}{5:…}") and the short header lines banks put first ("ABNANL2A", "940",
 * "0000 01INGBNL2AXXXX00001"). A line with a comma or a colon may be a balance or a field that
 * lost its tag, so it is refused rather than passed over.
 */
const ENVELOPE_LINE = /^\{|^-\}|^[^,:]{1,80}$/;

const BALANCE_TYPES: Record<string, string> = {
  '60F': 'opening',
  '60M': 'opening',
  '62F': 'closing',
  '62M': 'closing',
  '64': 'closing_available',
  '65': 'forward_available',
};

interface Field {
  tag: string;
  value: string;
  line: number;
}

interface PendingLine {
  transaction: StatementTransaction;
  supplementary: string;
  details?: string;
  nonSwift?: string;
}

export interface Mt940Options extends OutletOption {
  limits?: Partial<Limits>;
}

/**
 * Reads SWIFT MT940 statements (and MT942 reports) as a stream of lines: one statement per :20:
 * block, :61: lines with their :86: and :NS: details. A statement must be complete (see
 * finish-mt940-statement.ts); every failure names its line. Never throws.
 */
export async function parseMt940(
  source: ByteSource,
  options: Mt940Options = {},
): Promise<Result<Statement[]>> {
  try {
    return await readMt940(source, options);
  } catch {
    // The reader answers with typed errors; this guard keeps a job alive should it ever slip.
    return fail({
      kind: 'malformed',
      format: 'mt940',
      message: 'The MT940 file could not be read: the reader met something it did not expect.',
    });
  }
}

async function readMt940(source: ByteSource, options: Mt940Options): Promise<Result<Statement[]>> {
  const limits = resolveLimits(options.limits);
  const outlet = options.outlet ?? createTransactionOutlet();
  const statements: Statement[] = [];
  let draft: Mt940Draft | undefined;
  let pending: PendingLine | undefined;
  let field: Field | undefined;
  let isMessageEnded = false;
  let rowCount = 0;

  const malformed = (message: string, line: number): ExtractionError => ({
    kind: 'malformed',
    format: 'mt940',
    message: `MT940 line ${line}: ${message}.`,
    line,
  });

  function flushLine() {
    if (pending && draft) {
      const { details, nonSwift, supplementary } = pending;
      pending.transaction.description = detachText(describeMt940Details(details, nonSwift, supplementary));
      outlet.add(draft.statement, pending.transaction);
    }
    pending = undefined;
  }

  /** Finishes the statement above, if any, and opens the next; `reference` is its :20:. */
  function openStatement(reference: string | undefined, line: number): ExtractionError | undefined {
    const previous = draft;
    if (previous) {
      const problem = finishMt940Statement(previous, false);
      if (problem) return problem;
      outlet.settle(previous.statement);
    }
    const statement: Statement = { format: 'mt940', accountId: '', balances: [], transactions: [] };
    if (reference === undefined) {
      statement.warnings = [
        `MT940 line ${line}: statement ${statements.length + 1} has no transaction reference (:20:); it is read as a statement of its own.`,
      ];
    } else statement.statementId = detachText(reference);
    statements.push(statement);
    draft = createMt940Draft(statement, statements.length, line);
    return undefined;
  }

  function takeField({ tag, value, line }: Field): ExtractionError | undefined {
    if (tag !== '86' && tag !== 'NS') flushLine();
    if (tag === '20') return openStatement(value.trim(), line);
    if (!draft || draft.hasEndLine) {
      // Outside a statement (before the first :20:, or after a message's end line "-"): a
      // statement's fields are a page that lost its :20:, read as its own statement (with its
      // own account and balances, so its figures are checked), never dropped (issue 39).
      if (MESSAGE_TYPE_TAG.test(tag)) return undefined;
      if (!STATEMENT_TAGS.has(tag)) {
        return malformed(`the field :${tag}: stands outside any statement (no :20: above it)`, line);
      }
      const problem = openStatement(undefined, line);
      if (problem) return problem;
    }
    if (!draft) return undefined;
    const { statement } = draft;
    switch (tag) {
      case '25':
        // A statement has one account; a second :25: does not move rows already handed on.
        if (!draft.hasAccount) statement.accountId = detachText(value.trim());
        draft.hasAccount = true;
        outlet.settle(statement);
        return undefined;
      case '13D':
      case '34F':
        draft.isInterim = true;
        return undefined;
      case '60F':
      case '60M':
      case '62F':
      case '62M':
      case '64':
      case '65': {
        const balance = readMt940Balance(value, BALANCE_TYPES[tag] ?? tag);
        if (typeof balance === 'string') return malformed(`:${tag}: ${balance}`, line);
        statement.balances.push(balance);
        statement.currency ??= balance.currency;
        if (balance.type === 'opening' && !draft.hasOpening) {
          draft.hasOpening = true;
          statement.openingBalance = balance.amount;
        }
        if (balance.type === 'closing') {
          draft.closing = { tag, line };
          statement.closingBalance = balance.amount;
        }
        return undefined;
      }
      case '90D':
      case '90C': {
        const totals = readMt940EntryTotals(value, tag === '90D' ? 'total_debits' : 'total_credits');
        if (typeof totals === 'string') return malformed(`:${tag}: ${totals}`, line);
        statement.balances.push(totals);
        const tally = tag === '90D' ? draft.debits : draft.credits;
        tally.stated = { count: totals.itemCount ?? 0, amount: totals.amount, line };
        return undefined;
      }
      case '61': {
        if (draft.closing) {
          return malformed(
            `a statement line (:61:) after the closing balance (:${draft.closing.tag}:) on line ${draft.closing.line}`,
            line,
          );
        }
        const read = readMt940StatementLine(value);
        if (typeof read === 'string') return malformed(read, line);
        if (++rowCount > limits.maxRows) {
          return {
            kind: 'limit-exceeded',
            limit: 'rows',
            maximum: limits.maxRows,
            message: `The MT940 file has more than ${limits.maxRows} statement lines.`,
          };
        }
        const tally = read.isDebit ? draft.debits : draft.credits;
        tally.count++;
        tally.sum = addDecimals(tally.sum, read.magnitude);
        pending = { transaction: read.transaction, supplementary: read.supplementary };
        return undefined;
      }
      case '86': {
        // Line ends are padding, not text; leading spaces of wrapped lines are kept.
        const text = value.replace(/[ \t]+$/gm, '').replace(/^\s+/, '');
        if (pending) pending.details = pending.details === undefined ? text : `${pending.details}\n${text}`;
        return undefined;
      }
      case 'NS':
        if (pending) pending.nonSwift = value;
        return undefined;
      default:
        return undefined;
    }
  }

  function takeLine(
    rawLine: string,
    lineNumber: number,
    isUnterminated: boolean,
  ): ExtractionError | undefined {
    // eslint-disable-next-line no-control-regex -- SOH and ETX are transmission framing, not text
    const line = rawLine.replace(/[\u0001\u0003]/g, '');
    // SWIFT ends every line with a line break: a file that stops inside one was cut, and the
    // cut may have taken the decimals of a balance or the statements after it.
    if (isUnterminated && line.trim() !== '' && !END_LINE.test(line.trim())) {
      return malformed('the file ends inside this line, without its line break: it is cut short', lineNumber);
    }
    const tagged = TAG_LINE.exec(line);
    if (tagged) {
      const previous = field;
      field = { tag: tagged[1] ?? '', value: tagged[2] ?? '', line: lineNumber };
      isMessageEnded = false;
      return previous ? takeField(previous) : undefined;
    }
    const trimmed = line.trim();
    if (END_LINE.test(trimmed)) {
      const previous = field;
      field = undefined;
      isMessageEnded = true;
      const problem = previous ? takeField(previous) : undefined;
      if (draft) draft.hasEndLine = true;
      return problem;
    }
    if (trimmed === '') return undefined;
    if (field && !isMessageEnded && !MESSAGE_TYPE_TAG.test(field.tag)) {
      field.value += `\n${line}`;
      return undefined;
    }
    // Before a :20: or after a message's end only envelope may stand; other text is refused.
    if (ENVELOPE_LINE.test(trimmed)) return undefined;
    const shown = trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed;
    return malformed(`the text "${shown}" stands outside any statement field`, lineNumber);
  }

  const read = await readLines(
    source,
    {
      maxFileBytes: limits.maxFileBytes,
      maxLineLength: limits.maxCellLength,
      label: 'MT940',
      eightBit: ['windows-1252', 'cp852'],
      afterSlice: () => outlet.flush(),
    },
    takeLine,
  );
  if (!read.ok) return read;
  const last = field;
  field = undefined;
  const problem = last ? takeField(last) : undefined;
  if (problem) return fail(problem);
  flushLine();
  if (!draft) {
    return fail({
      kind: 'malformed',
      format: 'mt940',
      message: 'MT940: the file holds no statement (:20:).',
    });
  }
  const unfinished = finishMt940Statement(draft, true);
  if (unfinished) return fail(unfinished);
  await outlet.end(statements);
  return ok(statements);
}
