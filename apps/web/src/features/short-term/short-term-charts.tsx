import type {
  CashPositionForecast,
  DayToDayVariance,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { Chart } from '../../components/charts/chart';
import { formatCurrency, formatDate } from '../../lib/format';
import { formatDateRange, formatWeekEnd } from './short-term-dates';

// The short-term charts (spec 2 "Short Term Model tab"; analytics.md "Short-term model"), each with
// its data as a table (issue 18 point 8). Series differ by line style and marker, not by colour alone.

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const moneyAxis = { type: 'value', axisLabel: { formatter: (value: number) => compact.format(value) } };
const tooltip = { trigger: 'axis', valueFormatter: (value: number | null) => formatCurrency(value) };

/**
 * Day-to-Day Variance: the change of the group's balance from one business day to the next, actual
 * (the 13 weeks before the end date, and any day since) and forecast.
 */
export function DayToDayVarianceChart({
  variance,
  name,
  height,
}: {
  variance: DayToDayVariance;
  name: string;
  height?: string;
}) {
  return (
    <Chart
      label={`${name}: day-to-day variance, actual and forecast, by business day`}
      option={buildDayToDayOption(variance)}
      {...(height ? { height } : {})}
      table={{
        columns: ['Date', 'Actual', 'Forecast'],
        rows: variance.rows.map((r) => [
          formatDate(r.date),
          formatCurrency(r.actual),
          formatCurrency(r.forecast),
        ]),
      }}
    />
  );
}

/** The Day-to-Day Variance chart's option: business days on the axis as MM/DD/YYYY (clients spec 9). */
export function buildDayToDayOption(variance: DayToDayVariance) {
  return {
    tooltip,
    legend: { bottom: 0 },
    grid: { left: 72, right: 24, top: 24, bottom: 64 },
    xAxis: { type: 'category', data: variance.rows.map((r) => formatDate(r.date)) },
    yAxis: moneyAxis,
    series: [
      { name: 'Actual', type: 'line', showSymbol: false, data: variance.rows.map((r) => r.actual) },
      {
        name: 'Forecast',
        type: 'line',
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: variance.rows.map((r) => r.forecast),
      },
    ],
  };
}

/**
 * Short-Term Cash Position Forecast: by week, the forecast balance at the week's end, the actual
 * balance 52 weeks earlier, the strategic liquidity of the current levels and, once known, the actual.
 */
export function CashPositionChart({
  forecast,
  name,
  height,
}: {
  forecast: CashPositionForecast;
  name: string;
  height?: string;
}) {
  return (
    <Chart
      label={`${name}: short-term cash position forecast by week`}
      option={buildCashPositionOption(forecast)}
      {...(height ? { height } : {})}
      table={{
        columns: ['Date Range', 'Forecast', 'Prior Year Actual', 'Strategic Liquidity', 'Actual'],
        rows: forecast.rows.map((r) => [
          formatDateRange(r.dateRange),
          formatCurrency(r.forecast),
          formatCurrency(r.priorYearActual),
          formatCurrency(r.strategicLiquidity),
          formatCurrency(r.actual),
        ]),
      }}
    />
  );
}

/** The cash position chart's option: each week named on the axis by its last day, as MM/DD/YYYY. */
export function buildCashPositionOption(forecast: CashPositionForecast) {
  const rows = forecast.rows;
  const hasActual = rows.some((r) => r.actual !== null);
  const hasLiquidity = rows.some((r) => r.strategicLiquidity !== null);
  return {
    tooltip,
    legend: { bottom: 0 },
    grid: { left: 72, right: 24, top: 24, bottom: 64 },
    xAxis: { type: 'category', data: rows.map((r) => formatWeekEnd(r.dateRange)) },
    yAxis: { ...moneyAxis, scale: true },
    series: [
      { name: 'Forecast', type: 'line', symbol: 'circle', data: rows.map((r) => r.forecast) },
      {
        name: 'Prior Year Actual',
        type: 'line',
        symbol: 'triangle',
        lineStyle: { type: 'dotted' },
        data: rows.map((r) => r.priorYearActual),
      },
      ...(hasLiquidity
        ? [
            {
              name: 'Strategic Liquidity',
              type: 'line',
              showSymbol: false,
              lineStyle: { type: 'dashed' },
              data: rows.map((r) => r.strategicLiquidity),
            },
          ]
        : []),
      ...(hasActual
        ? [{ name: 'Actual', type: 'line', symbol: 'diamond', data: rows.map((r) => r.actual) }]
        : []),
    ],
  };
}
