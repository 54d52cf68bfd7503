// Fixed lists of the account form (clients-accounts-investments-reports.md 3), served by
// GET /api/accounts/types and /categories.

/**
 * What kind of statements the account gives; it decides which batch of the reporting cycle the account
 * joins (ingestion.md "Batches": transactions, investments, hybridAccount, treasuryServices).
 */
export const ACCOUNT_TYPES = ['Transaction', 'Investment', 'Hybrid', 'Treasury Services'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** What the account is for (ours: the categories a public-sector treasury keeps apart). */
export const ACCOUNT_CATEGORIES = [
  'Operating',
  'Payroll',
  'Accounts Payable',
  'Deposit',
  'Money Market',
  'Savings',
  'Certificate of Deposit',
  'Sweep',
  'Zero Balance',
  'Debt Service',
  'Capital Projects',
  'Escrow',
  'Trust',
  'Investment Pool',
] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];
