import { and, desc, eq } from 'drizzle-orm';
import type { EffectiveLiquidityLevels, MonteCarloResult } from '@tideline/analytics';
import type { DbOrTx } from '../../db/open-database';
import { liquidityLevelOverrides, monteCarloRuns } from '../../db/schema';
import { findEffectiveLevels } from './run-levels';

// A group's current liquidity levels (analytics.md "Monte Carlo" step 5): those of its latest finished
// Monte Carlo run, with the analyst's Set Liquidity Levels amounts where saved. Read by the short-term
// model (strategic liquidity), cashVest, the summary widgets and the report.

export interface CurrentLiquidityLevels {
  monteCarloId: number;
  monteCarloName: string;
  /** When the run was asked for (its rates are of that day). */
  createdAt: Date;
  startDate: string;
  endDate: string;
  levels: EffectiveLiquidityLevels;
  /** The run's 5-95% band of the simulated balance by month (forecast accuracy, issue 18 point 7). */
  band: { date: string; lowerBalance: number; upperBalance: number }[];
}

/**
 * The run's effective levels: its computed ones (for the override's duration range, when the run
 * stored that range's default cushion), with its override applied.
 */
export function applyOverride(
  result: MonteCarloResult,
  override: typeof liquidityLevelOverrides.$inferSelect | null | undefined,
  defaultCushions?: unknown,
): EffectiveLiquidityLevels | null {
  const effective = findEffectiveLevels(result, override, defaultCushions);
  return effective.ok ? effective.value : null;
}

/** The group's current levels, or null when no Monte Carlo run of the group has finished. */
export async function findCurrentLiquidityLevels(
  db: DbOrTx,
  accountGroupId: number,
): Promise<CurrentLiquidityLevels | null> {
  const [row] = await db
    .select({ run: monteCarloRuns, override: liquidityLevelOverrides })
    .from(monteCarloRuns)
    .leftJoin(liquidityLevelOverrides, eq(liquidityLevelOverrides.monteCarloId, monteCarloRuns.monteCarloId))
    .where(and(eq(monteCarloRuns.accountGroupId, accountGroupId), eq(monteCarloRuns.state, 'done')))
    .orderBy(desc(monteCarloRuns.createdAt), desc(monteCarloRuns.monteCarloId))
    .limit(1);
  if (!row?.run.result) return null;
  const levels = applyOverride(row.run.result as MonteCarloResult, row.override, row.run.defaultCushions);
  if (!levels) return null;
  return {
    monteCarloId: row.run.monteCarloId,
    monteCarloName: row.run.monteCarloName,
    createdAt: row.run.createdAt,
    startDate: row.run.startDate,
    endDate: row.run.endDate,
    levels,
    band: (row.run.result as MonteCarloResult).chart.map(({ date, lowerBalance, upperBalance }) => ({
      date,
      lowerBalance,
      upperBalance,
    })),
  };
}
