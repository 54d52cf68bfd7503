import type { RowError } from '../core/extraction-error.js';
import { describeOfxTransaction } from './describe-ofx-transaction.js';
import { findFirst, findText, type OfxNode } from './ofx-node.js';
import { readOfxAmount, readOfxDate } from './read-ofx-investment-transactions.js';
import type { InvestmentPosition, Statement, StatementBalance, StatementTransaction } from './statement.js';

/**
 * A STMTTRN into a cash transaction, or the row error of a missing or unreadable DTPOSTED or
 * TRNAMT (rowNumber counts the file's STMTTRN in order).
 */
export function readOfxCashTransaction(trn: OfxNode, entryNumber: number): StatementTransaction | RowError {
  const date = readOfxDate(findText(trn, 'DTPOSTED'));
  const amount = readOfxAmount(findText(trn, 'TRNAMT'));
  if (!date || amount === undefined) {
    return {
      rowNumber: entryNumber,
      column: null,
      field: date ? 'TRNAMT' : 'DTPOSTED',
      raw: (date ? findText(trn, 'TRNAMT') : findText(trn, 'DTPOSTED')) ?? '',
      reason: date ? 'transaction amount is not a number' : 'transaction has no valid posted date',
    };
  }
  const name = findText(trn, 'NAME');
  const memo = findText(trn, 'MEMO');
  const tx: StatementTransaction = { date, amount, description: describeOfxTransaction(name, memo) };
  if (memo && name) tx.memo = memo;
  const fitId = findText(trn, 'FITID');
  if (fitId) tx.bankReference = fitId;
  const check = findText(trn, 'CHECKNUM');
  if (check) tx.customerReference = check;
  const type = findText(trn, 'TRNTYPE');
  if (type) tx.typeCode = type;
  const valueDate = readOfxDate(findText(trn, 'DTAVAIL'));
  if (valueDate) tx.valueDate = valueDate;
  return tx;
}

/** A POSSTOCK, POSMF, ... of INVPOSLIST; its security is filled in once the security list is read. */
export function readOfxPosition(pos: OfxNode): InvestmentPosition {
  const position: InvestmentPosition = {
    securityId: findText(pos, 'UNIQUEID') ?? '',
    units: readOfxAmount(findText(pos, 'UNITS')) ?? '0',
    kind: pos.name,
  };
  const priceDate = readOfxDate(findText(pos, 'DTPRICEASOF'));
  if (priceDate) position.priceDate = priceDate;
  const idType = findText(pos, 'UNIQUEIDTYPE');
  if (idType) position.securityIdType = idType;
  const unitPrice = readOfxAmount(findText(pos, 'UNITPRICE'));
  if (unitPrice !== undefined) position.unitPrice = unitPrice;
  const marketValue = readOfxAmount(findText(pos, 'MKTVAL'));
  if (marketValue !== undefined) position.marketValue = marketValue;
  return position;
}

function readBalance(statement: OfxNode, tag: string, type: string, currency: string | undefined) {
  const node = findFirst(statement, tag);
  const amount = readOfxAmount(findText(node, 'BALAMT'));
  if (!node || amount === undefined) return undefined;
  const balance: StatementBalance = { type, amount };
  if (currency) balance.currency = currency;
  const date = readOfxDate(findText(node, 'DTASOF'));
  if (date) balance.date = date;
  return balance;
}

/** A direct child's text: a statement's DTASOF, not the one of its LEDGERBAL. */
function childText(node: OfxNode | undefined, name: string): string | undefined {
  const text = node?.children.find((c) => c.name === name)?.text?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * The statement's own fields (its rows were read as they came): account, currency, the balances
 * and the period its transaction list covers (DTSTART, DTEND). LEDGERBAL is the closing balance as
 * the file states it; OFX states no opening balance, and none is made up (the server says so).
 */
export function readOfxStatementFields(node: OfxNode): Omit<Statement, 'transactions'> {
  const currency = findText(node, 'CURDEF');
  const account =
    findFirst(node, 'BANKACCTFROM') ?? findFirst(node, 'CCACCTFROM') ?? findFirst(node, 'INVACCTFROM');
  const balances = [
    readBalance(node, 'LEDGERBAL', 'closing', currency),
    readBalance(node, 'AVAILBAL', 'closing_available', currency),
  ].filter((b): b is StatementBalance => b !== undefined);
  const statement: Omit<Statement, 'transactions'> = {
    format: 'ofx',
    accountId: findText(account, 'ACCTID') ?? '',
    balances,
  };
  if (currency) statement.currency = currency;
  const closing = balances.find((b) => b.type === 'closing');
  if (closing) statement.closingBalance = closing.amount;
  const list =
    node.name === 'INVSTMTRS'
      ? (findFirst(node, 'INVTRANLIST') ?? findFirst(node, 'BANKTRANLIST'))
      : findFirst(node, 'BANKTRANLIST');
  const fromDate = readOfxDate(childText(list, 'DTSTART'));
  const toDate = readOfxDate(childText(list, 'DTEND'));
  if (fromDate) statement.fromDate = fromDate;
  if (toDate) statement.toDate = toDate;
  const asOfDate = readOfxDate(childText(node, 'DTASOF'));
  if (asOfDate) statement.asOfDate = asOfDate;
  return statement;
}
