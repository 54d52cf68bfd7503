import type { AccountBase, Transaction } from 'plaid';
import type {
  PulledTransaction,
  PulledTransactions,
  PullPeriod,
  UnmatchedProviderAccount,
} from '../bank-link-provider';
import { PlaidRequestError } from './plaid-request-error';

// Plaid's transactions in the product's terms (ingestion.md step 4 and 5): placed on the client's
// accounts at the bank, posted ones of the period only, amounts signed as statements are.

export interface ClientBankAccount {
  accountId: number;
  accountNumber: string;
}

type Placement = { account: ClientBankAccount } | { reason: UnmatchedProviderAccount['reason'] };

const alphanumeric = (text: string) => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * Plaid gives an account's mask (its last 2-4 characters), never the full number: the client account
 * at the bank whose number ends with it is the one, and a mask several numbers end with places nothing.
 */
function placeAccount(account: AccountBase, accounts: readonly ClientBankAccount[]): Placement {
  const mask = account.mask ? alphanumeric(account.mask) : '';
  const matches = mask ? accounts.filter((a) => alphanumeric(a.accountNumber).endsWith(mask)) : [];
  if (matches.length === 1) return { account: matches[0]! };
  return { reason: matches.length ? 'several-accounts' : 'no-account' };
}

/** Plaid's amounts are positive for money out of the account; statements have credits positive. */
export function toStatementAmount(plaidAmount: number): string {
  if (!Number.isFinite(plaidAmount))
    throw new PlaidRequestError('unreachable', null, 'a transaction amount is not a number');
  const cents = Math.round(-plaidAmount * 100);
  if (cents === 0) return '0.00';
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const describe = (t: Transaction) =>
  (t.original_description ?? t.name ?? t.merchant_name ?? '').replace(/\s+/g, ' ').trim();

const isInPeriod = (t: Transaction, period: PullPeriod) =>
  !t.pending && t.date >= period.startDate && t.date <= period.endDate;

export function mapPlaidTransactions(
  item: { accounts: readonly AccountBase[]; transactions: readonly Transaction[] },
  accounts: readonly ClientBankAccount[],
  period: PullPeriod,
): PulledTransactions {
  const placements = new Map(item.accounts.map((a) => [a.account_id, placeAccount(a, accounts)]));
  const rows: PulledTransaction[] = [];
  const unplacedCounts = new Map<string, number>();
  for (const t of item.transactions) {
    if (!isInPeriod(t, period)) continue;
    const placement = placements.get(t.account_id);
    if (placement && 'account' in placement) {
      rows.push({
        accountId: placement.account.accountId,
        accountNumber: placement.account.accountNumber,
        date: t.date,
        description: describe(t),
        amount: toStatementAmount(t.amount),
        externalId: t.transaction_id,
      });
    } else {
      unplacedCounts.set(t.account_id, (unplacedCounts.get(t.account_id) ?? 0) + 1);
    }
  }
  const unmatchedAccounts = item.accounts.flatMap((a): UnmatchedProviderAccount[] => {
    const placement = placements.get(a.account_id)!;
    if ('account' in placement) return [];
    const transactionCount = unplacedCounts.get(a.account_id) ?? 0;
    return [{ name: a.name, mask: a.mask, transactionCount, reason: placement.reason }];
  });
  rows.sort(
    (x, y) =>
      x.date.localeCompare(y.date) ||
      x.accountNumber.localeCompare(y.accountNumber) ||
      x.externalId.localeCompare(y.externalId),
  );
  return { rows, unmatchedAccounts };
}
