import { bookmarkedHeading, facts, note } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { findGroupRun } from '../group-run';
import type { Opportunity, ReportContext } from '../report-context';
import { formatWholeMoney } from '../report-format';

// The summary's benchmark comparison (issue 42 point 5, "opportunities in dollars when money sits
// below the benchmark"): the balance above the operating need (level one) of the 'All Accounts' Monte
// Carlo, at its levels' benchmark rates for a year, against what the accounts earned at the period's
// pace. The cushion, held for the worst 30 days, is counted at level one's (overnight) rate.

export interface BenchmarkGap {
  aboveNeed: number;
  benchmarkInterest: number;
  earnedPerYear: number;
  /** Benchmark interest minus earned interest, a year; at most 0 when the money already earns it. */
  gap: number;
}

/** The comparison from a run's rate table and the period's interest; null when a level has no rate. */
export function measureBenchmarkGap(
  rateTable: readonly {
    levelNumber: number;
    amount: number;
    indicativeRate: number | null;
    benchmarkInterest: number | null;
  }[],
  cushion: number,
  periodInterest: number,
  periodDays: number,
): BenchmarkGap | null {
  const levelOne = rateTable.find((r) => r.levelNumber === 1);
  const above = rateTable.filter((r) => r.levelNumber >= 2);
  if (!levelOne || levelOne.indicativeRate === null || above.some((r) => r.benchmarkInterest === null))
    return null;
  const aboveNeed = above.reduce((sum, r) => sum + r.amount, 0) + cushion;
  const benchmarkInterest =
    above.reduce((sum, r) => sum + (r.benchmarkInterest ?? 0), 0) + (cushion * levelOne.indicativeRate) / 100;
  const earnedPerYear = (periodInterest * 365) / periodDays;
  return { aboveNeed, benchmarkInterest, earnedPerYear, gap: benchmarkInterest - earnedPerYear };
}

export const NO_BENCHMARK_RUN =
  "No Monte Carlo analysis of the 'All Accounts' group with a rate for every level, so the balance cannot be compared with the benchmark.";

export async function buildBenchmarkGap(
  ctx: ReportContext,
  periodInterest: number,
): Promise<{ content: Content[]; opportunity: Opportunity | null }> {
  const heading = bookmarkedHeading('Earnings Against the Benchmark', 'section-summary');
  const found = ctx.allAccountsGroupId === null ? null : await findGroupRun(ctx, ctx.allAccountsGroupId);
  const days = (Date.parse(ctx.endDate) - Date.parse(ctx.startDate)) / 86_400_000 + 1;
  const gap = found ? measureBenchmarkGap(found.rateTable, found.levels.cushion, periodInterest, days) : null;
  if (!gap) return { content: [heading, note(NO_BENCHMARK_RUN)], opportunity: null };
  const isBelow = gap.gap > 0;
  return {
    content: [
      heading,
      facts([
        ['Balance above the operating need', formatWholeMoney(gap.aboveNeed)],
        ['Interest a year at the benchmark rates', formatWholeMoney(gap.benchmarkInterest)],
        ["Interest a year at the period's pace", formatWholeMoney(gap.earnedPerYear)],
        [
          isBelow ? 'Below the benchmark by, a year' : 'Above the benchmark by, a year',
          formatWholeMoney(Math.abs(gap.gap)),
        ],
      ]),
    ],
    opportunity: isBelow
      ? {
          label: `Earn the benchmark on the ${formatWholeMoney(gap.aboveNeed)} above the operating need`,
          dollarsPerYear: gap.gap,
        }
      : null,
  };
}
