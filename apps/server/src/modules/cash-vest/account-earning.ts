import type { RateCategory } from '@tideline/analytics';

// Which accounts earn, and which rate group an account or a negotiated rate belongs to. The spec names
// the groups (fixedIncome, lowYield, highYield) and analytics.md "cashVest score" the earning accounts,
// but neither says how an account is placed: these rules are ours (docs/models.md).

/** Account categories (contracts ACCOUNT_CATEGORIES) that pay interest by their nature. */
const INTEREST_BEARING_CATEGORIES = new Set([
  'Money Market',
  'Savings',
  'Certificate of Deposit',
  'Sweep',
  'Investment Pool',
]);

/**
 * Value Score: an account earns when it received interest in the period, when its analysis statements
 * show an earnings credit rate above 0, or when its category pays interest. Answers why, or null.
 */
export function findEarningReason(options: {
  accountCategory: string | null;
  accountType: string | null;
  interestReceived: number;
  hasEarningsCredit: boolean;
}): string | null {
  if (options.interestReceived > 0) return 'Received interest in the period';
  if (options.hasEarningsCredit) return 'Earnings credit rate above 0 on its analysis statements';
  if (options.accountCategory && INTEREST_BEARING_CATEGORIES.has(options.accountCategory))
    return `${options.accountCategory} account`;
  if (options.accountType === 'Investment') return 'Investment account';
  return null;
}

/**
 * Interest Rate Comparison: fixed income for term instruments (certificates of deposit, investment
 * pools, investment accounts), high yield for money market, savings and sweep accounts, low yield for
 * the rest (operating and other transaction accounts).
 */
export function rateCategoryOfAccount(
  accountCategory: string | null,
  accountType: string | null,
): RateCategory {
  if (accountType === 'Investment') return 'fixedIncome';
  if (accountCategory === 'Certificate of Deposit' || accountCategory === 'Investment Pool')
    return 'fixedIncome';
  if (accountCategory === 'Money Market' || accountCategory === 'Savings' || accountCategory === 'Sweep')
    return 'highYield';
  return 'lowYield';
}

/** Negotiated rates carry a term, not a category: over 31 days is a term deposit (fixed income). */
const LIQUID_TERM_DAYS = 31;

/**
 * The rate groups a negotiated rate is compared in: a term deposit (term over 31 days) with fixed
 * income; a liquid quote (31 days or less, or no term) with both deposit groups, low and high yield.
 */
export function rateCategoriesOfNegotiatedRate(termDays: number | null): RateCategory[] {
  return termDays !== null && termDays > LIQUID_TERM_DAYS ? ['fixedIncome'] : ['lowYield', 'highYield'];
}
