import type { AccountCategory } from '@tideline/contracts/accounts/account-lists';
import { paragraph } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { reportTable } from '../report-table';
import type { Opportunity, ReportContext, ReportSection } from '../report-context';
import { selectAccountPeriodRows, type AccountPeriodRow } from '../report-balances.queries';
import { selectAccountFees } from '../report-books.queries';
import { formatMoney, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';
import { NO_GROUP_TABLES } from './all-accounts';
import { notClientGroup } from '../report-context';

// design/reports.md "Accounts to close" (minTransacForClosureGroupId): the group's accounts with
// fewer transactions a month over the period than the minimum of global setting 3 (ours; platform.md 3
// defines ids 1 and 2 only), with their balances and fees. Issue 42 point 5: the recommendation
// follows the data, so a little-used account is listed only when closing it saves something: it
// charged fees in the period, or it had no activity at all. An account that holds money by design
// (a CD, a money market fund, an investment pool, debt service, savings, escrow, trust, or any
// account of investment statements) is few transactions by nature: listed only when it charges fees.

export const NO_GROUP = 'No account group was chosen for the accounts to close.';
export const closureIntro = (groupName: string, minimum: number) =>
  `Accounts of '${groupName}' with fewer than ${minimum} transactions a month over the period that charged fees, or had no activity at all. Accounts that hold money by design (certificates of deposit, money market funds, investment pools, debt service, savings, escrow and trust accounts) are listed only when they charge fees.`;
export const noneToClose = (minimum: number) =>
  `No account of this group with fewer than ${minimum} transactions a month charged fees or sat without activity over the period.`;

/** Categories whose accounts are meant to sit still: few transactions are no reason to close them. */
export const HOLDING_CATEGORIES: ReadonlySet<AccountCategory> = new Set<AccountCategory>([
  'Money Market',
  'Savings',
  'Certificate of Deposit',
  'Debt Service',
  'Escrow',
  'Trust',
  'Investment Pool',
]);

const AVERAGE_MONTH_DAYS = 365.25 / 12;

export type ClosureReason = 'Charges fees' | 'No activity';

export interface ClosureCandidate extends AccountPeriodRow {
  perMonth: number;
  fees: number;
  reason: ClosureReason;
}

const isHolding = (row: Pick<AccountPeriodRow, 'accountCategory' | 'accountType'>) =>
  row.accountType === 'Investment' || HOLDING_CATEGORIES.has(row.accountCategory as AccountCategory);

/** The accounts to list: below the minimum, and charging fees or (not holding money by design) idle. */
export function chooseAccountsToClose(
  rows: readonly AccountPeriodRow[],
  fees: ReadonlyMap<number, number>,
  minimum: number,
): ClosureCandidate[] {
  return rows.flatMap((row): ClosureCandidate[] => {
    if (row.days <= 0) return [];
    const perMonth = row.transactionCount / (row.days / AVERAGE_MONTH_DAYS);
    if (perMonth >= minimum) return [];
    const charged = fees.get(row.accountId) ?? 0;
    if (charged > 0) return [{ ...row, perMonth, fees: charged, reason: 'Charges fees' }];
    if (row.transactionCount === 0 && !isHolding(row))
      return [{ ...row, perMonth, fees: 0, reason: 'No activity' }];
    return [];
  });
}

export async function buildAccountsToClose(ctx: ReportContext): Promise<ReportSection> {
  const heading = sectionHeading('accountsToClose');
  const groupId = ctx.params.minTransacForClosureGroupId;
  if (groupId === null) return { content: [heading, missingLine(NO_GROUP)] };
  const group = ctx.groups.get(groupId);
  if (!group) return { content: [heading, missingLine(notClientGroup(groupId))] };
  const rows = (await selectAccountPeriodRows(ctx.db, groupId, ctx.startDate, ctx.endDate)).filter(
    (r) => r.days > 0,
  );
  const minimum = ctx.minTransactionsPerMonth;
  const intro = paragraph(closureIntro(group.groupName, minimum));
  if (rows.length === 0) return { content: [heading, intro, missingLine(NO_GROUP_TABLES)] };
  const fees = await selectAccountFees(
    ctx.db,
    rows.map((r) => r.accountId),
    ctx.startDate,
    ctx.endDate,
  );
  const candidates = chooseAccountsToClose(rows, fees, minimum);
  if (candidates.length === 0) return { content: [heading, intro, missingLine(noneToClose(minimum))] };
  const table: Content = reportTable(
    [
      { title: 'Account' },
      { title: 'Bank' },
      { title: 'Reason' },
      { title: 'Transactions', isNumeric: true },
      { title: 'A Month', isNumeric: true },
      { title: 'End Balance', isNumeric: true },
      { title: 'Average', isNumeric: true },
      { title: 'Fees', isNumeric: true },
    ],
    candidates.map((c) => [
      c.accountName,
      c.bankName,
      c.reason,
      c.transactionCount,
      c.perMonth.toFixed(1),
      formatMoney(c.endBalance),
      formatMoney(c.averageBalance),
      formatMoney(c.fees),
    ]),
  );
  // Closing them saves their fees: the period's fees at a yearly pace.
  const days = (Date.parse(ctx.endDate) - Date.parse(ctx.startDate)) / 86_400_000 + 1;
  const periodFees = candidates.reduce((sum, c) => sum + c.fees, 0);
  const opportunities: Opportunity[] =
    periodFees > 0
      ? [
          {
            label: `Close ${candidates.length} little-used account${candidates.length === 1 ? '' : 's'} of '${group.groupName}'`,
            dollarsPerYear: (periodFees * 365) / days,
          },
        ]
      : [];
  return { content: [heading, intro, table], opportunities };
}
