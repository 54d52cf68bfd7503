import type { EffectiveLiquidityLevels, MonteCarloResult } from '@tideline/analytics';
import type { DbOrTx } from '../../db/open-database';
import type { liquidityLevelOverrides } from '../../db/schema';
import {
  frozenMonteCarloOf,
  readFrozenRuns,
  type LevelOverrideRow,
  type MonteCarloRunRow,
} from '../analysis/frozen-runs';
import * as pq from './period-run.queries';
import { findEffectiveLevels } from './run-levels';

// A group's liquidity levels for a report period (analytics.md "Monte Carlo" step 5; issue 41 point 4):
// the levels of the run chosen for the period, with the analyst's Set Liquidity Levels amounts, which
// belong to that run. Read by the short-term model (strategic liquidity), cashVest, the summary
// widgets and the report. The run chosen for a period (a cycle, open_reports) is, in this order:
//  1. the run its completed analysis froze (a copy: later runs, deletions and edits change nothing);
//  2. among the cycle's own finished runs, the one whose levels the analyst set last, else the newest;
//  3. the run the latest completed analysis of the client froze for the group (the previous period's);
//  4. the group's newest finished run.
// "Now" (the widgets, step 2) is the client's open cycle, else its latest one.

/** Which rule above chose the run. */
export type LevelsSource = 'completed-analysis' | 'cycle' | 'previous-analysis' | 'latest' | 'record';

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
  source: LevelsSource;
}

export interface ChosenRun {
  run: MonteCarloRunRow;
  override: LevelOverrideRow | null;
  source: LevelsSource;
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

/** The levels of one run (a row or a frozen copy), or null when its result gives none. */
export function levelsOfRun(chosen: ChosenRun | null): CurrentLiquidityLevels | null {
  if (!chosen?.run.result) return null;
  const { run, override, source } = chosen;
  const result = run.result as MonteCarloResult;
  const levels = applyOverride(result, override, run.defaultCushions);
  if (!levels) return null;
  return {
    monteCarloId: run.monteCarloId,
    monteCarloName: run.monteCarloName,
    createdAt: run.createdAt,
    startDate: run.startDate,
    endDate: run.endDate,
    levels,
    band: result.chart.map(({ date, lowerBalance, upperBalance }) => ({ date, lowerBalance, upperBalance })),
    source,
  };
}

/** The run chosen for the cycle (rules 1-4 above); null when no Monte Carlo of the group has finished. */
export async function choosePeriodRun(
  db: DbOrTx,
  clientId: number,
  groupId: number,
  cycle: pq.CycleRef | null,
): Promise<ChosenRun | null> {
  if (cycle?.analysisCompletedAt) {
    const frozen = frozenMonteCarloOf(readFrozenRuns(cycle.frozenRuns), groupId);
    if (frozen) return { run: frozen.run, override: frozen.override, source: 'completed-analysis' };
  }
  const own = await pq.selectCycleRun(db, groupId, cycle?.openReportId ?? null, { anyCycle: false });
  if (own) return { ...own, source: 'cycle' };
  if (cycle) {
    const previous = readFrozenRuns(await pq.selectLatestCompletedChoice(db, clientId, groupId));
    const frozen = frozenMonteCarloOf(previous, groupId);
    if (frozen) return { run: frozen.run, override: frozen.override, source: 'previous-analysis' };
  }
  const latest = await pq.selectCycleRun(db, groupId, null, { anyCycle: true });
  return latest ? { ...latest, source: 'latest' } : null;
}

/**
 * The cycle of `openReportId` (null: outside any cycle), or the client's current one when undefined.
 */
export async function resolveCycle(
  db: DbOrTx,
  clientId: number,
  openReportId: number | null | undefined,
): Promise<pq.CycleRef | null> {
  if (openReportId === undefined) return pq.selectCurrentCycle(db, clientId);
  return openReportId === null ? null : pq.selectCycle(db, openReportId);
}

/** The group's levels for the cycle `openReportId` (undefined: the client's current cycle). */
export async function findPeriodLiquidityLevels(
  db: DbOrTx,
  groupId: number,
  openReportId?: number | null,
): Promise<CurrentLiquidityLevels | null> {
  const clientId = await pq.selectGroupClientId(db, groupId);
  if (clientId === null) return null;
  const cycle = await resolveCycle(db, clientId, openReportId);
  return levelsOfRun(await choosePeriodRun(db, clientId, groupId, cycle));
}

/** The group's levels now: those of the run chosen for the client's current report period. */
export function findCurrentLiquidityLevels(
  db: DbOrTx,
  accountGroupId: number,
): Promise<CurrentLiquidityLevels | null> {
  return findPeriodLiquidityLevels(db, accountGroupId, undefined);
}
