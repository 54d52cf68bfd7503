import { fromMinorUnits } from '../template/decimal-math.js';
import { buildDate } from '../template/parse-date.js';
import { detachText } from './detach-text.js';
import type { Bai2Record } from './split-bai2-records.js';
import type { Statement, StatementBalance } from './statement.js';

const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'KRW', 'CLP', 'ISK', 'VND', 'XOF', 'XAF', 'HUF0']);

/** BAI2 status and summary type codes we name; others keep their code as their type. */
const BALANCE_TYPES: Record<string, string> = {
  '010': 'opening',
  '015': 'closing',
  '040': 'opening_available',
  '045': 'closing_available',
  '050': 'one_day_float',
  '060': 'current_available',
  '072': 'one_day_float',
  '074': 'two_or_more_days_float',
  '100': 'total_credits',
  '400': 'total_debits',
};

const TYPE_CODE = /^\d{3}$/;
const SIGNED_DIGITS = /^[-+]?\d+$/;
const DIGITS = /^\d+$/;

/** The group header's currency and as-of date, which its accounts inherit. */
export interface Bai2Group {
  currency: string;
  date?: string;
}

export function readBai2Date(text: string): string | undefined {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const date = buildDate(2000 + Number(m[1]), Number(m[2]), Number(m[3]), text);
  return date.ok ? date.value : undefined;
}

export function decimalsOf(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/**
 * Extra fields a funds type adds after the amount (BAI2 funds type: 0/1/2/Z none, V date and
 * time, S three amounts, D a count n then n day/amount pairs); a message when D's count is no number.
 */
export function countFundsFields(fundsType: string, fields: readonly string[], at: number): number | string {
  switch (fundsType.trim().toUpperCase()) {
    case 'V':
      return 2;
    case 'S':
      return 3;
    case 'D': {
      const count = fields[at]?.trim() ?? '';
      return DIGITS.test(count)
        ? 1 + 2 * Number(count)
        : `the distributed availability count "${count}" is not a number`;
    }
    default:
      return 0;
  }
}

/**
 * An account identifier record (03, with its 88 continuations): the account, its currency and its
 * status and summary amounts (type code, amount, item count, funds type), in minor units; a
 * message when a field cannot be read.
 */
export function readBai2Account(
  record: Bai2Record,
  group: Bai2Group,
): { statement: Statement; controlAmount: bigint } | string {
  const f = record.fields;
  const currency = f[1]?.trim() || group.currency;
  const decimals = decimalsOf(currency);
  const balances: StatementBalance[] = [];
  // The account trailer's control total adds every amount of the account, balances included.
  let controlAmount = 0n;
  for (let i = 2; i + 1 < f.length;) {
    const typeCode = f[i]?.trim() ?? '';
    if (typeCode === '') {
      // A stray empty field (",,/" before an 88 continuation) or an empty summary: step over it.
      i++;
      continue;
    }
    if (!TYPE_CODE.test(typeCode)) return `"${typeCode}" is not a BAI2 type code`;
    const amount = f[i + 1]?.trim() ?? '';
    if (amount !== '' && !SIGNED_DIGITS.test(amount))
      return `the amount "${amount}" of type code ${typeCode} is not a number`;
    const itemCount = f[i + 2]?.trim() ?? '';
    if (itemCount !== '' && !DIGITS.test(itemCount))
      return `the item count "${itemCount}" of type code ${typeCode} is not a number`;
    if (amount !== '') {
      controlAmount += BigInt(amount);
      const balance: StatementBalance = {
        type: BALANCE_TYPES[typeCode] ?? typeCode,
        amount: fromMinorUnits(amount, decimals),
        currency,
      };
      if (group.date) balance.date = group.date;
      if (itemCount !== '') balance.itemCount = Number(itemCount);
      balances.push(balance);
    }
    const funds = countFundsFields(f[i + 3] ?? '', f, i + 4);
    if (typeof funds === 'string') return funds;
    i += 4 + funds;
  }
  const statement: Statement = {
    format: 'bai2',
    accountId: detachText(f[0]?.trim() ?? ''),
    currency,
    balances,
    transactions: [],
  };
  const opening = balances.find((b) => b.type === 'opening');
  const closing = balances.find((b) => b.type === 'closing');
  if (opening) statement.openingBalance = opening.amount;
  if (closing) statement.closingBalance = closing.amount;
  // A BAI2 account block reports one day: its group's as-of date.
  if (group.date) {
    statement.fromDate = group.date;
    statement.toDate = group.date;
  }
  return { statement, controlAmount };
}
