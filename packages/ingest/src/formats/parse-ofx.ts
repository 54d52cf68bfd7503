import type { ByteSource } from '../core/byte-source.js';
import type { ExtractionError, RowError } from '../core/extraction-error.js';
import { MAX_LISTED_ROW_ERRORS, describeRowErrors } from '../core/extraction-error.js';
import { guardReader } from '../core/guard-reader.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import {
  POSITION_TAGS,
  SECURITY_TAGS,
  createOfxRecordBuilder,
  type OfxRecordSink,
} from './build-ofx-records.js';
import { decodeMarkupChunks } from './decode-markup-chunks.js';
import { findText } from './ofx-node.js';
import { nameInvestmentTransaction, readInvestmentTransaction } from './read-ofx-investment-transactions.js';
import { readOfxCashTransaction, readOfxPosition, readOfxStatementFields } from './read-ofx-records.js';
import { readOfxSecurity } from './read-ofx-security.js';
import type {
  InvestmentPosition,
  InvestmentSecurity,
  InvestmentTransaction,
  Statement,
} from './statement.js';
import { createOfxTokenizer } from './tokenize-ofx.js';
import { createTransactionOutlet, type OutletOption } from './transaction-outlet.js';

export interface OfxOptions extends OutletOption {
  limits?: Partial<Limits>;
}

interface StatementDraft {
  /** Completed at the statement's end; its cash rows go through the outlet as they come. */
  statement: Statement;
  trades: InvestmentTransaction[];
  positions: InvestmentPosition[];
}

const newDraft = (): StatementDraft => ({
  statement: { format: 'ofx', accountId: '', balances: [], transactions: [] },
  trades: [],
  positions: [],
});

const isRowError = (value: object): value is RowError => 'reason' in value;

/**
 * Reads OFX 1.x SGML, OFX 2.x XML and QFX as a stream, in time linear in the file size: one
 * statement per STMTRS/CCSTMTRS/INVSTMTRS, with an investment statement's positions and trades
 * (INVTRANLIST) beside its cash transactions. An aggregate left without its end tag (a cut file)
 * refuses the file; a transaction without a valid DTPOSTED or TRNAMT, or a trade without its date
 * or a required number, fails the file, all or nothing, each one listed. Never throws.
 */
export function parseOfx(source: ByteSource, options: OfxOptions = {}): Promise<Result<Statement[]>> {
  return guardReader('ofx', () => readOfx(source, options));
}

async function readOfx(source: ByteSource, options: OfxOptions): Promise<Result<Statement[]>> {
  const limits = resolveLimits(options.limits);
  const outlet = options.outlet ?? createTransactionOutlet();
  const statements: Statement[] = [];
  const securities = new Map<string, InvestmentSecurity>();
  const rowErrors: RowError[] = [];
  let totalErrors = 0;
  let entryNumber = 0;
  let tradeNumber = 0;
  let rowCount = 0;
  let draft: StatementDraft = newDraft();
  let tooMany: ExtractionError | undefined;

  const addError = (error: RowError) => {
    totalErrors++;
    if (rowErrors.length < MAX_LISTED_ROW_ERRORS) rowErrors.push(error);
  };
  const countRow = () => {
    if (++rowCount > limits.maxRows) {
      tooMany ??= {
        kind: 'limit-exceeded',
        limit: 'rows',
        maximum: limits.maxRows,
        message: `The OFX file has more than ${limits.maxRows} transactions.`,
      };
    }
  };
  const sink: OfxRecordSink = {
    statementStart() {
      draft = newDraft();
    },
    cashTransaction(node) {
      const read = readOfxCashTransaction(node, ++entryNumber);
      if (isRowError(read)) addError(read);
      else {
        countRow();
        outlet.add(draft.statement, read);
      }
    },
    account(node) {
      draft.statement.accountId = findText(node, 'ACCTID') ?? '';
      outlet.settle(draft.statement);
    },
    record(node) {
      if (node.name === 'SECINFO' || SECURITY_TAGS.has(node.name)) {
        const read = readOfxSecurity(node);
        if (read) securities.set(read.id, read.security);
        return;
      }
      if (POSITION_TAGS.has(node.name)) return void draft.positions.push(readOfxPosition(node));
      const trade = readInvestmentTransaction(node, ++tradeNumber);
      if (isRowError(trade)) addError(trade);
      else {
        countRow();
        draft.trades.push(trade);
      }
    },
    statementEnd(node) {
      const statement = Object.assign(draft.statement, readOfxStatementFields(node));
      if (draft.positions.length > 0) statement.positions = draft.positions;
      if (draft.trades.length > 0) statement.investmentTransactions = draft.trades;
      statements.push(statement);
      outlet.settle(statement);
    },
  };

  const builder = createOfxRecordBuilder(sink, limits);
  const tokenizer = createOfxTokenizer(builder.handler, limits.maxCellLength);
  let tokenProblem: string | undefined;
  const malformed = (message: string): Result<never> =>
    fail({ kind: 'malformed', format: 'ofx', line: tokenizer.line, message });
  try {
    const decoded = await decodeMarkupChunks(
      source,
      'ofx',
      limits.maxFileBytes,
      (text) => {
        tokenProblem = tokenizer.write(text);
        return tokenProblem === undefined && builder.problem === undefined && tooMany === undefined;
      },
      () => `at line ${tokenizer.line}`,
      () => outlet.flush(),
    );
    if (builder.problem) return fail(builder.problem);
    if (tokenProblem)
      return malformed(`The OFX file cannot be read at line ${tokenizer.line}: ${tokenProblem}.`);
    if (tooMany) return fail(tooMany);
    if (!decoded.ok) return decoded;
    tokenProblem = tokenizer.end();
    if (builder.problem) return fail(builder.problem);
    if (tokenProblem)
      return malformed(`The OFX file cannot be read at line ${tokenizer.line}: ${tokenProblem}.`);
    const ended = builder.end(tokenizer.line);
    if (ended) return fail(ended);
    if (tooMany) return fail(tooMany);
  } catch {
    return malformed(
      `The OFX file could not be read at line ${tokenizer.line}: the reader met something it did not expect.`,
    );
  }
  if (totalErrors > 0) {
    return fail({
      kind: 'rows-unreadable',
      message: `OFX: ${describeRowErrors(rowErrors, totalErrors).replace(/\brow\b/g, 'transaction')}`,
      rowErrors,
      totalRowErrors: totalErrors,
    });
  }
  const securityNames = new Map<string, string>();
  for (const [id, security] of securities) if (security.name) securityNames.set(id, security.name);
  for (const statement of statements) {
    for (const trade of statement.investmentTransactions ?? [])
      nameInvestmentTransaction(trade, securityNames);
    for (const position of statement.positions ?? []) {
      const security = securities.get(position.securityId);
      if (!security) continue;
      position.security = security;
      if (security.name) position.name = security.name;
    }
  }
  await outlet.end(statements);
  return ok(statements);
}
