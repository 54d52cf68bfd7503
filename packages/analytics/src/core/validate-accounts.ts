import type { AccountHistory, ParsedAccount } from './account-history';
import { isInCalendarRange } from '../calendar/business-calendar';
import { parseIsoDate } from './iso-date';
import { isAmountTooLarge, isFiniteAmount } from './money';
import { fail, ok, type Result } from './result';

/** Parses an ISO date argument into a day number inside the supported calendar (1990-2100). */
export function parseDateField(value: string, field: string): Result<number> {
  const day = typeof value === 'string' ? parseIsoDate(value) : undefined;
  if (day === undefined)
    return fail('INVALID_DATE', `${field} is not a valid date (YYYY-MM-DD): ${String(value)}`, field);
  if (!isInCalendarRange(day)) {
    return fail('DATE_OUT_OF_RANGE', `${field} must fall between 1990-01-01 and 2100-12-31`, field);
  }
  return ok(day);
}

const tooLarge = (field: string) =>
  fail('AMOUNT_TOO_LARGE', `${field} is $10 trillion or more: amounts that large are not supported`, field);

function parseAccount(account: AccountHistory, field: string): Result<ParsedAccount> {
  if (!isFiniteAmount(account.anchorBalance)) {
    return fail(
      'NON_FINITE_AMOUNT',
      `${field}.anchorBalance must be a finite number`,
      `${field}.anchorBalance`,
    );
  }
  if (isAmountTooLarge(account.anchorBalance)) return tooLarge(`${field}.anchorBalance`);
  const anchor = parseDateField(account.anchorDate, `${field}.anchorDate`);
  if (!anchor.ok) return anchor;
  const count = account.transactions.length;
  const transactionDays = new Int32Array(count);
  const transactionAmounts = new Float64Array(count);
  const transactionKeywords: (string | undefined)[] = new Array<string | undefined>(count);
  let previousDay = -Infinity;
  for (let index = 0; index < count; index += 1) {
    const transaction = account.transactions[index];
    const itemField = `${field}.transactions[${index}]`;
    if (!transaction) return fail('INVALID_ARGUMENT', `${itemField} is missing`, itemField);
    const day = parseDateField(transaction.date, `${itemField}.date`);
    if (!day.ok) return day;
    if (!isFiniteAmount(transaction.amount)) {
      return fail('NON_FINITE_AMOUNT', `${itemField}.amount must be a finite number`, `${itemField}.amount`);
    }
    if (isAmountTooLarge(transaction.amount)) return tooLarge(`${itemField}.amount`);
    if (day.value < previousDay) {
      return fail(
        'DATES_OUT_OF_ORDER',
        `${itemField}.date is earlier than the transaction before it`,
        `${itemField}.date`,
      );
    }
    previousDay = day.value;
    transactionDays[index] = day.value;
    transactionAmounts[index] = transaction.amount;
    transactionKeywords[index] = transaction.keyword;
  }
  const observed = account.observedBalances ?? [];
  const observedDays = new Int32Array(observed.length);
  const observedBalances = new Float64Array(observed.length);
  for (let index = 0; index < observed.length; index += 1) {
    const item = observed[index];
    const itemField = `${field}.observedBalances[${index}]`;
    if (!item) return fail('INVALID_ARGUMENT', `${itemField} is missing`, itemField);
    const day = parseDateField(item.date, `${itemField}.date`);
    if (!day.ok) return day;
    if (!isFiniteAmount(item.balance)) {
      return fail(
        'NON_FINITE_AMOUNT',
        `${itemField}.balance must be a finite number`,
        `${itemField}.balance`,
      );
    }
    if (isAmountTooLarge(item.balance)) return tooLarge(`${itemField}.balance`);
    const previous = index > 0 ? (observedDays[index - 1] as number) : -Infinity;
    if (day.value === previous)
      return fail('DUPLICATE_DATE', `${itemField}.date appears twice`, `${itemField}.date`);
    if (day.value < previous) {
      return fail(
        'DATES_OUT_OF_ORDER',
        `${itemField}.date is earlier than the one before it`,
        `${itemField}.date`,
      );
    }
    observedDays[index] = day.value;
    observedBalances[index] = item.balance;
  }
  return ok({
    accountId: account.accountId,
    anchorBalance: account.anchorBalance,
    anchorDay: anchor.value,
    transactionDays,
    transactionAmounts,
    transactionKeywords,
    observedDays,
    observedBalances,
  });
}

/** Checks a group's accounts: at least one, unique ids, valid dates in order, finite amounts. */
export function validateAccounts(accounts: readonly AccountHistory[]): Result<ParsedAccount[]> {
  if (!Array.isArray(accounts) || accounts.length === 0) {
    return fail('NO_ACCOUNTS', 'The account group has no accounts', 'accounts');
  }
  const parsed: ParsedAccount[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < accounts.length; index += 1) {
    const account = accounts[index];
    const field = `accounts[${index}]`;
    if (!account) return fail('INVALID_ARGUMENT', `${field} is missing`, field);
    if (seen.has(account.accountId)) {
      return fail(
        'INVALID_ARGUMENT',
        `${field}.accountId ${account.accountId} appears twice`,
        `${field}.accountId`,
      );
    }
    seen.add(account.accountId);
    const result = parseAccount(account, field);
    if (!result.ok) return result;
    parsed.push(result.value);
  }
  return ok(parsed);
}
