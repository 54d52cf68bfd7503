import type { ShortTermStep1Model } from '@tideline/analytics';
import { SHORT_TERM_MSG } from '@tideline/contracts/short-term/short-term.schemas';
import { chart, note, paragraph } from '../../../../platform/pdf/pdf-blocks';
import { reportTable } from '../report-table';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { renderChartSvg } from '../../../../platform/pdf/render-chart-svg';
import { cashPositionChart } from '../../../short-term/short-term-charts';
import type { StoredStep2 } from '../../../short-term/short-term-results';
import { selectForecastModel } from '../../../short-term/short-term.queries';
import { frozenShortTermOf } from '../../../analysis/frozen-runs';
import type { ReportContext, ReportGroup, ReportSection } from '../report-context';
import { categoryAxis, formatAxisDate, moneyAxis } from '../report-charts';
import { formatDate, formatDateRange, formatMoney, missingLine } from '../report-format';
import { buildGroupBlocks } from './group-sections';

// design/reports.md "Short-term liquidity" (shortTermLiquidity, stmNetGraph, stmMinTable): per group,
// the short-term cash position forecast chart (the model's own chart) and the weekly minimum-balance
// table of the step 2 of the report's period (fixed when the report was generated), read from the
// stored forecast.

export const NO_FORECAST = 'No short-term forecast (step 2) of this group has finished yet.';

/** The lowest forecast balance of each forecast week (the week's business days in the stored rows). */
export function weeklyMinimums(step2: StoredStep2) {
  return step2.weekly.map((week) => {
    const [from, to] = [week.dateRange.slice(0, 10), week.dateRange.slice(-10)];
    const days = step2.rows.filter((r) => r.date >= from && r.date <= to);
    const lowest = days.length > 0 ? Math.min(...days.map((d) => d.forecastBalance)) : null;
    return { ...week, minimum: lowest };
  });
}

function buildMinimumTable(step2: StoredStep2): Content {
  return reportTable(
    [
      { title: 'Week' },
      { title: 'Date Range' },
      { title: 'Minimum Balance', isNumeric: true },
      { title: 'Week-end Forecast', isNumeric: true },
      { title: 'Strategic Liquidity', isNumeric: true },
    ],
    weeklyMinimums(step2).map((w) => [
      w.week,
      formatDateRange(w.dateRange),
      formatMoney(w.minimum),
      formatMoney(w.forecast),
      formatMoney(w.strategicLiquidity),
    ]),
  );
}

async function buildGroup(ctx: ReportContext, group: ReportGroup): Promise<Content[]> {
  const found = ctx.frozen
    ? frozenShortTermOf(ctx.frozen, group.groupId)
    : await selectForecastModel(ctx.db, { groupId: group.groupId, clientId: ctx.clientId });
  if (!found?.model.step2Result || !found.model.step1Result) return [missingLine(NO_FORECAST)];
  const { model } = found;
  const step1 = model.step1Result as ShortTermStep1Model;
  const step2 = model.step2Result as StoredStep2;
  const { stmNetGraph, stmMinTable } = ctx.params;
  const completed = model.step2CompletedAt ? ` on ${formatDate(model.step2CompletedAt.toISOString())}` : '';
  return [
    paragraph(
      `Short term model '${model.shortTermModelName}', forecast${completed} from the history up to ${formatDate(step1.endDate)} (balance ${formatMoney(step1.endBalance)}).`,
    ),
    ...(step2.strategicLiquidity ? [] : [note(SHORT_TERM_MSG.noLiquidityLevels)]),
    ...(stmNetGraph === 1
      ? [
          chart(
            'Short-Term Cash Position Forecast',
            // The model's own chart, with ticks fine enough for a forecast that moves little.
            renderChartSvg(
              {
                ...cashPositionChart(step2),
                xAxis: categoryAxis(step2.weekly.map((w) => formatAxisDate(w.dateRange.slice(-10)))),
                yAxis: { ...moneyAxis, scale: true },
              },
              { width: 720, height: 300 },
            ),
          ),
        ]
      : []),
    ...(stmMinTable === 1 ? [buildMinimumTable(step2)] : []),
  ];
}

export async function buildShortTerm(ctx: ReportContext): Promise<ReportSection> {
  return {
    content: await buildGroupBlocks(ctx, 'shortTerm', ctx.params.shortTermLiquidity, (group) =>
      buildGroup(ctx, group),
    ),
  };
}
