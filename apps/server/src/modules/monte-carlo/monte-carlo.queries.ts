import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountGroups, jobRuns, liquidityLevelOverrides, monteCarloRuns } from '../../db/schema';
import {
  dataHasChangedSql,
  hasRunInFlight as hasClientRunInFlight,
} from '../analysis/analysis-cycle.service';

// The Monte Carlo runs and their liquidity level overrides (schema/analysis.ts).

export type RunRow = typeof monteCarloRuns.$inferSelect;
export type OverrideRow = typeof liquidityLevelOverrides.$inferSelect;

const dataHasChanged = dataHasChangedSql({
  accountGroupId: monteCarloRuns.accountGroupId,
  startDate: monteCarloRuns.startDate,
  endDate: monteCarloRuns.endDate,
  dataAsOf: monteCarloRuns.dataAsOf,
});

/** The history table of a client, newest first, with the group's name and the job's progress. */
export function selectRuns(db: DbOrTx, clientId: number) {
  return db
    .select({
      monteCarloId: monteCarloRuns.monteCarloId,
      monteCarloName: monteCarloRuns.monteCarloName,
      groupId: monteCarloRuns.accountGroupId,
      groupName: accountGroups.groupName,
      createdAt: monteCarloRuns.createdAt,
      startDate: monteCarloRuns.startDate,
      endDate: monteCarloRuns.endDate,
      numberOfYears: monteCarloRuns.numberOfYears,
      dataHasChanged,
      state: monteCarloRuns.state,
      message: monteCarloRuns.message,
      jobId: monteCarloRuns.jobId,
      jobProgress: jobRuns.progress,
      completedAt: monteCarloRuns.completedAt,
    })
    .from(monteCarloRuns)
    .innerJoin(accountGroups, eq(accountGroups.groupId, monteCarloRuns.accountGroupId))
    .leftJoin(jobRuns, sql`${jobRuns.jobId}::text = ${monteCarloRuns.jobId}`)
    .where(eq(monteCarloRuns.clientId, clientId))
    .orderBy(desc(monteCarloRuns.createdAt), desc(monteCarloRuns.monteCarloId));
}

/** One run with its group's name and its override, if any. */
export async function selectRun(db: DbOrTx, monteCarloId: number) {
  const [row] = await db
    .select({ run: monteCarloRuns, groupName: accountGroups.groupName, override: liquidityLevelOverrides })
    .from(monteCarloRuns)
    .innerJoin(accountGroups, eq(accountGroups.groupId, monteCarloRuns.accountGroupId))
    .leftJoin(liquidityLevelOverrides, eq(liquidityLevelOverrides.monteCarloId, monteCarloRuns.monteCarloId))
    .where(eq(monteCarloRuns.monteCarloId, monteCarloId));
  return row ?? null;
}

/** The run row alone. */
export async function selectRunRow(db: DbOrTx, monteCarloId: number): Promise<RunRow | null> {
  const [row] = await db.select().from(monteCarloRuns).where(eq(monteCarloRuns.monteCarloId, monteCarloId));
  return row ?? null;
}

/** The run row alone, locked for the rest of the transaction (a rerun, a delete). */
export async function lockRun(db: DbOrTx, monteCarloId: number): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(monteCarloRuns)
    .where(eq(monteCarloRuns.monteCarloId, monteCarloId))
    .for('update');
  return row ?? null;
}

export async function selectGroup(db: DbOrTx, groupId: number) {
  const [row] = await db
    .select({
      groupId: accountGroups.groupId,
      clientId: accountGroups.clientId,
      groupName: accountGroups.groupName,
    })
    .from(accountGroups)
    .where(eq(accountGroups.groupId, groupId));
  return row ?? null;
}

/** The client's 'All Accounts' group (the whole client), or null. */
export async function selectAllAccountsGroupId(db: DbOrTx, clientId: number): Promise<number | null> {
  const [row] = await db
    .select({ groupId: accountGroups.groupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.clientId, clientId), eq(accountGroups.isAllAccounts, true)));
  return row?.groupId ?? null;
}

export async function insertRun(db: DbOrTx, values: typeof monteCarloRuns.$inferInsert): Promise<RunRow> {
  const [row] = await db.insert(monteCarloRuns).values(values).returning();
  return row!;
}

export async function updateRun(
  db: DbOrTx,
  monteCarloId: number,
  values: Partial<typeof monteCarloRuns.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(monteCarloRuns)
    .set(values)
    .where(eq(monteCarloRuns.monteCarloId, monteCarloId))
    .returning({ monteCarloId: monteCarloRuns.monteCarloId });
  return rows.length > 0;
}

export async function deleteRun(db: DbOrTx, monteCarloId: number): Promise<void> {
  await db.delete(monteCarloRuns).where(eq(monteCarloRuns.monteCarloId, monteCarloId));
}

export async function deleteOverride(db: DbOrTx, monteCarloId: number): Promise<void> {
  await db.delete(liquidityLevelOverrides).where(eq(liquidityLevelOverrides.monteCarloId, monteCarloId));
}

export async function upsertOverride(
  db: DbOrTx,
  values: typeof liquidityLevelOverrides.$inferInsert,
): Promise<OverrideRow> {
  const { monteCarloId: _id, clientId: _client, ...changes } = values;
  const [row] = await db
    .insert(liquidityLevelOverrides)
    .values(values)
    .onConflictDoUpdate({ target: liquidityLevelOverrides.monteCarloId, set: changes })
    .returning();
  return row!;
}

/** Whether a run of the client is in flight: queued or running, and its job (of `queue`) not ended. */
export const hasRunInFlight = (db: DbOrTx, queue: string, clientId: number) =>
  hasClientRunInFlight(db, queue, clientId, {
    table: monteCarloRuns,
    clientId: monteCarloRuns.clientId,
    jobId: monteCarloRuns.jobId,
    state: monteCarloRuns.state,
  });
