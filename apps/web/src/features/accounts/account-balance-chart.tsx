import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { formatCurrency, formatDate } from '../../lib/format';
import type { BalancePoint } from './account-balance-series';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The Account Balance line chart (spec 2), loaded only when there is something to draw. */
export default function AccountBalanceChart({ points }: { points: readonly BalancePoint[] }) {
  const option = {
    grid: { left: 90, right: 24, top: 16, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) => formatCurrency(value),
    },
    xAxis: {
      type: 'category',
      data: points.map(([day]) => formatDate(day)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      scale: true,
      axisLabel: { formatter: (value: number) => formatCurrency(value) },
    },
    series: [
      {
        name: 'Balance',
        type: 'line',
        showSymbol: points.length < 60,
        data: points.map(([, balance]) => balance),
      },
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
