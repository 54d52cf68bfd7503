import type { RowError } from '../core/extraction-error.js';
import { MAX_LISTED_ROW_ERRORS, describeRowErrors } from '../core/extraction-error.js';
import { fail, ok, type Result } from '../core/result.js';
import { decodeByLabel, decodeUtf8OrWindows1252, decodeWindows1252 } from '../text/decode-text.js';
import { findAll, findFirst, findText, parseSgmlTree, type SgmlNode } from './parse-sgml-tree.js';
import {
  INVESTMENT_TRANSACTION_TAGS,
  readInvestmentTransaction,
  readOfxAmount,
  readOfxDate,
} from './read-ofx-investment-transactions.js';
import type {
  InvestmentPosition,
  InvestmentTransaction,
  Statement,
  StatementBalance,
  StatementTransaction,
} from './statement.js';

const STATEMENT_TAGS = ['STMTRS', 'CCSTMTRS', 'INVSTMTRS'];
const POSITION_TAGS = ['POSSTOCK', 'POSMF', 'POSDEBT', 'POSOPT', 'POSOTHER'];

/** OFX 1.x declares CHARSET in its header, 2.x an XML encoding; otherwise UTF-8 when it is valid. */
export function decodeOfx(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1000));
  const charset = /CHARSET:\s*(\S+)/i.exec(head)?.[1];
  const encoding = /encoding=["']([\w.-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  // ISO-8859-1 is read as its superset Windows-1252, as browsers do.
  if (charset && /^(1252|windows-1252|iso-8859-1|8859-1)$/i.test(charset)) return decodeWindows1252(bytes);
  if (encoding && encoding !== 'utf-8' && encoding !== 'us-ascii') return decodeByLabel(bytes, encoding);
  return decodeUtf8OrWindows1252(bytes);
}

function readBalance(statement: SgmlNode, tag: string, type: string, currency: string | undefined) {
  const node = findFirst(statement, tag);
  const amount = readOfxAmount(findText(node, 'BALAMT'));
  if (!node || amount === undefined) return undefined;
  const balance: StatementBalance = { type, amount };
  if (currency) balance.currency = currency;
  const date = readOfxDate(findText(node, 'DTASOF'));
  if (date) balance.date = date;
  return balance;
}

function readPositions(statement: SgmlNode, names: Map<string, string>): InvestmentPosition[] {
  return POSITION_TAGS.flatMap((tag) => findAll(statement, tag)).map((pos) => {
    const securityId = findText(pos, 'UNIQUEID') ?? '';
    const position: InvestmentPosition = { securityId, units: readOfxAmount(findText(pos, 'UNITS')) ?? '0' };
    const idType = findText(pos, 'UNIQUEIDTYPE');
    if (idType) position.securityIdType = idType;
    const unitPrice = readOfxAmount(findText(pos, 'UNITPRICE'));
    if (unitPrice !== undefined) position.unitPrice = unitPrice;
    const marketValue = readOfxAmount(findText(pos, 'MKTVAL'));
    if (marketValue !== undefined) position.marketValue = marketValue;
    const name = names.get(securityId);
    if (name) position.name = name;
    return position;
  });
}

const isRowError = (value: InvestmentTransaction | RowError): value is RowError => 'reason' in value;

/**
 * Reads OFX 1.x SGML, OFX 2.x XML and QFX: one statement per STMTRS/CCSTMTRS/INVSTMTRS, with an
 * investment statement's positions and trades (INVTRANLIST) beside its cash transactions. A
 * transaction without a valid DTPOSTED or TRNAMT, or a trade without its date or a required
 * number, fails the file, all or nothing.
 */
export function parseOfx(bytes: Uint8Array): Result<Statement[]> {
  const tree = parseSgmlTree(decodeOfx(bytes));
  const nodes = STATEMENT_TAGS.flatMap((tag) => findAll(tree, tag));
  if (!findFirst(tree, 'OFX'))
    return fail({ kind: 'malformed', format: 'ofx', message: 'OFX: no <OFX> element.' });
  const securityNames = new Map<string, string>();
  for (const info of findAll(tree, 'SECINFO')) {
    const id = findText(info, 'UNIQUEID');
    const name = findText(info, 'SECNAME');
    if (id && name) securityNames.set(id, name);
  }

  const rowErrors: RowError[] = [];
  let totalErrors = 0;
  let entryNumber = 0;
  let tradeNumber = 0;
  const addError = (error: RowError) => {
    totalErrors++;
    if (rowErrors.length < MAX_LISTED_ROW_ERRORS) rowErrors.push(error);
  };
  const statements = nodes.map((node): Statement => {
    const currency = findText(node, 'CURDEF');
    const transactions: StatementTransaction[] = [];
    for (const trn of findAll(node, 'STMTTRN')) {
      entryNumber++;
      const date = readOfxDate(findText(trn, 'DTPOSTED'));
      const amount = readOfxAmount(findText(trn, 'TRNAMT'));
      if (!date || amount === undefined) {
        totalErrors++;
        if (rowErrors.length < MAX_LISTED_ROW_ERRORS) {
          rowErrors.push({
            rowNumber: entryNumber,
            column: null,
            field: date ? 'TRNAMT' : 'DTPOSTED',
            raw: (date ? findText(trn, 'TRNAMT') : findText(trn, 'DTPOSTED')) ?? '',
            reason: date ? 'transaction amount is not a number' : 'transaction has no valid posted date',
          });
        }
        continue;
      }
      const name = findText(trn, 'NAME');
      const memo = findText(trn, 'MEMO');
      const tx: StatementTransaction = { date, amount, description: name ?? memo ?? '' };
      if (memo && name) tx.memo = memo;
      const fitId = findText(trn, 'FITID');
      if (fitId) tx.bankReference = fitId;
      const check = findText(trn, 'CHECKNUM');
      if (check) tx.customerReference = check;
      const type = findText(trn, 'TRNTYPE');
      if (type) tx.typeCode = type;
      const valueDate = readOfxDate(findText(trn, 'DTAVAIL'));
      if (valueDate) tx.valueDate = valueDate;
      transactions.push(tx);
    }
    const balances = [
      readBalance(node, 'LEDGERBAL', 'closing', currency),
      readBalance(node, 'AVAILBAL', 'closing_available', currency),
    ].filter((b): b is StatementBalance => b !== undefined);
    const statement: Statement = {
      format: 'ofx',
      accountId:
        findText(
          findFirst(node, 'BANKACCTFROM') ?? findFirst(node, 'CCACCTFROM') ?? findFirst(node, 'INVACCTFROM'),
          'ACCTID',
        ) ?? '',
      balances,
      transactions,
    };
    if (currency) statement.currency = currency;
    const closing = balances.find((b) => b.type === 'closing');
    if (closing) statement.closingBalance = closing.amount;
    const positions = readPositions(node, securityNames);
    if (positions.length > 0) statement.positions = positions;
    const list = findFirst(node, 'INVTRANLIST');
    if (list) {
      const trades: InvestmentTransaction[] = [];
      for (const entry of list.children) {
        if (!INVESTMENT_TRANSACTION_TAGS.includes(entry.name)) continue;
        const trade = readInvestmentTransaction(entry, ++tradeNumber, securityNames);
        if (isRowError(trade)) addError(trade);
        else trades.push(trade);
      }
      if (trades.length > 0) statement.investmentTransactions = trades;
    }
    return statement;
  });
  if (totalErrors > 0) {
    return fail({
      kind: 'rows-unreadable',
      message: `OFX: ${describeRowErrors(rowErrors, totalErrors).replace(/\brow\b/g, 'transaction')}`,
      rowErrors,
      totalRowErrors: totalErrors,
    });
  }
  return ok(statements);
}
