import { fail, ok, type Result } from '../core/result.js';
import { normalizeDecimal } from '../template/parse-amount.js';
import { asArray, decodeXml, parseXml, pick, textOf } from './parse-xml.js';
import type { Statement, StatementBalance, StatementFormat, StatementTransaction } from './statement.js';

const ARRAY_TAGS = new Set(['Stmt', 'Rpt', 'Ntfctn', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

/** camt balance codes (ISO 20022 BalanceType12Code) to our names. */
const BALANCE_TYPES: Record<string, string> = {
  OPBD: 'opening',
  PRCD: 'opening',
  CLBD: 'closing',
  OPAV: 'opening_available',
  CLAV: 'closing_available',
  FWAV: 'forward_available',
  INFO: 'information',
  ITAV: 'interim_available',
  ITBD: 'interim',
  XPCD: 'expected_credit',
};

const ROOTS: [string, string, StatementFormat][] = [
  ['BkToCstmrStmt', 'Stmt', 'camt.053'],
  ['BkToCstmrAcctRpt', 'Rpt', 'camt.052'],
  ['BkToCstmrDbtCdtNtfctn', 'Ntfctn', 'camt.054'],
];

function readDecimal(text: string | undefined): string | undefined {
  const m = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(text ?? '');
  return m ? normalizeDecimal(m[1] === '-', m[2] ?? '0', m[3] ?? '') : undefined;
}

function readDate(node: unknown): string | undefined {
  const text = textOf(pick(node, 'Dt')) ?? textOf(pick(node, 'DtTm'));
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;
}

function signed(amount: string, indicator: string | undefined): string {
  return indicator === 'DBIT' && amount !== '0' ? `-${amount}` : amount;
}

function readBalance(node: unknown): StatementBalance | undefined {
  const code =
    textOf(pick(node, 'Tp', 'CdOrPrtry', 'Cd')) ?? textOf(pick(node, 'Tp', 'CdOrPrtry', 'Prtry')) ?? '';
  const amount = readDecimal(textOf(pick(node, 'Amt')));
  if (amount === undefined) return undefined;
  const balance: StatementBalance = {
    type: BALANCE_TYPES[code] ?? code.toLowerCase(),
    amount: signed(amount, textOf(pick(node, 'CdtDbtInd'))),
  };
  const currency = textOf(pick(node, 'Amt', '@Ccy'));
  if (currency) balance.currency = currency;
  const date = readDate(pick(node, 'Dt'));
  if (date) balance.date = date;
  return balance;
}

function describe(details: unknown, entry: unknown): string {
  const remittance = asArray(pick(details, 'RmtInf', 'Ustrd'))
    .map(textOf)
    .filter((t): t is string => !!t);
  if (remittance.length > 0) return remittance.join(' ');
  const structured = asArray(pick(details, 'RmtInf', 'Strd'))
    .map((strd) => textOf(pick(strd, 'CdtrRefInf', 'Ref')))
    .filter((t): t is string => !!t);
  if (structured.length > 0) return structured.join(' ');
  return textOf(pick(details, 'AddtlTxInf')) ?? textOf(pick(entry, 'AddtlNtryInf')) ?? '';
}

export interface CamtOptions {
  /**
   * Split a batched entry (several TxDtls each with its own amount) into one transaction per
   * TxDtls. Off by default: the booked entry is what moved the balance, and its first details
   * describe it.
   */
  expandBatches?: boolean;
}

function readEntry(entry: unknown, options: CamtOptions): StatementTransaction[] | string {
  const amount = readDecimal(textOf(pick(entry, 'Amt')));
  if (amount === undefined) return `entry amount "${textOf(pick(entry, 'Amt')) ?? ''}" is not a number`;
  const indicator = textOf(pick(entry, 'CdtDbtInd'));
  const date = readDate(pick(entry, 'BookgDt')) ?? readDate(pick(entry, 'ValDt'));
  if (!date) return 'entry without a booking or value date';
  const base: StatementTransaction = { date, amount: signed(amount, indicator), description: '' };
  const valueDate = readDate(pick(entry, 'ValDt'));
  if (valueDate) base.valueDate = valueDate;
  const bankReference = textOf(pick(entry, 'AcctSvcrRef'));
  if (bankReference) base.bankReference = bankReference;
  if (textOf(pick(entry, 'RvslInd'))?.trim() === 'true') base.isReversal = true;
  const code = textOf(pick(entry, 'BkTxCd', 'Prtry', 'Cd')) ?? textOf(pick(entry, 'BkTxCd', 'Domn', 'Cd'));
  if (code) base.typeCode = code;

  const details = asArray(pick(entry, 'NtryDtls')).flatMap((d) => asArray(pick(d, 'TxDtls')));
  const detailAmounts = details.map((d) =>
    readDecimal(textOf(pick(d, 'AmtDtls', 'TxAmt', 'Amt')) ?? textOf(pick(d, 'Amt'))),
  );
  if (options.expandBatches && details.length > 1 && detailAmounts.every((a) => a !== undefined)) {
    return details.map((d, i) => {
      const reference = textOf(pick(d, 'Refs', 'EndToEndId'));
      const tx: StatementTransaction = {
        ...base,
        amount: signed(detailAmounts[i] ?? '0', textOf(pick(d, 'CdtDbtInd')) ?? indicator),
        description: describe(d, entry),
      };
      if (reference && reference !== 'NOTPROVIDED') tx.customerReference = reference;
      return tx;
    });
  }
  const reference = textOf(pick(details[0], 'Refs', 'EndToEndId'));
  if (reference && reference !== 'NOTPROVIDED') base.customerReference = reference;
  return [{ ...base, description: describe(details[0], entry) }];
}

/**
 * Reads ISO 20022 camt.053 statements, camt.052 reports and camt.054 notifications of every
 * published version (namespace prefixes are ignored, element names are stable across versions).
 */
export function parseCamt(bytes: Uint8Array, options: CamtOptions = {}): Result<Statement[]> {
  const parsed = parseXml(decodeXml(bytes), ARRAY_TAGS);
  if (!parsed.ok) return parsed;
  const documentNode = pick(parsed.value, 'Document');
  const root = ROOTS.find(([name]) => pick(documentNode, name) !== undefined);
  if (!root)
    return fail({
      kind: 'malformed',
      format: 'camt',
      message: 'camt: no statement, report or notification.',
    });
  const [rootName, itemName, format] = root;

  const statements: Statement[] = [];
  for (const item of asArray(pick(documentNode, rootName, itemName))) {
    const accountId =
      textOf(pick(item, 'Acct', 'Id', 'IBAN')) ?? textOf(pick(item, 'Acct', 'Id', 'Othr', 'Id')) ?? '';
    const balances = asArray(pick(item, 'Bal'))
      .map(readBalance)
      .filter((b): b is StatementBalance => b !== undefined);
    const transactions: StatementTransaction[] = [];
    for (const [index, entry] of asArray(pick(item, 'Ntry')).entries()) {
      const read = readEntry(entry, options);
      if (typeof read === 'string') {
        return fail({
          kind: 'malformed',
          format,
          message: `${format}: entry ${index + 1} of ${accountId}: ${read}`,
        });
      }
      transactions.push(...read);
    }
    const statement: Statement = { format, accountId, balances, transactions };
    const currency = textOf(pick(item, 'Acct', 'Ccy')) ?? balances[0]?.currency;
    if (currency) statement.currency = currency;
    const statementId = textOf(pick(item, 'Id'));
    if (statementId) statement.statementId = statementId;
    const opening = balances.find((b) => b.type === 'opening');
    const closing = balances.find((b) => b.type === 'closing');
    if (opening) statement.openingBalance = opening.amount;
    if (closing) statement.closingBalance = closing.amount;
    statements.push(statement);
  }
  return ok(statements);
}
