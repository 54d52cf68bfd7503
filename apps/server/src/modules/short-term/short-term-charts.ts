import type { ShortTermStep1Model } from '@tideline/analytics';
import type { ChartOption } from '../../platform/pdf/render-chart-svg';
import type { StoredStep2 } from './short-term-results';

// The PDF's charts (ECharts options, rendered to SVG by platform/pdf): the same three the tab draws,
// with the back-test the PDF adds. Each is readable in black and white (markers, dashes).

const money = { type: 'value', axisLabel: { formatter: (v: number) => shortMoney(v) } } as const;

/** $1.2M, $350K, $900: axis labels that fit. */
export function shortMoney(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${sign}$${(abs / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${sign}$${(abs / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${sign}$${(abs / 1e3).toFixed(0)}K`;
  return `${sign}$${abs.toFixed(0)}`;
}

const base = {
  grid: { left: 70, right: 20, top: 40, bottom: 50 },
  legend: { top: 0 },
} as const;

/** Back-test: each of the 13 weeks' forecast and actual net flow. */
export function backTestChart(step1: ShortTermStep1Model): ChartOption {
  const weeks = step1.backTest.weeks;
  return {
    ...base,
    xAxis: { type: 'category', data: weeks.map((w) => w.weekEnd), axisLabel: { rotate: 30 } },
    yAxis: money,
    series: [
      { type: 'bar', name: 'Actual', data: weeks.map((w) => w.actual), itemStyle: { color: '#90a4ae' } },
      {
        type: 'line',
        name: 'Forecast',
        data: weeks.map((w) => w.forecast),
        symbol: 'circle',
        lineStyle: { color: '#1565c0' },
        itemStyle: { color: '#1565c0' },
      },
    ],
  };
}

/** Short-Term Cash Position Forecast: forecast and prior-year balance by week, strategic liquidity. */
export function cashPositionChart(step2: StoredStep2): ChartOption {
  const weeks = step2.weekly;
  return {
    ...base,
    xAxis: { type: 'category', data: weeks.map((w) => w.dateRange.slice(-10)), axisLabel: { rotate: 30 } },
    yAxis: { ...money, scale: true },
    series: [
      { type: 'line', name: 'Forecast', data: weeks.map((w) => w.forecast), symbol: 'circle' },
      {
        type: 'line',
        name: 'Prior Year Actual',
        data: weeks.map((w) => w.priorYearActual),
        symbol: 'triangle',
        lineStyle: { type: 'dotted' },
      },
      ...(step2.strategicLiquidity
        ? [
            {
              type: 'line' as const,
              name: 'Strategic Liquidity',
              data: weeks.map((w) => w.strategicLiquidity),
              symbol: 'none',
              lineStyle: { type: 'dashed' as const },
            },
          ]
        : []),
    ],
  };
}

/** Day-to-Day Variance: the forecast change of balance from one business day to the next. */
export function dayToDayChart(step2: StoredStep2): ChartOption {
  return {
    ...base,
    xAxis: { type: 'category', data: step2.rows.map((r) => r.date), axisLabel: { rotate: 30 } },
    yAxis: money,
    series: [
      {
        type: 'line',
        name: 'Single Day Variance',
        data: step2.rows.map((r) => r.singleVariance),
        symbol: 'none',
      },
    ],
  };
}
