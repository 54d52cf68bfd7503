import { useQuery } from '@tanstack/react-query';
import {
  CASH_VEST_SERIES_KEYS,
  type CashVestSeriesPoint,
} from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import { Chart, type ChartOption } from '../../components/charts/chart';
import { useCan } from '../../lib/use-can';
import { cashVestQueries } from './cash-vest.queries';
import { WidgetCard } from '../../components/widget-card';

/** 'YYYY-MM' as 'MM/YYYY' (dates are MM/DD/YYYY elsewhere, spec 9). */
const monthLabel = (monthYear: string) => `${monthYear.slice(5, 7)}/${monthYear.slice(0, 4)}`;
const totalOf = (point: CashVestSeriesPoint) =>
  CASH_VEST_SERIES_KEYS.reduce((sum, key) => sum + point[key], 0);

function optionOf(points: readonly CashVestSeriesPoint[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 64 },
    xAxis: { type: 'category', data: points.map((p) => monthLabel(p.monthYear)) },
    yAxis: { type: 'value', max: 100, name: 'Score' },
    // Stacked, so each bar's height is the overall score out of 100.
    series: CASH_VEST_SERIES_KEYS.map((key) => ({
      name: key,
      type: 'bar',
      stack: 'score',
      data: points.map((p) => p[key]),
    })),
  };
}

/**
 * The client summary's 'cashVest Score' bar chart (clients spec 2, 3): the five sub-scores of each
 * month's edited score, stacked to the overall score, with the data as a table.
 */
export function CashVestScoreWidget({ clientId }: { clientId: number }) {
  const canView = useCan('VIEW_CASH_VEST_SCORES');
  const series = useQuery({ ...cashVestQueries.series(clientId), enabled: canView });
  const points = series.data ?? [];
  return (
    <WidgetCard title="cashVest Score" isLoading={canView && series.isLoading} isEmpty={points.length === 0}>
      <Chart
        option={optionOf(points)}
        label="cashVest Score by month: Cash Flow, Investment, Liquidity Proficiency, Value Score and Warnick Rate, stacked to the overall score out of 100"
        table={{
          columns: ['Month', ...CASH_VEST_SERIES_KEYS, 'Overall Score'],
          rows: points.map((p) => [
            monthLabel(p.monthYear),
            ...CASH_VEST_SERIES_KEYS.map((k) => p[k]),
            totalOf(p),
          ]),
        }}
      />
    </WidgetCard>
  );
}
