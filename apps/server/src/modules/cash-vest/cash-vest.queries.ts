import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountGroups, cashVestScores, openReports } from '../../db/schema';

// The cashVest rows (ingestion-analysis.md 3 "cashVest") and the few records around them they name.

export type CashVestRecord = typeof cashVestScores.$inferSelect;
export type CashVestInsert = typeof cashVestScores.$inferInsert;

/** The client's rows, newest first (the history table). */
export function selectClientRows(db: DbOrTx, clientId: number): Promise<CashVestRecord[]> {
  return db
    .select()
    .from(cashVestScores)
    .where(eq(cashVestScores.clientId, clientId))
    .orderBy(desc(cashVestScores.createdAt), desc(cashVestScores.cashVestId));
}

export async function selectRow(db: DbOrTx, cashVestId: number): Promise<CashVestRecord | null> {
  const [row] = await db.select().from(cashVestScores).where(eq(cashVestScores.cashVestId, cashVestId));
  return row ?? null;
}

export async function selectRowForUpdate(db: DbOrTx, cashVestId: number): Promise<CashVestRecord | null> {
  const [row] = await db
    .select()
    .from(cashVestScores)
    .where(eq(cashVestScores.cashVestId, cashVestId))
    .for('update');
  return row ?? null;
}

export async function insertRow(db: DbOrTx, values: CashVestInsert): Promise<CashVestRecord> {
  const [row] = await db.insert(cashVestScores).values(values).returning();
  return row!;
}

export async function updateRow(
  db: DbOrTx,
  cashVestId: number,
  values: Partial<CashVestInsert>,
): Promise<CashVestRecord> {
  const [row] = await db
    .update(cashVestScores)
    .set(values)
    .where(eq(cashVestScores.cashVestId, cashVestId))
    .returning();
  return row!;
}

/** The edited rows of the client, oldest period first: what the cashVest Score chart draws. */
export function selectScoredRows(db: DbOrTx, clientId: number) {
  return db
    .select()
    .from(cashVestScores)
    .where(
      and(
        eq(cashVestScores.clientId, clientId),
        isNotNull(cashVestScores.totalScore),
        isNotNull(cashVestScores.endDate),
      ),
    )
    .orderBy(asc(cashVestScores.endDate), asc(cashVestScores.updatedAt));
}

/** The period of an open report (the cycle a new row belongs to). */
export async function selectReportPeriod(
  db: DbOrTx,
  openReportId: number,
): Promise<{ startDate: string; endDate: string } | null> {
  const [row] = await db
    .select({ startDate: openReports.startDate, endDate: openReports.endDate })
    .from(openReports)
    .where(eq(openReports.openReportId, openReportId));
  return row ?? null;
}

export interface GroupRef {
  groupId: number;
  groupName: string;
}

/** The client's group of that id, or (without an id) its 'All Accounts' group; null when none. */
export async function selectClientGroup(
  db: DbOrTx,
  clientId: number,
  groupId?: number,
): Promise<GroupRef | null> {
  const [row] = await db
    .select({ groupId: accountGroups.groupId, groupName: accountGroups.groupName })
    .from(accountGroups)
    .where(
      and(
        eq(accountGroups.clientId, clientId),
        groupId === undefined ? eq(accountGroups.isAllAccounts, true) : eq(accountGroups.groupId, groupId),
      ),
    );
  return row ?? null;
}
