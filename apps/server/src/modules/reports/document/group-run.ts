import { roundCents, type EffectiveLiquidityLevels, type MonteCarloResult } from '@tideline/analytics';
import type { RateTableRow } from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import { buildEffectiveRateTable } from '../../monte-carlo/monte-carlo-results.service';
import type { OverrideRow, RunRow } from '../../monte-carlo/monte-carlo.queries';
import { findEffectiveLevels } from '../../monte-carlo/run-levels';
import { readRunRates, type RunRates } from '../../monte-carlo/run-rates';
import { frozenMonteCarloOf } from '../../analysis/frozen-runs';
import type { ReportContext } from './report-context';
import { choosePeriodRun, resolveCycle } from '../../monte-carlo/current-liquidity-levels.service';

// A group's Monte Carlo run as the report shows it: the stored result, the effective liquidity levels
// (the analyst's Set Liquidity Levels where saved) and the rate table on them, by the same functions
// as the '{name} - Results' panel, so the report and the screen show the same figures. A report keeps
// the copy of the run it was generated with (ctx.frozen): a later run, a deletion or an edit of the
// run's levels changes nothing in it.

export interface GroupRun {
  run: RunRow;
  override: OverrideRow | null;
  result: MonteCarloResult;
  levels: EffectiveLiquidityLevels;
  runRates: RunRates | null;
  rateTable: RateTableRow[];
  /** Sum of the benchmark interest of every level; null when a level's rate was not stored. */
  totalBenchmarkInterest: number | null;
}

async function loadGroupRun(ctx: ReportContext, groupId: number): Promise<GroupRun | null> {
  // A report generated before runs were frozen reads the run chosen for its period, as the screens do.
  const row = ctx.frozen
    ? frozenMonteCarloOf(ctx.frozen, groupId)
    : await choosePeriodRun(
        ctx.db,
        ctx.clientId,
        groupId,
        await resolveCycle(ctx.db, ctx.clientId, ctx.openReportId),
      );
  if (!row?.run.result) return null;
  const result = row.run.result as MonteCarloResult;
  const levels = findEffectiveLevels(result, row.override, row.run.defaultCushions);
  if (!levels.ok) return null;
  const runRates = readRunRates(row.run.rates);
  const rateTable = buildEffectiveRateTable(levels.value, runRates);
  const interests = rateTable.map((r) => r.benchmarkInterest);
  return {
    run: row.run,
    override: row.override,
    result,
    levels: levels.value,
    runRates,
    rateTable,
    totalBenchmarkInterest: interests.every((v) => v !== null)
      ? roundCents(interests.reduce((sum, v) => sum + v, 0))
      : null,
  };
}

/** The group's run (read once per report), or null when no Monte Carlo of the group has finished. */
export function findGroupRun(ctx: ReportContext, groupId: number): Promise<GroupRun | null> {
  let found = ctx.runs.get(groupId);
  if (!found) {
    found = loadGroupRun(ctx, groupId);
    ctx.runs.set(groupId, found);
  }
  return found;
}

/** The runs the report showed, for "Method and sources" (their dates and market rates). */
export async function listShownRuns(ctx: ReportContext): Promise<GroupRun[]> {
  const runs = await Promise.all(ctx.runs.values());
  return runs.filter((r): r is GroupRun => r !== null);
}
