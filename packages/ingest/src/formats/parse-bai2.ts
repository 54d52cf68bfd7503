import { fail, ok, type Result } from '../core/result.js';
import { addDecimals, fromMinorUnits } from '../template/decimal-math.js';
import { buildDate } from '../template/parse-date.js';
import { splitBai2Records, type Bai2Record } from './split-bai2-records.js';
import type { Statement, StatementBalance, StatementTransaction } from './statement.js';

const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'KRW', 'CLP', 'ISK', 'VND', 'XOF', 'XAF', 'HUF0']);
const BALANCE_TYPES: Record<string, string> = {
  '010': 'opening',
  '015': 'closing',
  '040': 'opening_available',
  '045': 'closing_available',
  '050': 'one_day_float',
  '060': 'current_available',
  '072': 'one_day_float',
  '074': 'two_or_more_days_float',
};

/** Extra fields a funds type adds after the amount (BAI2 funds type: 0/1/2/Z none, V 2, S 3, D 1+2n). */
function countFundsFields(fundsType: string, fields: string[], at: number): number {
  switch (fundsType.trim().toUpperCase()) {
    case 'V':
      return 2;
    case 'S':
      return 3;
    case 'D':
      return 1 + 2 * Number(fields[at] ?? '0');
    default:
      return 0;
  }
}

/** BAI2 type codes: 100-399 credits, 400-699 debits; 900-959 custom credits, 960-999 custom debits. */
export function isDebitTypeCode(code: string): boolean {
  const n = Number(code);
  return (n >= 400 && n < 700) || n >= 960;
}

function parseBaiDate(text: string): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const date = buildDate(2000 + Number(m[1]), Number(m[2]), Number(m[3]), text);
  return date.ok ? date.value : undefined;
}

interface Totals {
  amount: bigint;
  records: number;
}

const toMinor = (text: string) => (/^[-+]?\d+$/.test(text.trim()) ? BigInt(text.trim()) : 0n);

export interface Bai2Options {
  /**
   * Refuse a file whose trailer control totals or record counts do not add up. Off by default, as
   * some banks (the GSBI sample) send account trailers that never add up; they become warnings.
   * Missing trailers, which mean a truncated file, are always refused.
   */
  strictTrailers?: boolean;
}

/** Checks a trailer's record count and control total (warnings unless strict); blanks are skipped. */
function checkTrailer(
  record: Bai2Record,
  totals: Totals,
  countField: number,
  label: string,
  warnings: string[],
  isStrict: boolean,
): string | undefined {
  const problems: string[] = [];
  const count = record.fields[countField]?.trim() ?? '';
  if (count !== '' && Number(count) !== totals.records) {
    problems.push(
      `${label} record count ${count} does not match ${totals.records} records (line ${record.line})`,
    );
  }
  const total = record.fields[0]?.trim() ?? '';
  if (total !== '' && /^[-+]?\d+$/.test(total) && BigInt(total) !== totals.amount) {
    problems.push(
      `${label} control total ${total} does not match the sum ${totals.amount} (line ${record.line})`,
    );
  }
  if (isStrict && problems.length > 0) return problems.join('; ');
  warnings.push(...problems);
  return undefined;
}

/**
 * Reads a BAI2 file into one statement per account block, checking account, group and file
 * trailers (control totals and record counts) so a truncated or edited file is refused.
 */
export function parseBai2(text: string, options: Bai2Options = {}): Result<Statement[]> {
  const records = splitBai2Records(text);
  const malformed = (message: string, line?: number) =>
    fail({
      kind: 'malformed' as const,
      format: 'bai2',
      message: `BAI2: ${message}`,
      ...(line ? { line } : {}),
    });
  if (records[0]?.code !== '01') return malformed('the file does not start with a 01 file header');

  const statements: Statement[] = [];
  const file: Totals = { amount: 0n, records: 0 };
  let group: Totals = { amount: 0n, records: 0 };
  let account: Totals = { amount: 0n, records: 0 };
  let groupCurrency = 'USD';
  let groupDate: string | undefined;
  let current: Statement | undefined;
  let decimals = 2;
  let hasFileTrailer = false;
  let isGroupOpen = false;
  const warnings: string[] = [];
  const isStrict = options.strictTrailers === true;

  for (const record of records) {
    file.records += record.physicalCount;
    group.records += record.physicalCount;
    account.records += record.physicalCount;
    const f = record.fields;
    switch (record.code) {
      case '01':
        break;
      case '02':
        if (isGroupOpen)
          return malformed('a group header before the previous group trailer (98)', record.line);
        isGroupOpen = true;
        group = { amount: 0n, records: record.physicalCount };
        groupDate = parseBaiDate(f[3] ?? '');
        groupCurrency = f[5]?.trim() || 'USD';
        break;
      case '03': {
        if (!isGroupOpen) return malformed('an account outside a group', record.line);
        if (current)
          return malformed('an account header before the previous account trailer (49)', record.line);
        account = { amount: 0n, records: record.physicalCount };
        const currency = f[1]?.trim() || groupCurrency;
        decimals = ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
        const balances: StatementBalance[] = [];
        for (let i = 2; i + 1 < f.length;) {
          const typeCode = f[i]?.trim() ?? '';
          if (typeCode === '') {
            // A stray empty field (",,/" before an 88 continuation) or an empty summary: step over it.
            i++;
            continue;
          }
          const amount = f[i + 1]?.trim() ?? '';
          account.amount += toMinor(amount);
          if (amount !== '') {
            balances.push({
              type: BALANCE_TYPES[typeCode] ?? typeCode,
              amount: fromMinorUnits(amount, decimals),
              currency,
              ...(groupDate ? { date: groupDate } : {}),
            });
          }
          i += 4 + countFundsFields(f[i + 3] ?? '', f, i + 4);
        }
        current = {
          format: 'bai2',
          accountId: f[0]?.trim() ?? '',
          currency,
          balances,
          transactions: [],
        };
        const opening = balances.find((b) => b.type === 'opening');
        const closing = balances.find((b) => b.type === 'closing');
        if (opening) current.openingBalance = opening.amount;
        if (closing) current.closingBalance = closing.amount;
        statements.push(current);
        break;
      }
      case '16': {
        if (!current) return malformed('a 16 record outside an account', record.line);
        const typeCode = f[0]?.trim() ?? '';
        const amountText = f[1]?.trim() ?? '';
        if (!/^\d*$/.test(amountText))
          return malformed(`amount "${amountText}" is not a number`, record.line);
        account.amount += toMinor(amountText);
        const fundsType = f[2]?.trim().toUpperCase() ?? '';
        const extra = countFundsFields(fundsType, f, 3);
        const valueDate = fundsType === 'V' ? parseBaiDate(f[3] ?? '') : undefined;
        const rest = f.slice(3 + extra);
        const bankReference = rest[0]?.trim() ?? '';
        const customerReference = rest[1]?.trim() ?? '';
        const text = rest
          .slice(2)
          .join(',')
          .split('\u0000')
          .map((part) => part.replace(/^,|,$/g, '').trim())
          .filter((part) => part !== '')
          .join(' ');
        const magnitude = fromMinorUnits(amountText || '0', decimals);
        const transaction: StatementTransaction = {
          date: groupDate ?? '',
          amount: isDebitTypeCode(typeCode) && magnitude !== '0' ? `-${magnitude}` : magnitude,
          description: text,
          typeCode,
        };
        if (valueDate) transaction.valueDate = valueDate;
        if (bankReference) transaction.bankReference = bankReference;
        if (customerReference) transaction.customerReference = customerReference;
        current.transactions.push(transaction);
        break;
      }
      case '49': {
        if (!current) return malformed('an account trailer without an account', record.line);
        const problem = checkTrailer(
          record,
          account,
          1,
          `account ${current?.accountId ?? ''}`,
          warnings,
          isStrict,
        );
        if (problem) return malformed(problem, record.line);
        group.amount += account.amount;
        if (current && warnings.length > 0) current.warnings = warnings.splice(0);
        current = undefined;
        break;
      }
      case '98': {
        if (current) return malformed('a group trailer before the account trailer (49)', record.line);
        const problem = checkTrailer(record, group, 2, 'group', warnings, isStrict);
        if (problem) return malformed(problem, record.line);
        isGroupOpen = false;
        file.amount += group.amount;
        break;
      }
      case '99': {
        if (isGroupOpen) return malformed('the file trailer before the group trailer (98)', record.line);
        const problem = checkTrailer(record, file, 2, 'file', warnings, isStrict);
        if (problem) return malformed(problem, record.line);
        hasFileTrailer = true;
        break;
      }
      default:
        return malformed(`unknown record type "${record.code}"`, record.line);
    }
  }
  if (!hasFileTrailer) return malformed('the 99 file trailer is missing (truncated file?)');
  if (statements.some((s) => s.transactions.some((t) => t.date === ''))) {
    return malformed('the group header has no valid as-of date');
  }
  const last = statements[statements.length - 1];
  if (last && warnings.length > 0) last.warnings = [...(last.warnings ?? []), ...warnings];
  return ok(statements);
}

export const sumAmounts = (amounts: string[]) => amounts.reduce(addDecimals, '0');
