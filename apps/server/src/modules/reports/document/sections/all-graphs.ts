import { formatIsoDate, parseIsoDate } from '@tideline/analytics';
import { computeDayToDayVariance } from '@tideline/analytics/balances/compute-day-to-day-variance';
import { chart } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { renderChartSvg } from '../../../../platform/pdf/render-chart-svg';
import { selectGroupBalances } from '../../../short-term/short-term.queries';
import { dayToDayVarianceChart, monthlyBalanceChart } from '../report-charts';
import type { ReportContext, ReportGroup, ReportSection } from '../report-context';
import { selectGroupMonths } from '../report-balances.queries';
import { formatCount, formatMoney, formatMonth, missingLine } from '../report-format';
import { buildGroupBlocks } from './group-sections';
import { NO_GROUP_TABLES } from './all-accounts';

// design/reports.md "All graphs" (includeAllGraphs): per group, its stored monthly table for the
// months the period touches, the monthly balance chart and the day-to-day variance chart
// (analytics.md "Balance tables": the change from one business day to the next).

const CHART = { width: 720, height: 280 };
/** Days read before the period so its first business day has a previous one (a long weekend). */
const LEAD_DAYS = 7;

/** The group's day-to-day variance over the period, by the balance tables' own rule. */
async function findDayToDay(ctx: ReportContext, groupId: number) {
  const from = formatIsoDate(parseIsoDate(ctx.startDate)! - LEAD_DAYS);
  const days = await selectGroupBalances(ctx.db, groupId, from, ctx.endDate);
  if (days.length === 0) return [];
  const firstDay = parseIsoDate(days[0]!.date)!;
  const length = parseIsoDate(days.at(-1)!.date)! - firstDay + 1;
  const balances = new Float64Array(length);
  // The table has a row per calendar day; a missing day keeps the day before's balance.
  let cursor = 0;
  for (let slot = 0; slot < length; slot += 1) {
    if (days[cursor] && parseIsoDate(days[cursor]!.date) === firstDay + slot) cursor += 1;
    balances[slot] = days[Math.max(0, cursor - 1)]!.balance;
  }
  const empty = new Float64Array(length);
  const rows = computeDayToDayVariance({
    firstDay,
    balances,
    credits: empty,
    debits: empty,
    counts: new Uint32Array(length),
  });
  return rows.filter((r) => r.date >= ctx.startDate);
}

async function buildGroup(ctx: ReportContext, group: ReportGroup): Promise<Content[]> {
  const [months, variance] = await Promise.all([
    selectGroupMonths(ctx.db, group.groupId, ctx.startDate, ctx.endDate),
    findDayToDay(ctx, group.groupId),
  ]);
  if (months.length === 0) return [missingLine(NO_GROUP_TABLES)];
  const chartMonths = months.map((m) => ({
    label: formatMonth(m.month),
    end: Number(m.monthEndBalance),
    average: Number(m.averageDailyBalance),
    minimum: Number(m.minimumBalance),
    maximum: Number(m.maximumBalance),
  }));
  return [
    reportTable(
      [
        { title: 'Month' },
        { title: 'Month-end', isNumeric: true },
        { title: 'Average', isNumeric: true },
        { title: 'Minimum', isNumeric: true },
        { title: 'Maximum', isNumeric: true },
        { title: 'Credits', isNumeric: true },
        { title: 'Debits', isNumeric: true },
        { title: 'Count', isNumeric: true },
      ],
      months.map((m) => [
        formatMonth(m.month),
        formatMoney(m.monthEndBalance),
        formatMoney(m.averageDailyBalance),
        formatMoney(m.minimumBalance),
        formatMoney(m.maximumBalance),
        formatMoney(m.totalCredits),
        formatMoney(m.totalDebits),
        formatCount(m.transactionCount),
      ]),
    ),
    chart('Monthly balance', renderChartSvg(monthlyBalanceChart(chartMonths), CHART)),
    ...(variance.length > 0
      ? [chart('Day-to-day variance', renderChartSvg(dayToDayVarianceChart(variance), CHART))]
      : []),
  ];
}

export async function buildAllGraphs(ctx: ReportContext): Promise<ReportSection> {
  return {
    content: await buildGroupBlocks(ctx, 'allGraphs', ctx.params.includeAllGraphs, (group) =>
      buildGroup(ctx, group),
    ),
  };
}
