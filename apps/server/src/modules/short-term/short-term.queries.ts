import { and, asc, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountGroupDailyBalances, accountGroups, jobRuns, shortTermModels } from '../../db/schema';
import { dataHasChangedSql, hasRunInFlight } from '../analysis/analysis-cycle.service';

// The short-term models (schema/analysis.ts short_term_models): step 1 and step 2 on one row.

export type ModelRow = typeof shortTermModels.$inferSelect;

const dataHasChanged = dataHasChangedSql({
  accountGroupId: shortTermModels.accountGroupId,
  startDate: shortTermModels.startDate,
  endDate: shortTermModels.endDate,
  dataAsOf: shortTermModels.dataAsOf,
});

/**
 * The Step 1 or Step 2 Analysis table of a client, newest first, with the group's name, 'Data Has
 * Changed?' and the step's job progress. The step 2 table lists the rows whose step 2 was asked for.
 */
export function selectModelRows(db: DbOrTx, clientId: number, step: 1 | 2) {
  const jobId = step === 1 ? shortTermModels.step1JobId : shortTermModels.step2JobId;
  return db
    .select({
      model: shortTermModels,
      groupName: accountGroups.groupName,
      dataHasChanged,
      jobProgress: jobRuns.progress,
      jobMessage: jobRuns.message,
    })
    .from(shortTermModels)
    .innerJoin(accountGroups, eq(accountGroups.groupId, shortTermModels.accountGroupId))
    .leftJoin(jobRuns, sql`${jobRuns.jobId}::text = ${jobId}`)
    .where(
      and(
        eq(shortTermModels.clientId, clientId),
        step === 2 ? isNotNull(shortTermModels.step2State) : undefined,
      ),
    )
    .orderBy(desc(shortTermModels.createdAt), desc(shortTermModels.shortTermModelId));
}

/** GET short-term/list: the client's models whose step 1 is ready. */
export function selectReadyModels(db: DbOrTx, clientId: number) {
  return db
    .select({ model: shortTermModels, groupName: accountGroups.groupName })
    .from(shortTermModels)
    .innerJoin(accountGroups, eq(accountGroups.groupId, shortTermModels.accountGroupId))
    .where(
      and(
        eq(shortTermModels.clientId, clientId),
        eq(shortTermModels.step1State, 'done'),
        eq(shortTermModels.step1Ready, true),
      ),
    )
    .orderBy(desc(shortTermModels.createdAt), desc(shortTermModels.shortTermModelId));
}

/** One model with its group's name. */
export async function selectModel(db: DbOrTx, shortTermModelId: number) {
  const [row] = await db
    .select({ model: shortTermModels, groupName: accountGroups.groupName })
    .from(shortTermModels)
    .innerJoin(accountGroups, eq(accountGroups.groupId, shortTermModels.accountGroupId))
    .where(eq(shortTermModels.shortTermModelId, shortTermModelId));
  return row ?? null;
}

/** The model row alone, locked for the rest of the transaction (a rerun, a delete, a job's write). */
export async function lockModel(db: DbOrTx, shortTermModelId: number): Promise<ModelRow | null> {
  const [row] = await db
    .select()
    .from(shortTermModels)
    .where(eq(shortTermModels.shortTermModelId, shortTermModelId))
    .for('update');
  return row ?? null;
}

/**
 * The model a forecast endpoint reads: `shortTermModelId` when given (it must be of the group), else
 * the group's latest finished step 2. `where` narrows further (client scoping).
 */
export async function selectForecastModel(
  db: DbOrTx,
  filter: { groupId?: number; clientId?: number; shortTermModelId?: number | undefined },
) {
  const conditions: (SQL | undefined)[] = [
    eq(shortTermModels.step2State, 'done'),
    filter.groupId === undefined ? undefined : eq(shortTermModels.accountGroupId, filter.groupId),
    filter.clientId === undefined ? undefined : eq(shortTermModels.clientId, filter.clientId),
    filter.shortTermModelId === undefined
      ? undefined
      : eq(shortTermModels.shortTermModelId, filter.shortTermModelId),
  ];
  const [row] = await db
    .select({ model: shortTermModels, groupName: accountGroups.groupName })
    .from(shortTermModels)
    .innerJoin(accountGroups, eq(accountGroups.groupId, shortTermModels.accountGroupId))
    .where(and(...conditions))
    .orderBy(desc(shortTermModels.step2CompletedAt), desc(shortTermModels.shortTermModelId))
    .limit(1);
  return row ?? null;
}

/** The client's model whose PDF has the file id `fileUrl` (the last part of its storage key). */
export async function selectModelByFile(db: DbOrTx, clientId: number, fileUrl: string) {
  const [row] = await db
    .select()
    .from(shortTermModels)
    .where(
      and(
        eq(shortTermModels.clientId, clientId),
        sql`regexp_replace(${shortTermModels.fileKey}, '^.*/', '') = ${fileUrl}`,
      ),
    );
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

/**
 * The group's minDate (clients-accounts-investments-reports.md 3 "Account group"): the latest
 * first-transaction date of its member accounts with data; null when none has any.
 */
export async function selectGroupMinDate(db: DbOrTx, groupId: number): Promise<string | null> {
  const { rows } = await db.execute(sql`
    select max(first_day)::text as "minDate" from (
      select (select min(t.transaction_date) from transactions t where t.account_id = m.account_id) as first_day
      from account_group_accounts m
      join accounts a on a.account_id = m.account_id and not a.is_staging
      where m.group_id = ${groupId}
    ) firsts`);
  return (rows[0] as { minDate: string | null } | undefined)?.minDate ?? null;
}

/** The group's end-of-day balances from its daily table, between two dates, ascending. */
export async function selectGroupBalances(db: DbOrTx, groupId: number, from: string, to: string) {
  const rows = await db
    .select({ date: accountGroupDailyBalances.balanceDate, balance: accountGroupDailyBalances.balance })
    .from(accountGroupDailyBalances)
    .where(
      and(
        eq(accountGroupDailyBalances.accountGroupId, groupId),
        gte(accountGroupDailyBalances.balanceDate, from),
        lte(accountGroupDailyBalances.balanceDate, to),
      ),
    )
    .orderBy(asc(accountGroupDailyBalances.balanceDate));
  return rows.map((r) => ({ date: r.date, balance: Number(r.balance) }));
}

export async function insertModel(
  db: DbOrTx,
  values: typeof shortTermModels.$inferInsert,
): Promise<ModelRow> {
  const [row] = await db.insert(shortTermModels).values(values).returning();
  return row!;
}

/** Updates the row; false when it is gone (deleted while its job ran). */
export async function updateModel(
  db: DbOrTx,
  shortTermModelId: number,
  values: Partial<typeof shortTermModels.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(shortTermModels)
    .set(values)
    .where(eq(shortTermModels.shortTermModelId, shortTermModelId))
    .returning({ shortTermModelId: shortTermModels.shortTermModelId });
  return rows.length > 0;
}

export async function deleteModel(db: DbOrTx, shortTermModelId: number): Promise<void> {
  await db.delete(shortTermModels).where(eq(shortTermModels.shortTermModelId, shortTermModelId));
}

/** Step 2 of the row cleared (removing it from the step 2 table keeps step 1). */
export const CLEARED_STEP_2 = {
  step2State: null,
  step2JobId: null,
  step2Message: null,
  step2Result: null,
  step2CompletedAt: null,
} as const;

/** Whether a step of the client's models is in flight: queued or running, its job not ended. */
export const hasStepInFlight = (db: DbOrTx, step: 1 | 2, queue: string, clientId: number) =>
  hasRunInFlight(db, queue, clientId, {
    table: shortTermModels,
    clientId: shortTermModels.clientId,
    jobId: step === 1 ? shortTermModels.step1JobId : shortTermModels.step2JobId,
    state: step === 1 ? shortTermModels.step1State : shortTermModels.step2State,
  });
