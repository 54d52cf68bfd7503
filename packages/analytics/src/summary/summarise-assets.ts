import { allocateBasisPoints } from '../core/allocate-shares';
import type { LevelAmounts } from '../cash-vest/cash-vest-input';
import { isFiniteAmount } from '../core/money';
import { fail, ok, type Result } from '../core/result';

export interface AssetAccount {
  readonly accountId: string;
  /** The account's accountCategory (e.g. Operating, Money Market); blank or null: 'Uncategorised'. */
  readonly category: string | null;
  /** Current balance in dollars (the latest end-of-day balance); negative when overdrawn. */
  readonly balance: number;
  /** Closed accounts are left out of the count and the totals. */
  readonly isClosed?: boolean;
}

export interface AssetInvestment {
  readonly investmentId: string;
  /** investmentTypeName (e.g. Treasury Bill, CD); blank or null: 'Unspecified type'. */
  readonly investmentType: string | null;
  /** Face value in dollars, at least 0. */
  readonly faceValue: number;
}

export interface AssetsInput {
  readonly accounts: readonly AssetAccount[];
  /** The investments currently held. */
  readonly investments: readonly AssetInvestment[];
  /** The client's current liquidity levels (as computed or as set by the analyst); null when none. */
  readonly liquidityLevels: LevelAmounts | null;
}

export interface AssetSlice {
  readonly kind: 'account' | 'investment';
  /** Account category or investment type. */
  readonly label: string;
  readonly count: number;
  readonly amount: number;
  /**
   * Percent of the sum of the positive slices, 2 decimals. The shares of all slices add up to exactly
   * 100 (as whole hundredths); a slice of 0 or below has share 0.
   */
  readonly sharePercent: number;
}

export interface AssetsSummary {
  /** Open accounts. */
  readonly numberOfAccounts: number;
  readonly numberOfInvestments: number;
  /** Sum of the open accounts' balances. */
  readonly cashBalance: number;
  /** Amount Invested: sum of the investments' face values. */
  readonly amountInvested: number;
  /** cashBalance + amountInvested. */
  readonly totalAssets: number;
  /** levelTwo + … + levelFive of the current levels; null without levels. */
  readonly strategicLiquidity: number | null;
  /** Account categories (largest first), then investment types (largest first). */
  readonly series: AssetSlice[];
}

/** Above this an amount is surely a data error, and integer cents would stop being exact. */
const MAX_AMOUNT = 1e12;

function checkAmount(value: unknown, field: string, isNegativeAllowed: boolean): Result<number> {
  if (!isFiniteAmount(value)) return fail('NON_FINITE_AMOUNT', `${field} must be a finite number`, field);
  if (!isNegativeAllowed && value < 0) return fail('NEGATIVE_AMOUNT', `${field} cannot be negative`, field);
  if (Math.abs(value) > MAX_AMOUNT) {
    return fail('INVALID_ARGUMENT', `${field} is above $1,000,000,000,000; check the data`, field);
  }
  return ok(Math.round(value * 100));
}

function labelOf(value: string | null | undefined, fallback: string): string {
  const label = typeof value === 'string' ? value.trim() : '';
  return label === '' ? fallback : label;
}

interface Bucket {
  readonly kind: AssetSlice['kind'];
  readonly label: string;
  count: number;
  cents: number;
}

function sortBuckets(buckets: Iterable<Bucket>): Bucket[] {
  return [...buckets].sort(
    (a, b) => b.cents - a.cents || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
}

/**
 * The client summary's Assets widget (clients spec 3: Number Of Accounts, Strategic Liquidity, Amount
 * Invested, plus a series): totals of the open accounts and the investments, and one slice per account
 * category and per investment type with its share. Sums are kept in integer cents, so the totals are
 * exactly the sums of the slices, and the shares add up to 100% by the largest-remainder method.
 */
export function summariseAssets(input: AssetsInput): Result<AssetsSummary> {
  const accountBuckets = new Map<string, Bucket>();
  const seenAccounts = new Set<string>();
  let numberOfAccounts = 0;
  for (const [index, account] of input.accounts.entries()) {
    const field = `accounts[${index}]`;
    if (seenAccounts.has(account.accountId)) {
      return fail(
        'DUPLICATE_ID',
        `${field}.accountId ${account.accountId} is listed twice`,
        `${field}.accountId`,
      );
    }
    seenAccounts.add(account.accountId);
    const cents = checkAmount(account.balance, `${field}.balance`, true);
    if (!cents.ok) return cents;
    if (account.isClosed === true) continue;
    numberOfAccounts += 1;
    const label = labelOf(account.category, 'Uncategorised');
    const bucket = accountBuckets.get(label) ?? { kind: 'account', label, count: 0, cents: 0 };
    bucket.count += 1;
    bucket.cents += cents.value;
    accountBuckets.set(label, bucket);
  }
  const investmentBuckets = new Map<string, Bucket>();
  const seenInvestments = new Set<string>();
  for (const [index, investment] of input.investments.entries()) {
    const field = `investments[${index}]`;
    if (seenInvestments.has(investment.investmentId)) {
      return fail(
        'DUPLICATE_ID',
        `${field}.investmentId ${investment.investmentId} is listed twice`,
        `${field}.investmentId`,
      );
    }
    seenInvestments.add(investment.investmentId);
    const cents = checkAmount(investment.faceValue, `${field}.faceValue`, false);
    if (!cents.ok) return cents;
    const label = labelOf(investment.investmentType, 'Unspecified type');
    const bucket = investmentBuckets.get(label) ?? { kind: 'investment', label, count: 0, cents: 0 };
    bucket.count += 1;
    bucket.cents += cents.value;
    investmentBuckets.set(label, bucket);
  }
  let strategicCents: number | null = null;
  if (input.liquidityLevels) {
    strategicCents = 0;
    for (const level of ['levelTwo', 'levelThree', 'levelFour', 'levelFive'] as const) {
      const cents = checkAmount(input.liquidityLevels[level], `liquidityLevels.${level}`, false);
      if (!cents.ok) return cents;
      strategicCents += cents.value;
    }
  }
  const buckets = [...sortBuckets(accountBuckets.values()), ...sortBuckets(investmentBuckets.values())];
  const points = allocateBasisPoints(buckets.map((bucket) => bucket.cents));
  const series = buckets.map((bucket, index) => ({
    kind: bucket.kind,
    label: bucket.label,
    count: bucket.count,
    amount: toDollars(bucket.cents),
    sharePercent: (points[index] as number) / 100,
  }));
  const sumCents = (kind: AssetSlice['kind']) =>
    buckets.filter((bucket) => bucket.kind === kind).reduce((sum, bucket) => sum + bucket.cents, 0);
  const cashCents = sumCents('account');
  const investedCents = sumCents('investment');
  return ok({
    numberOfAccounts,
    numberOfInvestments: input.investments.length,
    cashBalance: toDollars(cashCents),
    amountInvested: toDollars(investedCents),
    totalAssets: toDollars(cashCents + investedCents),
    strategicLiquidity: strategicCents === null ? null : toDollars(strategicCents),
    series,
  });
}

function toDollars(cents: number): number {
  const dollars = cents / 100;
  return dollars === 0 ? 0 : dollars;
}
