import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountGroupDailyBalances, accountGroups, shortTermModels } from '../../db/schema';
import { choosePeriodRun } from '../monte-carlo/current-liquidity-levels.service';
import type { CycleRef } from '../monte-carlo/period-run.queries';
import type { FrozenMonteCarlo, FrozenRuns, FrozenShortTerm } from './frozen-runs';

// Issue 41 point 4: what a completed analysis or a report freezes (frozen-runs.ts): per group of the
// client, the Monte Carlo run chosen for the period (current-liquidity-levels.service.ts) and the
// period's short-term model, copied as they are now.

type ShortTermStep = 'step1' | 'step2';

/**
 * The group's short-term model of the cycle (null: outside any cycle) whose step finished: the cycle's
 * newest, else the group's newest. Step 2 is the forecast a report shows; step 1 the back-test cashVest
 * reads.
 */
export async function selectPeriodShortTermModel(
  db: DbOrTx,
  groupId: number,
  openReportId: number | null,
  step: ShortTermStep,
): Promise<FrozenShortTerm | null> {
  const state = step === 'step1' ? shortTermModels.step1State : shortTermModels.step2State;
  const completed = step === 'step1' ? shortTermModels.step1CompletedAt : shortTermModels.step2CompletedAt;
  const [row] = await db
    .select({ model: shortTermModels, groupName: accountGroups.groupName })
    .from(shortTermModels)
    .innerJoin(accountGroups, eq(accountGroups.groupId, shortTermModels.accountGroupId))
    .where(and(eq(shortTermModels.accountGroupId, groupId), eq(state, 'done')))
    .orderBy(
      sql`(${shortTermModels.openReportId} is not distinct from ${openReportId}::int) desc`,
      sql`${completed} desc nulls last`,
      desc(shortTermModels.shortTermModelId),
    )
    .limit(1);
  return row
    ? {
        groupId,
        groupName: row.groupName,
        shortTermModelId: row.model.shortTermModelId,
        model: row.model,
      }
    : null;
}

/** The newest computed_at of the client's group balance tables (which tables an analysis read). */
export async function selectBalanceTablesAsOf(db: DbOrTx, clientId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${accountGroupDailyBalances.computedAt})` })
    .from(accountGroupDailyBalances)
    .where(eq(accountGroupDailyBalances.clientId, clientId));
  return row?.at ? new Date(row.at).toISOString() : null;
}

/**
 * The runs the cycle uses now, for every group of the client: the Monte Carlo run chosen for the
 * period and the period's short-term forecast (step 2), copied.
 */
export async function freezeCycleRuns(
  db: DbOrTx,
  clientId: number,
  cycle: CycleRef | null,
): Promise<FrozenRuns> {
  const groups = await db
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(eq(accountGroups.clientId, clientId))
    .orderBy(asc(accountGroups.groupId));
  const monteCarlo: FrozenMonteCarlo[] = [];
  const shortTerm: FrozenShortTerm[] = [];
  const openReportId = cycle?.openReportId ?? null;
  for (const { groupId } of groups) {
    const chosen = await choosePeriodRun(db, clientId, groupId, cycle);
    if (chosen)
      monteCarlo.push({
        groupId,
        monteCarloId: chosen.run.monteCarloId,
        run: chosen.run,
        override: chosen.override,
      });
    const model = await selectPeriodShortTermModel(db, groupId, openReportId, 'step2');
    if (model) shortTerm.push(model);
  }
  return {
    frozenAt: new Date().toISOString(),
    openReportId,
    monteCarlo,
    shortTerm,
    balanceTablesAsOf: await selectBalanceTablesAsOf(db, clientId),
  };
}
