import type {
  DurationCapabilityGraph,
  MonteCarloTotalBalance,
} from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import { Chart } from '../../components/charts/chart';
import { formatCurrency, formatDate } from '../../lib/format';

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The stacked area chart of duration capability and cushion against total balance (spec 2;
 * analytics.md step 7): by month ahead, the amount available for at least that long, the cushion on it,
 * and the median simulated total balance as a line.
 */
export function DurationCapabilityChart({
  graph,
  totalBalance,
  name,
}: {
  graph: DurationCapabilityGraph;
  totalBalance: MonteCarloTotalBalance | undefined;
  name: string;
}) {
  const balanceAt = new Map(totalBalance?.points.map((p) => [p.month, p.medianBalance]));
  const option = {
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatCurrency(value) },
    legend: { bottom: 0 },
    grid: { left: 72, right: 24, top: 24, bottom: 64 },
    xAxis: {
      type: 'category',
      name: 'Months ahead',
      nameLocation: 'middle',
      nameGap: 28,
      boundaryGap: false,
      data: graph.points.map((p) => p.month),
    },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => compact.format(value) } },
    series: [
      {
        name: 'Duration Capability',
        type: 'line',
        stack: 'balance',
        areaStyle: {},
        showSymbol: false,
        data: graph.points.map((p) => p.durationCapability),
      },
      {
        name: 'Cushion',
        type: 'line',
        stack: 'balance',
        areaStyle: {},
        showSymbol: false,
        data: graph.points.map((p) => p.cushion),
      },
      {
        name: 'Total Balance',
        type: 'line',
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: graph.points.map((p) => balanceAt.get(p.month) ?? null),
      },
    ],
  };
  return (
    <Chart
      label={`${name}: duration capability and cushion against total balance, by month ahead`}
      option={option}
      table={{
        columns: ['Month', 'Date', 'Duration Capability', 'Cushion', 'Total Balance (median)'],
        rows: graph.points.map((p) => [
          p.month,
          formatDate(p.date),
          formatCurrency(p.durationCapability),
          formatCurrency(p.cushion),
          formatCurrency(balanceAt.get(p.month)),
        ]),
      }}
    />
  );
}
