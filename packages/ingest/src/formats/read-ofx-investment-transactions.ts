import type { RowError } from '../core/extraction-error.js';
import { normalizeDecimal } from '../template/parse-amount.js';
import { buildDate } from '../template/parse-date.js';
import { describeOfxTransaction } from './describe-ofx-transaction.js';
import { findFirst, findText, type OfxNode } from './ofx-node.js';
import type { InvestmentTransaction } from './statement.js';

/**
 * The INVTRANLIST aggregates of OFX 2.1.1 section 13.9.2.4, with the fields each requires besides
 * its INVTRAN: a missing or unreadable required field fails the file, like a STMTTRN without
 * DTPOSTED. INVBANKTRAN (cash moves in the account) is read from its STMTTRN.
 */
const REQUIRED: Record<string, readonly string[]> = {
  BUYDEBT: ['UNITS', 'UNITPRICE', 'TOTAL'],
  BUYMF: ['UNITS', 'UNITPRICE', 'TOTAL'],
  BUYOPT: ['UNITS', 'UNITPRICE', 'TOTAL'],
  BUYOTHER: ['UNITS', 'UNITPRICE', 'TOTAL'],
  BUYSTOCK: ['UNITS', 'UNITPRICE', 'TOTAL'],
  SELLDEBT: ['UNITS', 'UNITPRICE', 'TOTAL'],
  SELLMF: ['UNITS', 'UNITPRICE', 'TOTAL'],
  SELLOPT: ['UNITS', 'UNITPRICE', 'TOTAL'],
  SELLOTHER: ['UNITS', 'UNITPRICE', 'TOTAL'],
  SELLSTOCK: ['UNITS', 'UNITPRICE', 'TOTAL'],
  INCOME: ['TOTAL'],
  REINVEST: ['UNITS', 'UNITPRICE', 'TOTAL'],
  INVEXPENSE: ['TOTAL'],
  RETOFCAP: ['TOTAL'],
  MARGININTEREST: ['TOTAL'],
  TRANSFER: ['UNITS'],
  SPLIT: ['OLDUNITS', 'NEWUNITS'],
  JRNLFUND: ['TOTAL'],
  JRNLSEC: ['UNITS'],
  CLOSUREOPT: ['UNITS'],
};
export const INVESTMENT_TRANSACTION_TAGS = [...Object.keys(REQUIRED), 'INVBANKTRAN'];

/** The element that names the kind of buy, sell, income or transfer, when the aggregate has one. */
const SUBTYPE_TAGS = [
  'BUYTYPE',
  'SELLTYPE',
  'INCOMETYPE',
  'TFERACTION',
  'OPTACTION',
  'OPTBUYTYPE',
  'OPTSELLTYPE',
];

export function readOfxDate(text: string | undefined): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text ?? '');
  if (!m) return undefined;
  const date = buildDate(Number(m[1]), Number(m[2]), Number(m[3]), text ?? '');
  return date.ok ? date.value : undefined;
}

export function readOfxAmount(text: string | undefined): string | undefined {
  // Some banks (ofxtools' euro sample) write a decimal comma.
  const m = /^\s*([-+]?)(\d*)(?:[.,](\d+))?\s*$/.exec(text ?? '');
  if (!m || (m[2] === '' && m[3] === undefined)) return undefined;
  return normalizeDecimal(m[1] === '-', m[2] || '0', m[3] ?? '');
}

/** Direct children only: INVBUY or INVSELL hold the fields of buys and sells, others hold them inline. */
function fieldsOf(node: OfxNode): OfxNode {
  return node.children.find((c) => c.name === 'INVBUY' || c.name === 'INVSELL') ?? node;
}

function childText(node: OfxNode, name: string): string | undefined {
  const text = node.children.find((c) => c.name === name)?.text?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * Reads one INVTRANLIST entry into a canonical investment transaction, or a row error naming
 * the first required field that is missing or not a number (rowNumber counts entries in the file).
 * The security list comes after the statements in a file: nameInvestmentTransaction adds the
 * security's name once it has been read.
 */
export function readInvestmentTransaction(
  node: OfxNode,
  entryNumber: number,
): InvestmentTransaction | RowError {
  const error = (field: string, raw: string | undefined, reason: string): RowError => ({
    rowNumber: entryNumber,
    column: null,
    field: `${node.name}.${field}`,
    raw: raw ?? '',
    reason: `${node.name} ${reason}`,
  });
  if (node.name === 'INVBANKTRAN') {
    const trn = findFirst(node, 'STMTTRN');
    const date = readOfxDate(findText(trn, 'DTPOSTED'));
    if (!date) return error('DTPOSTED', findText(trn, 'DTPOSTED'), 'has no valid posted date');
    const amount = readOfxAmount(findText(trn, 'TRNAMT'));
    if (amount === undefined) return error('TRNAMT', findText(trn, 'TRNAMT'), 'amount is not a number');
    const bankTransaction: InvestmentTransaction = {
      date,
      type: node.name,
      total: amount,
      description: describeOfxTransaction(findText(trn, 'NAME'), findText(trn, 'MEMO')),
    };
    const subType = findText(trn, 'TRNTYPE');
    if (subType) bankTransaction.subType = subType;
    const fitId = findText(trn, 'FITID');
    if (fitId) bankTransaction.bankReference = fitId;
    return bankTransaction;
  }

  const invTran = findFirst(node, 'INVTRAN');
  const date = readOfxDate(findText(invTran, 'DTTRADE'));
  if (!date) return error('DTTRADE', findText(invTran, 'DTTRADE'), 'has no valid trade date');
  const fields = fieldsOf(node);
  const numbers: Record<string, string> = {};
  for (const name of [
    'UNITS',
    'UNITPRICE',
    'TOTAL',
    'COMMISSION',
    'FEES',
    'ACCRDINT',
    'OLDUNITS',
    'NEWUNITS',
  ]) {
    const raw = childText(fields, name) ?? childText(node, name);
    const isRequired = REQUIRED[node.name]?.includes(name) === true;
    if (raw === undefined) {
      if (isRequired) return error(name, raw, `has no ${name}`);
      continue;
    }
    const value = readOfxAmount(raw);
    if (value === undefined) return error(name, raw, `${name} is not a number`);
    numbers[name] = value;
  }
  const secId = findFirst(fields, 'SECID');
  const securityId = findText(secId, 'UNIQUEID');
  const transaction: InvestmentTransaction = {
    date,
    type: node.name,
    description: '',
  };
  const settleDate = readOfxDate(findText(invTran, 'DTSETTLE'));
  if (settleDate) transaction.settleDate = settleDate;
  const subType = SUBTYPE_TAGS.map((tag) => childText(node, tag)).find((t) => t !== undefined);
  if (subType) transaction.subType = subType;
  if (securityId) {
    transaction.securityId = securityId;
    const idType = findText(secId, 'UNIQUEIDTYPE');
    if (idType) transaction.securityIdType = idType;
  }
  // A split has no UNITS: the units it adds are NEWUNITS - OLDUNITS, kept as both.
  if (numbers.UNITS !== undefined) transaction.units = numbers.UNITS;
  if (numbers.UNITPRICE !== undefined) transaction.unitPrice = numbers.UNITPRICE;
  if (numbers.TOTAL !== undefined) transaction.total = numbers.TOTAL;
  if (numbers.COMMISSION !== undefined) transaction.commission = numbers.COMMISSION;
  if (numbers.FEES !== undefined) transaction.fees = numbers.FEES;
  if (numbers.ACCRDINT !== undefined) transaction.accruedInterest = numbers.ACCRDINT;
  if (numbers.OLDUNITS !== undefined) transaction.oldUnits = numbers.OLDUNITS;
  if (numbers.NEWUNITS !== undefined) transaction.newUnits = numbers.NEWUNITS;
  const fitId = findText(invTran, 'FITID');
  if (fitId) transaction.bankReference = fitId;
  const memo = findText(invTran, 'MEMO');
  if (memo) transaction.description = memo;
  return transaction;
}

/** Adds the security's name from the file's SECLIST; without a MEMO, the kind and the security describe it. */
export function nameInvestmentTransaction(
  transaction: InvestmentTransaction,
  securityNames: ReadonlyMap<string, string>,
): void {
  const name = transaction.securityId === undefined ? undefined : securityNames.get(transaction.securityId);
  if (name) transaction.securityName = name;
  if (transaction.description === '' && transaction.type !== 'INVBANKTRAN') {
    transaction.description = [transaction.subType ?? transaction.type, name ?? transaction.securityId]
      .filter(Boolean)
      .join(' ');
  }
}
