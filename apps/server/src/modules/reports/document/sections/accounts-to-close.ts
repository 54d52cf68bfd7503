import { dataTable, paragraph } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import type { Opportunity, ReportContext, ReportSection } from '../report-context';
import { selectAccountPeriodRows } from '../report-balances.queries';
import { selectAccountFees } from '../report-books.queries';
import { formatMoney, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';
import { NO_GROUP_TABLES } from './all-accounts';
import { notClientGroup } from '../report-context';

// design/reports.md "Accounts to close" (minTransacForClosureGroupId): the group's accounts with
// fewer transactions a month over the period than the minimum of global setting 3 (ours; platform.md 3
// defines ids 1 and 2 only), with their balances and fees.

export const NO_GROUP = 'No account group was chosen for the accounts to close.';
export const closureIntro = (groupName: string, minimum: number) =>
  `Accounts of '${groupName}' with fewer than ${minimum} transactions a month over the period.`;
export const noneToClose = (minimum: number) =>
  `Every account of this group had at least ${minimum} transactions a month over the period.`;

const AVERAGE_MONTH_DAYS = 365.25 / 12;

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
  const candidates = rows
    .map((r) => ({ ...r, perMonth: r.transactionCount / (r.days / AVERAGE_MONTH_DAYS) }))
    .filter((r) => r.perMonth < minimum);
  if (candidates.length === 0) return { content: [heading, intro, missingLine(noneToClose(minimum))] };
  const fees = await selectAccountFees(
    ctx.db,
    candidates.map((c) => c.accountId),
    ctx.startDate,
    ctx.endDate,
  );
  const table: Content = dataTable(
    [
      { title: 'Account' },
      { title: 'Bank', width: 70 },
      { title: 'Transactions', isNumeric: true, width: 'auto' },
      { title: 'A Month', isNumeric: true, width: 'auto' },
      { title: 'End Balance', isNumeric: true, width: 'auto' },
      { title: 'Average', isNumeric: true, width: 'auto' },
      { title: 'Fees', isNumeric: true, width: 'auto' },
    ],
    candidates.map((c) => [
      c.accountName,
      c.bankName,
      c.transactionCount,
      c.perMonth.toFixed(1),
      formatMoney(c.endBalance),
      formatMoney(c.averageBalance),
      formatMoney(fees.get(c.accountId) ?? 0),
    ]),
  );
  // Closing them saves their fees: the period's fees at a yearly pace.
  const days = (Date.parse(ctx.endDate) - Date.parse(ctx.startDate)) / 86_400_000 + 1;
  const periodFees = candidates.reduce((sum, c) => sum + (fees.get(c.accountId) ?? 0), 0);
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
