import { LIQUIDITY_LEVEL_TERMS } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { describeBenchmarkInterestTotal } from '@tideline/contracts/monte-carlo/benchmark-interest-total';
import { chart, facts, note, paragraph } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { renderChartSvg } from '../../../../platform/pdf/render-chart-svg';
import { describeLevelRate } from '../../../monte-carlo/run-rates';
import { findGroupRun, type GroupRun } from '../group-run';
import { durationCapabilityChart } from '../report-charts';
import type { ReportContext, ReportGroup, ReportSection } from '../report-context';
import { formatDate, formatMoney, formatPercent, missingLine } from '../report-format';
import { buildGroupBlocks } from './group-sections';

// design/reports.md "Liquidity levels" (stackedAreaAndStats, liquidityLevelAmounts): per group, the
// duration-capability stacked area chart and the Amount / Duration / Indicative Rate / Benchmark
// Interest table of its Monte Carlo run, on the effective levels (the analyst's where set). The
// groups are stackedAreaAndStats'; liquidityLevelAmounts (1 unless turned off) adds the table.

export const NO_MONTE_CARLO = 'No Monte Carlo analysis of this group has finished yet.';

/** Which run the figures are from, in one line (every Monte Carlo block of the report starts so). */
export function describeRun(found: GroupRun): string {
  const { run, result } = found;
  return `Monte Carlo '${run.monteCarloName}' run on ${formatDate(run.createdAt.toISOString())}: ${result.historyYears}-year history ${formatDate(result.startDate)} to ${formatDate(result.endDate)}, ${run.paths.toLocaleString('en-US')} paths, seed ${run.seed}.`;
}

function buildRateTable(found: GroupRun): Content[] {
  const { levels } = found;
  const rows = found.rateTable.map((row) => {
    const term = LIQUIDITY_LEVEL_TERMS.find((t) => t.field === row.field)!;
    const mark = levels.overridden[row.field] ? ' *' : '';
    return [
      `${term.label}${mark}`,
      formatMoney(row.amount),
      row.duration,
      // Issue 41 point 5: never an empty rate, "Rate unavailable since DATE" instead.
      formatPercent(row.indicativeRate) ?? describeLevelRate(found.runRates, row.field, formatDate),
      formatMoney(row.benchmarkInterest),
    ];
  });
  const total = found.rateTable.reduce((sum, r) => sum + r.amount, 0);
  const standIns = found.rateTable.flatMap((row) => {
    const text =
      row.indicativeRate === null ? null : describeLevelRate(found.runRates, row.field, formatDate);
    return text ? [`${LIQUIDITY_LEVEL_TERMS.find((t) => t.field === row.field)!.label}: ${text}.`] : [];
  });
  const partial = describeBenchmarkInterestTotal(found.rateTable);
  const totalInterest =
    found.totalBenchmarkInterest !== null || !partial
      ? formatMoney(found.totalBenchmarkInterest)
      : `${formatMoney(partial.amount)} without ${partial.missingLevels.join(', ')}`;
  return [
    reportTable(
      [
        { title: 'Level' },
        { title: 'Amount', isNumeric: true },
        { title: 'Duration' },
        { title: 'Indicative Rate', isNumeric: true },
        { title: 'Benchmark Interest', isNumeric: true },
      ],
      [...rows, ['Total', formatMoney(total), null, null, totalInterest]],
    ),
    ...standIns.map((text) => note(text)),
    ...(levels.isOverridden
      ? [
          note(
            `* Set by the analyst (Set Liquidity Levels); the model computed ${LIQUIDITY_LEVEL_TERMS.filter(
              (t) => levels.overridden[t.field],
            )
              .map((t) => `${t.label} ${formatMoney(levels.defaults[t.field])}`)
              .join(', ')}.`,
          ),
        ]
      : []),
    note(
      'Indicative rate: the market rate of each horizon on the run date; benchmark interest: amount x rate for one year.',
    ),
  ];
}

async function buildGroup(
  ctx: ReportContext,
  group: ReportGroup,
  isWithAmounts: boolean,
): Promise<Content[]> {
  const found = await findGroupRun(ctx, group.groupId);
  if (!found) return [missingLine(NO_MONTE_CARLO)];
  const { levels, result } = found;
  const option = durationCapabilityChart(result.chart, levels.cushion, result.startBalance);
  return [
    paragraph(describeRun(found)),
    facts([
      ['Balance on the end date', formatMoney(result.startBalance)],
      ['Cushion', formatMoney(levels.cushion)],
      ['Short-term dollars (levels one and two)', formatMoney(levels.shortTermDollars)],
      ['Strategic liquidity (levels two to five)', formatMoney(levels.strategicLiquidity)],
    ]),
    chart('Duration capability and cushion', renderChartSvg(option, { width: 720, height: 300 })),
    ...(isWithAmounts ? buildRateTable(found) : []),
  ];
}

export async function buildLiquidityLevels(ctx: ReportContext): Promise<ReportSection> {
  const isWithAmounts = ctx.params.liquidityLevelAmounts === 1;
  return {
    content: await buildGroupBlocks(ctx, 'liquidityLevels', ctx.params.stackedAreaAndStats, (group) =>
      buildGroup(ctx, group, isWithAmounts),
    ),
  };
}
