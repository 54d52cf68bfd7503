import { paragraph } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { findGroupRun } from '../group-run';
import type { ReportContext, ReportGroup, ReportSection } from '../report-context';
import { formatMoney, missingLine } from '../report-format';
import { buildGroupBlocks } from './group-sections';
import { describeRun, NO_MONTE_CARLO } from './liquidity-levels';

// design/reports.md "Stress test" (stressTestResult): per group, the Monté Result table of its Monte
// Carlo run (analytics.md step 4: R(1y)..R(5y) from the end-date balance, and from the history's
// minimum) and one sentence reading it.

const YEARS = ['year1', 'year2', 'year3', 'year4', 'year5'] as const;

async function buildGroup(ctx: ReportContext, group: ReportGroup): Promise<Content[]> {
  const found = await findGroupRun(ctx, group.groupId);
  if (!found) return [missingLine(NO_MONTE_CARLO)];
  const { rawOutput, fromMinBal } = found.result.monteResult;
  const { startBalance, minimumBalance } = found.result;
  return [
    paragraph(describeRun(found)),
    reportTable(
      [{ title: '' }, ...YEARS.map((_, i) => ({ title: `Year ${i + 1}`, isNumeric: true }))],
      [
        ['Raw Output', ...YEARS.map((y) => formatMoney(rawOutput[y]))],
        ['From Min Bal', ...YEARS.map((y) => formatMoney(fromMinBal[y]))],
      ],
    ),
    paragraph(
      `With 95% confidence, ${formatMoney(rawOutput.year1)} of the ${formatMoney(startBalance)} on the end date stays untouched for a year and ${formatMoney(rawOutput.year5)} for five years; had the group started from its lowest balance of the history (${formatMoney(minimumBalance)}), ${formatMoney(fromMinBal.year1)} would stay for a year.`,
    ),
  ];
}

export async function buildStressTest(ctx: ReportContext): Promise<ReportSection> {
  return {
    content: await buildGroupBlocks(ctx, 'stressTest', ctx.params.stressTestResult, (group) =>
      buildGroup(ctx, group),
    ),
  };
}
