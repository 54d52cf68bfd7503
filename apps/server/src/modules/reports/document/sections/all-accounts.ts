import { chart } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { renderChartSvg } from '../../../../platform/pdf/render-chart-svg';
import { accountBalancesChart, accountChartHeight, type AccountSeries } from '../report-charts';
import type { ReportContext, ReportGroup, ReportSection } from '../report-context';
import {
  selectAccountPeriodRows,
  selectAccountSeries,
  selectGroupPeriodFigures,
} from '../report-balances.queries';
import { formatCount, formatMoney, missingLine } from '../report-format';
import { buildGroupBlocks } from './group-sections';

// design/reports.md "All accounts" (allAccountsGraph): per group, each account's balance over the
// period in one chart, and the accounts' start, end, average and minimum balance and transaction
// count, from the stored daily balance tables.

export const NO_GROUP_TABLES =
  "The balance tables of this group's accounts have not been calculated for the period.";

async function buildGroup(ctx: ReportContext, group: ReportGroup): Promise<Content[]> {
  const { db, startDate, endDate } = ctx;
  const [rows, total] = await Promise.all([
    selectAccountPeriodRows(db, group.groupId, startDate, endDate),
    selectGroupPeriodFigures(db, group.groupId, startDate, endDate),
  ]);
  const withData = rows.filter((r) => r.days > 0);
  if (withData.length === 0) return [missingLine(NO_GROUP_TABLES)];
  const points = await selectAccountSeries(
    db,
    withData.map((r) => r.accountId),
    startDate,
    endDate,
  );
  const byAccount = new Map<number, AccountSeries>(
    withData.map((r) => [r.accountId, { name: r.accountName, points: [] }]),
  );
  for (const p of points) byAccount.get(p.accountId)?.points.push([p.date, Number(p.balance)]);
  const series = [...byAccount.values()];
  const size = { width: 720, height: accountChartHeight(series.length) };
  return [
    chart('Balance of each account over the period', renderChartSvg(accountBalancesChart(series), size)),
    reportTable(
      [
        { title: 'Account' },
        { title: 'Bank' },
        { title: 'Start', isNumeric: true },
        { title: 'End', isNumeric: true },
        { title: 'Average', isNumeric: true },
        { title: 'Minimum', isNumeric: true },
        { title: 'Count', isNumeric: true },
      ],
      [
        ...rows.map((r) => [
          r.accountName,
          r.bankName,
          formatMoney(r.startBalance),
          formatMoney(r.endBalance),
          formatMoney(r.averageBalance),
          formatMoney(r.minimumBalance),
          formatCount(r.transactionCount),
        ]),
        [
          `${group.groupName} (group)`,
          null,
          formatMoney(total.startBalance),
          formatMoney(total.endBalance),
          formatMoney(total.averageBalance),
          formatMoney(total.minimumBalance),
          formatCount(rows.reduce((sum, r) => sum + r.transactionCount, 0)),
        ],
      ],
    ),
  ];
}

export async function buildAllAccounts(ctx: ReportContext): Promise<ReportSection> {
  return {
    content: await buildGroupBlocks(ctx, 'allAccounts', ctx.params.allAccountsGraph, (group) =>
      buildGroup(ctx, group),
    ),
  };
}
