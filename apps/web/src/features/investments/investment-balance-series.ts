import type { InvestmentBalancePoint } from '@tideline/contracts/investments/investment-widgets.schemas';

// Spec 2, 3 "Investment balance array" and 9: the account's investment balance graph plots total, max and
// min per date; the 'Actual' and 'Scheduled' parts of the total are drawn apart; at most 6 x-axis ticks.

/**
 * The ECharts category-axis interval that labels at most `maxTicks` of `count` dates (0 labels every
 * one): with 24 dates and 6 ticks, every 4th.
 */
export function tickInterval(count: number, maxTicks: number): number {
  if (count <= maxTicks || maxTicks < 1) return 0;
  return Math.ceil(count / maxTicks) - 1;
}

export interface BalanceLines {
  dates: string[];
  actual: (number | null)[];
  scheduled: (number | null)[];
  max: number[];
  min: number[];
}

/**
 * The chart's lines, one value per date. The scheduled line starts at the last actual point, so the two
 * parts of the total join up.
 */
export function toBalanceLines(points: readonly InvestmentBalancePoint[]): BalanceLines {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const lastActual = sorted.findLastIndex((p) => p.series === 'Actual');
  return {
    dates: sorted.map((p) => p.date),
    actual: sorted.map((p) => (p.series === 'Actual' ? p.total : null)),
    scheduled: sorted.map((p, i) => (p.series === 'Scheduled' || i === lastActual ? p.total : null)),
    max: sorted.map((p) => p.max),
    min: sorted.map((p) => p.min),
  };
}
