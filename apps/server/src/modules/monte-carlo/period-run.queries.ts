import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountGroups, liquidityLevelOverrides, monteCarloRuns, openReports } from '../../db/schema';

// Issue 41 point 4: which Monte Carlo run's levels count for a report period (current-liquidity-
// levels.service.ts). Reads only.

export interface CycleRef {
  openReportId: number;
  analysisCompletedAt: Date | null;
  closedAt: Date | null;
  frozenRuns: unknown;
}

const cycleColumns = {
  openReportId: openReports.openReportId,
  analysisCompletedAt: openReports.analysisCompletedAt,
  closedAt: openReports.closedAt,
  frozenRuns: openReports.frozenRuns,
};

export async function selectCycle(db: DbOrTx, openReportId: number): Promise<CycleRef | null> {
  const [row] = await db
    .select(cycleColumns)
    .from(openReports)
    .where(eq(openReports.openReportId, openReportId));
  return row ?? null;
}

/** The client's report period now: its open cycle, else its latest one; null when it never had one. */
export async function selectCurrentCycle(db: DbOrTx, clientId: number): Promise<CycleRef | null> {
  const [row] = await db
    .select(cycleColumns)
    .from(openReports)
    .where(eq(openReports.clientId, clientId))
    .orderBy(
      sql`(${openReports.closedAt} is null) desc`,
      desc(openReports.createdAt),
      desc(openReports.openReportId),
    )
    .limit(1);
  return row ?? null;
}

export async function selectGroupClientId(db: DbOrTx, groupId: number): Promise<number | null> {
  const [row] = await db
    .select({ clientId: accountGroups.clientId })
    .from(accountGroups)
    .where(eq(accountGroups.groupId, groupId));
  return row?.clientId ?? null;
}

/**
 * The group's finished run that counts for the cycle (null: outside any cycle): among the cycle's own
 * runs, the one whose levels the analyst set last (Set Liquidity Levels chooses a run), else the
 * newest; without a run of the cycle, `fallback` decides whether the newest finished run of the group
 * stands in.
 */
export async function selectCycleRun(
  db: DbOrTx,
  groupId: number,
  openReportId: number | null,
  options: { anyCycle: boolean },
) {
  const inCycle = sql`(${monteCarloRuns.openReportId} is not distinct from ${openReportId}::int)`;
  const [row] = await db
    .select({ run: monteCarloRuns, override: liquidityLevelOverrides })
    .from(monteCarloRuns)
    .leftJoin(liquidityLevelOverrides, eq(liquidityLevelOverrides.monteCarloId, monteCarloRuns.monteCarloId))
    .where(
      and(
        eq(monteCarloRuns.accountGroupId, groupId),
        eq(monteCarloRuns.state, 'done'),
        isNotNull(monteCarloRuns.result),
        options.anyCycle ? undefined : inCycle,
      ),
    )
    .orderBy(
      sql`${inCycle} desc`,
      sql`(${inCycle} and ${liquidityLevelOverrides.monteCarloId} is not null) desc`,
      sql`(case when ${inCycle} then ${liquidityLevelOverrides.updatedAt} end) desc nulls last`,
      desc(monteCarloRuns.createdAt),
      desc(monteCarloRuns.monteCarloId),
    )
    .limit(1);
  return row ?? null;
}

/** The frozen runs of the client's latest completed analysis that chose a run for the group. */
export async function selectLatestCompletedChoice(
  db: DbOrTx,
  clientId: number,
  groupId: number,
): Promise<unknown> {
  const [row] = await db
    .select({ frozenRuns: openReports.frozenRuns })
    .from(openReports)
    .where(
      and(
        eq(openReports.clientId, clientId),
        isNotNull(openReports.analysisCompletedAt),
        sql`${openReports.frozenRuns} -> 'monteCarlo' @> ${JSON.stringify([{ groupId }])}::jsonb`,
      ),
    )
    .orderBy(desc(openReports.analysisCompletedAt), desc(openReports.openReportId))
    .limit(1);
  return row?.frozenRuns ?? null;
}
