import type { ChartPoint } from '@tideline/analytics';
import type { ChartOption } from '../../../platform/pdf/render-chart-svg';

// The Liquidity Analysis' charts as ECharts options (platform/pdf renders them to SVG, drawn as
// vectors into the PDF). Each reads in black and white too: markers, dashes, labelled axes.

/** $2.405M, $350K: four significant digits, so the ticks of a narrow range still differ. */
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumSignificantDigits: 4,
});
export const moneyAxis = {
  type: 'value',
  axisLabel: { formatter: (v: number) => compactDollars.format(v) },
} as const;
const money = moneyAxis;
const base = { grid: { left: 70, right: 20, top: 40, bottom: 60 }, legend: { top: 0 } } as const;

/** Labels a category axis of the 720-wide charts holds side by side when rotated (an MM/DD/YYYY date each). */
export const MAX_AXIS_LABELS = 12;

/** 2031-03-31 as 03/31/2031 (the report's dates, issue 42 point 5). */
export function formatAxisDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

/** Every n-th label of `count` so that at most `max` print (ECharts' interval: labels skipped between). */
export function labelInterval(count: number, max: number = MAX_AXIS_LABELS): number {
  return Math.max(0, Math.ceil(count / max) - 1);
}

/** A category x axis whose labels never overlap: thinned to MAX_AXIS_LABELS and turned 30 degrees. */
export function categoryAxis(labels: readonly string[]) {
  return {
    type: 'category' as const,
    data: [...labels],
    axisLabel: { rotate: 30, interval: labelInterval(labels.length), hideOverlap: true },
    axisTick: { alignWithLabel: true, interval: labelInterval(labels.length) },
  };
}

/** Legend entries a row of the 720-wide accounts chart holds (account names of some 20 letters). */
const LEGEND_PER_ROW = 7;

export interface AccountSeries {
  name: string;
  points: [string, number][];
}

/** Each account's end-of-day balance over the period, one line each; the legend below the plot. */
export function accountBalancesChart(series: readonly AccountSeries[]): ChartOption {
  const legendRows = Math.ceil(series.length / LEGEND_PER_ROW);
  return {
    grid: { left: 70, right: 20, top: 20, bottom: 40 + legendRows * 16 },
    legend: { bottom: 0, type: 'plain', itemWidth: 14, textStyle: { fontSize: 9 } },
    xAxis: {
      type: 'time',
      splitNumber: 6,
      axisLabel: {
        hideOverlap: true,
        formatter: (value: number) => formatAxisDate(new Date(value).toISOString()),
      },
    },
    yAxis: { ...money, scale: true },
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      data: s.points,
      symbol: 'none',
      lineStyle: { width: 1 },
    })),
  };
}

/** Height of the accounts chart: room for its legend of `count` names. */
export function accountChartHeight(count: number): number {
  return 300 + Math.ceil(count / LEGEND_PER_ROW) * 16;
}

/**
 * analytics.md "Monte Carlo" step 7: x = horizon in months; stacked areas = the duration capability
 * R(h) (capped at B0 - cushion, as the results panel's graph) and the cushion; line = median balance.
 */
export function durationCapabilityChart(
  points: readonly ChartPoint[],
  cushion: number,
  startBalance: number,
) {
  const available = startBalance - cushion;
  const option: ChartOption = {
    ...base,
    xAxis: {
      type: 'category',
      name: 'Months ahead',
      nameLocation: 'middle',
      nameGap: 28,
      data: points.map((p) => String(p.month)),
    },
    yAxis: money,
    series: [
      {
        type: 'line',
        name: 'Duration capability',
        stack: 'capability',
        // The series' colour is its area's, so the legend's swatch is the area's colour too.
        color: '#90caf9',
        areaStyle: { color: '#90caf9' },
        lineStyle: { color: '#1565c0' },
        symbol: 'none',
        data: points.map((p) => (p.month === 0 ? available : Math.min(p.durationCapability, available))),
      },
      {
        type: 'line',
        name: 'Cushion',
        stack: 'capability',
        color: '#bdbdbd',
        areaStyle: { color: '#bdbdbd' },
        lineStyle: { color: '#757575' },
        symbol: 'none',
        data: points.map(() => cushion),
      },
      {
        type: 'line',
        name: 'Median balance',
        symbol: 'none',
        color: '#212121',
        lineStyle: { type: 'dashed', color: '#212121' },
        data: points.map((p) => p.medianBalance),
      },
    ],
  };
  return option;
}

/** Monthly table as a chart: month-end balance (bars) with the month's average, low and high. */
export function monthlyBalanceChart(
  months: readonly { label: string; end: number; average: number; minimum: number; maximum: number }[],
): ChartOption {
  const line = (
    name: string,
    data: number[],
    symbol: string,
    type: 'solid' | 'dotted' | 'dashed',
    color: string,
  ) => ({
    type: 'line' as const,
    name,
    data,
    symbol,
    color,
    lineStyle: { type, color },
  });
  return {
    ...base,
    xAxis: categoryAxis(months.map((m) => m.label)),
    yAxis: { ...money, scale: true },
    series: [
      {
        type: 'bar',
        name: 'Month-end',
        data: months.map((m) => m.end),
        color: '#90a4ae',
        itemStyle: { color: '#90a4ae' },
      },
      line(
        'Average',
        months.map((m) => m.average),
        'circle',
        'solid',
        '#1565c0',
      ),
      line(
        'Minimum',
        months.map((m) => m.minimum),
        'triangle',
        'dotted',
        '#c62828',
      ),
      line(
        'Maximum',
        months.map((m) => m.maximum),
        'rect',
        'dashed',
        '#2e7d32',
      ),
    ],
  };
}

/** Day-to-day variance: the change of the group's balance from one business day to the next. */
export function dayToDayVarianceChart(rows: readonly { date: string; variance: number }[]): ChartOption {
  return {
    ...base,
    xAxis: categoryAxis(rows.map((r) => formatAxisDate(r.date))),
    yAxis: money,
    series: [
      {
        type: 'bar',
        name: 'Change from the previous business day',
        data: rows.map((r) => r.variance),
        color: '#5c6bc0',
        itemStyle: { color: '#5c6bc0' },
      },
    ],
  };
}

export interface TreeNode {
  name: string;
  children: TreeNode[];
}

/** The account structure: masters on the left, their sub-accounts to the right. */
export function accountTreeChart(clientName: string, roots: readonly TreeNode[]): ChartOption {
  return {
    series: [
      {
        type: 'tree',
        data: [{ name: clientName, children: roots as TreeNode[] }],
        top: 10,
        bottom: 10,
        left: 60,
        right: 180,
        symbolSize: 7,
        orient: 'LR',
        expandAndCollapse: false,
        initialTreeDepth: -1,
        // Above its node, so the edges running through a master never cross out its name.
        label: { position: 'top', verticalAlign: 'bottom', align: 'center', fontSize: 9 },
        leaves: { label: { position: 'right', verticalAlign: 'middle', align: 'left' } },
        lineStyle: { color: '#90a4ae' },
      },
    ],
  } as ChartOption;
}

/** Height of the structure chart: a line per leaf. */
export function treeChartHeight(leaves: number): number {
  return Math.max(160, leaves * 18 + 20);
}
