import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import {
  INVESTMENT_BALANCE_MAX_TICKS,
  type InvestmentBalancePoint,
} from '@tideline/contracts/investments/investment-widgets.schemas';
import { formatCurrency, formatDate } from '../../lib/format';
import { tickInterval, toBalanceLines } from './investment-balance-series';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The investment balance graph (spec 2, 9): 20rem high, at most 6 dates labelled. Loaded lazily. */
export default function InvestmentBalanceChart({ points }: { points: readonly InvestmentBalancePoint[] }) {
  const lines = toBalanceLines(points);
  const line = (name: string, data: (number | null)[], extra: object = {}) => ({
    name,
    type: 'line',
    data,
    showSymbol: data.length < 40,
    connectNulls: false,
    ...extra,
  });
  const option = {
    grid: { left: 100, right: 24, top: 40, bottom: 40 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number | null) => (value === null ? '---' : formatCurrency(value)),
    },
    xAxis: {
      type: 'category',
      data: lines.dates.map(formatDate),
      axisLabel: { interval: tickInterval(lines.dates.length, INVESTMENT_BALANCE_MAX_TICKS) },
      axisTick: { interval: tickInterval(lines.dates.length, INVESTMENT_BALANCE_MAX_TICKS) },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatCurrency(value) } },
    series: [
      line('Total', lines.actual),
      line('Scheduled', lines.scheduled, { lineStyle: { type: 'dashed' } }),
      line('Max', lines.max, { lineStyle: { width: 1 } }),
      line('Min', lines.min, { lineStyle: { width: 1 } }),
    ],
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: '20rem', width: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}
