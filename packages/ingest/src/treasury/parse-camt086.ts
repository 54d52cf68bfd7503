import { fail, ok, type Result } from '../core/result.js';
import { normalizeDecimal } from '../template/parse-amount.js';
import { asArray, decodeXml, parseXml, pick, textOf } from '../formats/parse-xml.js';

const ARRAY_TAGS = new Set(['BllgStmtGrp', 'BllgStmt', 'RateData', 'Bal', 'Compstn', 'Svc']);

/** One service line: AFP-style service code, bank code, unit price, volume and charge (a staging fee). */
export interface TreasuryFeeRow {
  accountNumber: string;
  bankCode: string;
  /** The common (AFP) service code from CmonCd, when the bank sends one. */
  afpCode: string | null;
  description: string;
  serviceType: string | null;
  unitPrice: string | null;
  volume: string | null;
  /** Charge before tax, signed: a credit to the customer is negative. */
  amount: string;
  currency: string | null;
}

/** A balance or rate of the statement (a staging balance); the earnings credit rate has description 'ecr'. */
export interface TreasuryBalanceRow {
  accountNumber: string;
  code: string;
  description: string;
  /** Amount, or for rates the percentage (ingestion-analysis.md 3 shows 'ecr' rows as percentages). */
  amount: string;
  isRate: boolean;
}

export interface TreasuryStatement {
  statementId: string;
  accountNumber: string;
  currency: string | null;
  fromDate: string | null;
  toDate: string | null;
  fees: TreasuryFeeRow[];
  balances: TreasuryBalanceRow[];
}

function readDecimal(node: unknown): string | null {
  const m = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(textOf(node) ?? '');
  return m ? normalizeDecimal(m[1] === '-', m[2] ?? '0', m[3] ?? '') : null;
}

/** AmountAndDirection34: Amt plus Sgn, where Sgn false means a negative value. */
function readSignedAmount(node: unknown): string | null {
  const amount = readDecimal(pick(node, 'Amt'));
  if (amount === null) return null;
  return textOf(pick(node, 'Sgn'))?.trim() === 'false' && amount !== '0' ? `-${amount}` : amount;
}

function readAccount(statement: unknown): string {
  const characteristics = pick(statement, 'AcctChrtcs');
  for (const path of [
    ['CshAcct', 'Id'],
    ['AcctId', 'Id'],
    ['Acct', 'Id'],
  ]) {
    const id = pick(characteristics, ...path);
    const text = textOf(pick(id, 'IBAN')) ?? textOf(pick(id, 'Othr', 'Id'));
    if (text) return text.trim();
  }
  return '';
}

function isEarningsCreditRate(code: string, description: string): boolean {
  return /^ECR/i.test(code) || /earnings credit/i.test(description);
}

/**
 * Reads ISO 20022 camt.086 (BankServicesBillingStatement, every version) into treasury rows:
 * service lines with AFP codes, unit price, volume and charge; balances; rates including the
 * earnings credit rate (ingestion.md step 2, treasury statements).
 */
export function parseCamt086(bytes: Uint8Array): Result<TreasuryStatement[]> {
  const parsed = parseXml(decodeXml(bytes), ARRAY_TAGS);
  if (!parsed.ok) return parsed;
  const root = pick(parsed.value, 'Document', 'BkSvcsBllgStmt');
  if (root === undefined) {
    return fail({ kind: 'malformed', format: 'camt.086', message: 'camt.086: no BkSvcsBllgStmt element.' });
  }
  const statements: TreasuryStatement[] = [];
  for (const group of asArray(pick(root, 'BllgStmtGrp'))) {
    for (const statement of asArray(pick(group, 'BllgStmt'))) {
      const accountNumber = readAccount(statement);
      const currency =
        textOf(pick(statement, 'AcctChrtcs', 'AcctBalCcyCd')) ??
        textOf(pick(statement, 'AcctChrtcs', 'SttlmCcyCd')) ??
        null;
      const fees: TreasuryFeeRow[] = [];
      for (const [index, service] of asArray(pick(statement, 'Svc')).entries()) {
        const detail = pick(service, 'SvcDtl');
        const bankService = pick(detail, 'BkSvc');
        // Version 1 keeps price and charge in SvcDtl; later versions in Pric and OrgnlChrgPric.
        const amount =
          readSignedAmount(pick(service, 'OrgnlChrgPric')) ?? readSignedAmount(pick(detail, 'SvcChrgAmt'));
        if (amount === null) {
          return fail({
            kind: 'malformed',
            format: 'camt.086',
            message: `camt.086: service line ${index + 1} of account ${accountNumber} has no charge amount.`,
          });
        }
        fees.push({
          accountNumber,
          bankCode: textOf(pick(bankService, 'Id'))?.trim() ?? '',
          afpCode: textOf(pick(bankService, 'CmonCd', 'Id'))?.trim() ?? null,
          description: textOf(pick(bankService, 'Desc'))?.trim() ?? '',
          serviceType: textOf(pick(bankService, 'SvcTp'))?.trim() ?? null,
          unitPrice:
            readSignedAmount(pick(service, 'Pric', 'UnitPric')) ?? readSignedAmount(pick(detail, 'UnitPric')),
          volume: readDecimal(pick(detail, 'Vol')),
          amount,
          currency: textOf(pick(service, 'Pric', 'Ccy')) ?? currency,
        });
      }
      const balances: TreasuryBalanceRow[] = [];
      for (const balance of asArray(pick(statement, 'Bal'))) {
        const code = textOf(pick(balance, 'Tp', 'Cd')) ?? textOf(pick(balance, 'Tp', 'Prtry')) ?? '';
        const amount = readSignedAmount(pick(balance, 'Val'));
        if (amount !== null) balances.push({ accountNumber, code, description: code, amount, isRate: false });
      }
      for (const rate of asArray(pick(statement, 'RateData'))) {
        const code = textOf(pick(rate, 'Id', 'Cd')) ?? textOf(pick(rate, 'Id', 'Prtry')) ?? '';
        const value = readDecimal(pick(rate, 'Val'));
        if (value === null) continue;
        balances.push({
          accountNumber,
          code,
          description: isEarningsCreditRate(code, code) ? 'ecr' : `${code} Rate`,
          amount: value,
          isRate: true,
        });
      }
      statements.push({
        statementId: textOf(pick(statement, 'StmtId'))?.trim() ?? '',
        accountNumber,
        currency,
        fromDate: textOf(pick(statement, 'FrToDt', 'FrDt'))?.slice(0, 10) ?? null,
        toDate: textOf(pick(statement, 'FrToDt', 'ToDt'))?.slice(0, 10) ?? null,
        fees,
        balances,
      });
    }
  }
  if (statements.length === 0) {
    return fail({
      kind: 'malformed',
      format: 'camt.086',
      message: 'camt.086: the file holds no billing statement.',
    });
  }
  return ok(statements);
}
