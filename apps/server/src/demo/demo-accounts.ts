import type { AccountCategory, AccountType } from '@tideline/contracts';
import { hashText } from './demo-random';

/** What an account is used for: it decides the cash-flow streams it gets (cash-flow-streams.ts). */
export type AccountRole =
  'operating' | 'payroll' | 'disbursement' | 'debt' | 'deposit' | 'sweep' | 'reserve' | 'capital' | 'trust';

export interface DemoAccount {
  key: string;
  clientKey: string;
  bankKey: string;
  name: string;
  alias: string;
  type: AccountType;
  category: AccountCategory;
  role: AccountRole;
  /** The balance it usually carries, in dollars; the start balance is at least this. */
  typicalDollars: number;
  /** Annual interest in percent, credited monthly. */
  ratePct: number;
  /** Opened this many months after the window starts (bond proceeds). */
  opensAfterMonths?: number;
  /** Closed this many months before the window ends. */
  closedMonthsBeforeEnd?: number;
}

const a = (
  key: string,
  bankKey: string,
  name: string,
  alias: string,
  type: AccountType,
  category: AccountCategory,
  role: AccountRole,
  typicalDollars: number,
  ratePct: number,
  extra: Partial<DemoAccount> = {},
): DemoAccount => ({
  key,
  clientKey: key.split('.')[0]!,
  bankKey,
  name,
  alias,
  type,
  category,
  role,
  typicalDollars,
  ratePct,
  ...extra,
});

/** Forty accounts: every account type and every category appears at least once. */
// prettier-ignore
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  // key, bank, name, alias, type, category, role, usual balance ($), interest (%)
  a('cedar.operating', 'meridian', 'General Fund Operating', 'CVC Operating', 'Transaction', 'Operating', 'operating', 28_000_000, 0.35),
  a('cedar.payroll', 'meridian', 'County Payroll', 'CVC Payroll', 'Transaction', 'Payroll', 'payroll', 250_000, 0),
  a('cedar.zba', 'meridian', 'Claims Disbursement ZBA', 'CVC Claims ZBA', 'Transaction', 'Zero Balance', 'disbursement', 0, 0),
  a('cedar.debt', 'meridian', 'GO Bond Debt Service', 'CVC Debt Service', 'Transaction', 'Debt Service', 'debt', 1_500_000, 1.1),
  a('cedar.mm', 'prairie', 'Public Funds Money Market', 'CVC Money Market', 'Hybrid', 'Money Market', 'reserve', 18_000_000, 3.9),
  a('cedar.cd', 'prairie', '12-Month Certificate of Deposit', 'CVC CD 12M', 'Investment', 'Certificate of Deposit', 'reserve', 10_000_000, 4.6),
  a('cedar.trust', 'prairie', 'Sheriff Inmate Trust', 'CVC Inmate Trust', 'Transaction', 'Trust', 'trust', 180_000, 0),
  a('cedar.pool', 'pool', 'Public Trust Pool Participant', 'CVC PTIP', 'Investment', 'Investment Pool', 'reserve', 45_000_000, 4.8),

  a('portalder.operating', 'cascade', 'Consolidated Operating', 'CPA Operating', 'Transaction', 'Operating', 'operating', 42_000_000, 0.25),
  a('portalder.payroll', 'cascade', 'City Payroll', 'CPA Payroll', 'Transaction', 'Payroll', 'payroll', 400_000, 0),
  a('portalder.ap', 'cascade', 'Accounts Payable Disbursement', 'CPA AP', 'Transaction', 'Accounts Payable', 'disbursement', 0, 0),
  a('portalder.utility', 'cascade', 'Utility Billing Collections', 'CPA Utility Deposits', 'Transaction', 'Deposit', 'deposit', 1_200_000, 0),
  a('portalder.sweep', 'cascade', 'Overnight Repo Sweep', 'CPA Sweep', 'Hybrid', 'Sweep', 'sweep', 25_000_000, 3.6),
  a('portalder.savings', 'evergreen', 'Public Funds Savings', 'CPA Savings', 'Hybrid', 'Savings', 'reserve', 6_000_000, 2.4),
  a('portalder.capital', 'meridian', 'Waterfront Capital Projects', 'CPA Capital Projects', 'Transaction', 'Capital Projects', 'capital', 0, 3.1, { opensAfterMonths: 14 }),

  a('millbrook.operating', 'pacific', 'General Fund Clearing', 'MUSD General Fund', 'Transaction', 'Operating', 'operating', 30_000_000, 0.4),
  a('millbrook.payroll', 'pacific', 'Certificated & Classified Payroll', 'MUSD Payroll', 'Transaction', 'Payroll', 'payroll', 300_000, 0),
  a('millbrook.cafeteria', 'pacific', 'Cafeteria Fund Deposits', 'MUSD Cafeteria', 'Transaction', 'Deposit', 'deposit', 150_000, 0),
  a('millbrook.debt', 'piedmont', 'Measure K Debt Service', 'MUSD Debt Service', 'Transaction', 'Debt Service', 'debt', 900_000, 1.6),
  a('millbrook.escrow', 'piedmont', 'Building Fund Construction Escrow', 'MUSD Building Escrow', 'Investment', 'Escrow', 'capital', 0, 3.4),
  a('millbrook.pool', 'pool', 'County Treasury Pool Participant', 'MUSD Pool', 'Investment', 'Investment Pool', 'reserve', 35_000_000, 4.1),

  a('blueheron.operating', 'southern', 'Revenue Fund Operating', 'BHRWA Revenue Fund', 'Transaction', 'Operating', 'operating', 14_000_000, 0.3),
  a('blueheron.payroll', 'southern', 'Authority Payroll', 'BHRWA Payroll', 'Transaction', 'Payroll', 'payroll', 120_000, 0),
  a('blueheron.lockbox', 'southern', 'Customer Payments Lockbox', 'BHRWA Lockbox', 'Treasury Services', 'Deposit', 'deposit', 800_000, 0),
  a('blueheron.debt', 'piedmont', 'Revenue Bond Debt Service Fund', 'BHRWA Debt Service', 'Transaction', 'Debt Service', 'debt', 2_000_000, 1.4),
  a('blueheron.reserve', 'piedmont', 'Debt Service Reserve Trust', 'BHRWA DSRF Trust', 'Investment', 'Trust', 'reserve', 26_000_000, 4.2),
  a('blueheron.mm', 'meridian', 'Renewal & Replacement Money Market', 'BHRWA R&R MM', 'Hybrid', 'Money Market', 'reserve', 9_000_000, 3.8),

  a('tririver.operating', 'meridian', 'Operating Account', 'TRTA Operating', 'Transaction', 'Operating', 'operating', 16_000_000, 0.3),
  a('tririver.payroll', 'meridian', 'Operator & Maintenance Payroll', 'TRTA Payroll', 'Transaction', 'Payroll', 'payroll', 200_000, 0),
  a('tririver.farebox', 'meridian', 'Farebox Deposits', 'TRTA Farebox', 'Transaction', 'Deposit', 'deposit', 300_000, 0),
  a('tririver.sweep', 'meridian', 'Government Money Fund Sweep', 'TRTA Sweep', 'Hybrid', 'Sweep', 'sweep', 8_000_000, 3.5),
  a('tririver.capital', 'prairie', 'Bus Replacement Capital Grants', 'TRTA Capital Grants', 'Transaction', 'Capital Projects', 'capital', 0, 2.2),
  a('tririver.savings', 'prairie', 'Insurance Reserve Savings', 'TRTA Savings', 'Hybrid', 'Savings', 'reserve', 3_000_000, 2.1, { closedMonthsBeforeEnd: 7 }),

  a('northplains.operating', 'meridian', 'System Office Operating', 'NPSUS Operating', 'Transaction', 'Operating', 'operating', 120_000_000, 0.45),
  a('northplains.payroll', 'meridian', 'Faculty & Staff Payroll', 'NPSUS Payroll', 'Transaction', 'Payroll', 'payroll', 1_000_000, 0),
  a('northplains.tuition', 'meridian', 'Student Accounts Receivable', 'NPSUS Tuition', 'Transaction', 'Deposit', 'deposit', 3_000_000, 0),
  a('northplains.cdisb', 'meridian', 'Controlled Disbursement', 'NPSUS Controlled Disb', 'Treasury Services', 'Zero Balance', 'disbursement', 0, 0),
  a('northplains.debt', 'piedmont', 'Housing Revenue Bond Debt Service', 'NPSUS Debt Service', 'Transaction', 'Debt Service', 'debt', 4_000_000, 1.5),
  a('northplains.pool', 'pool', 'Public Trust Pool Participant', 'NPSUS PTIP', 'Investment', 'Investment Pool', 'reserve', 150_000_000, 4.7),
  a('northplains.cd', 'prairie', '24-Month Certificate of Deposit', 'NPSUS CD 24M', 'Investment', 'Certificate of Deposit', 'reserve', 20_000_000, 4.9),
];

/** Groups beyond 'All Accounts' (every account joins that one when created). */
export const DEMO_GROUPS: readonly { clientKey: string; name: string; accountKeys: readonly string[] }[] = [
  { clientKey: 'cedar', name: 'Operating', accountKeys: ['cedar.operating', 'cedar.payroll', 'cedar.zba'] },
  { clientKey: 'cedar', name: 'Debt Service Reserve', accountKeys: ['cedar.debt'] },
  { clientKey: 'cedar', name: 'Liquidity Reserve', accountKeys: ['cedar.mm', 'cedar.cd', 'cedar.pool'] },
  {
    clientKey: 'portalder',
    name: 'Operating',
    accountKeys: [
      'portalder.operating',
      'portalder.payroll',
      'portalder.ap',
      'portalder.utility',
      'portalder.sweep',
    ],
  },
  { clientKey: 'portalder', name: 'Capital Program', accountKeys: ['portalder.capital'] },
  {
    clientKey: 'millbrook',
    name: 'Operating',
    accountKeys: ['millbrook.operating', 'millbrook.payroll', 'millbrook.cafeteria'],
  },
  { clientKey: 'millbrook', name: 'Debt Service Reserve', accountKeys: ['millbrook.debt'] },
  { clientKey: 'millbrook', name: 'Bond Proceeds', accountKeys: ['millbrook.escrow', 'millbrook.pool'] },
  {
    clientKey: 'blueheron',
    name: 'Operating',
    accountKeys: ['blueheron.operating', 'blueheron.payroll', 'blueheron.lockbox'],
  },
  {
    clientKey: 'blueheron',
    name: 'Debt Service Reserve',
    accountKeys: ['blueheron.debt', 'blueheron.reserve'],
  },
  {
    clientKey: 'tririver',
    name: 'Operating',
    accountKeys: ['tririver.operating', 'tririver.payroll', 'tririver.farebox', 'tririver.sweep'],
  },
  {
    clientKey: 'northplains',
    name: 'Operating',
    accountKeys: ['northplains.operating', 'northplains.payroll', 'northplains.tuition', 'northplains.cdisb'],
  },
  { clientKey: 'northplains', name: 'Debt Service Reserve', accountKeys: ['northplains.debt'] },
  { clientKey: 'northplains', name: 'Investments', accountKeys: ['northplains.pool', 'northplains.cd'] },
];

/** Disbursement, payroll and sweep accounts point at the operating account that funds them. */
export const DEMO_LINKS: readonly { accountKey: string; linkedToKey: string }[] = [
  { accountKey: 'cedar.zba', linkedToKey: 'cedar.operating' },
  { accountKey: 'cedar.payroll', linkedToKey: 'cedar.operating' },
  { accountKey: 'portalder.ap', linkedToKey: 'portalder.operating' },
  { accountKey: 'portalder.sweep', linkedToKey: 'portalder.operating' },
  { accountKey: 'blueheron.lockbox', linkedToKey: 'blueheron.operating' },
  { accountKey: 'tririver.sweep', linkedToKey: 'tririver.operating' },
  { accountKey: 'northplains.cdisb', linkedToKey: 'northplains.operating' },
];

/** A stable account number: the bank's prefix and digits drawn from the account's key. */
export function accountNumberOf(account: DemoAccount, bankPrefix: string): string {
  const digits = String(hashText(account.key) % 10_000_000).padStart(7, '0');
  return `${bankPrefix}${digits}`;
}
