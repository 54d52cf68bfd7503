import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-database';
import {
  accounts,
  batchAccounts,
  batchFiles,
  batches,
  keywords,
  stagingTransactions as st,
} from '../../db/schema';
import type { CompiledListQuery } from '../../platform/paging/paged-list';
import { clearFlagsPointingAt } from '../data-ingestion/staging/flag-duplicates.queries';
import { deleteStagingRowsKeepingCounts } from '../data-ingestion/staging/staging-rows.queries';

// ingestion-analysis.md 7 "Staging transactions": the SQL of Inspect Staging Transactions and its edits.

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;
const bigints = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`;

const otherRow = alias(st, 'other_row');
const otherFile = alias(batchFiles, 'other_file');

const stagingFields = {
  stagingTransactionId: st.stagingTransactionId,
  clientId: st.clientId,
  batchAccountId: st.batchAccountId,
  accountNumber: accounts.accountNumber,
  transactionDate: st.transactionDate,
  transactionDescription: st.description,
  keyword: keywords.keywordName,
  keywordId: st.keywordId,
  amount: st.amount,
  validationStatus: st.validationStatus,
  fileName: batchFiles.uploadedFileName,
  rowNumber: st.rowNumber,
  sheetName: st.sheetName,
  duplicateOfTransactionId: st.duplicateOfTransactionId,
  duplicateRowNumber: otherRow.rowNumber,
  duplicateSheetName: otherRow.sheetName,
  duplicateFileName: otherFile.uploadedFileName,
  duplicateRule: st.duplicateRule,
  duplicateDecision: st.duplicateDecision,
  bankReference: st.bankReference,
  // Issue 39 point 2: a flag by date, amount and description says how many rows alike each side holds.
  sameInFile: sql<number | null>`case when ${st.duplicateRule} is distinct from 'reference' then
    (select count(*)::int from staging_transactions x where x.batch_account_id = ${st.batchAccountId}
      and x.batch_file_id = ${st.batchFileId} and x.transaction_date = ${st.transactionDate}
      and x.amount = ${st.amount} and x.description = ${st.description}) end`,
  sameThere: sql<number | null>`case when ${st.duplicateRule} is distinct from 'reference' then
    case when ${st.duplicateOfTransactionId} is not null then
      (select count(*)::int from transactions t where t.account_id = ${batchAccounts.accountId}
        and t.transaction_date = ${st.transactionDate} and t.amount = ${st.amount}
        and t.description = ${st.description})
    else (select count(*)::int from staging_transactions x where x.batch_file_id = ${st.duplicateOfBatchFileId}
      and x.transaction_date = ${st.transactionDate} and x.amount = ${st.amount}
      and x.description = ${st.description}
      and x.batch_account_id in (select oba.batch_account_id from batch_accounts oba
        where oba.account_id = ${batchAccounts.accountId})) end end`,
  // Issue 39 point 4: a row already in the books changes there, not here.
  isBooked: sql<boolean>`exists (select 1 from transactions b
    where b.staging_transaction_id = ${st.stagingTransactionId})`,
};

/** Rows with what the dialog shows: account number, keyword name, file, and the duplicate's file and row. */
function selectStagingRows(db: DbOrTx) {
  return db
    .select(stagingFields)
    .from(st)
    .innerJoin(batchAccounts, eq(batchAccounts.batchAccountId, st.batchAccountId))
    .leftJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .leftJoin(keywords, eq(keywords.keywordId, st.keywordId))
    .innerJoin(batchFiles, eq(batchFiles.batchFileId, st.batchFileId))
    .leftJoin(otherRow, eq(otherRow.stagingTransactionId, st.duplicateOfStagingTransactionId))
    .leftJoin(otherFile, eq(otherFile.batchFileId, st.duplicateOfBatchFileId))
    .$dynamic();
}

export type StagingRow = Awaited<ReturnType<typeof selectStagingRows>>[number];

/** The page: one batch account's rows by date walk staging_transactions_account_date_idx. */
export function selectStagingPage(db: DbOrTx, page: CompiledListQuery) {
  return selectStagingRows(db)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

/** The paged list's count over the list's FROM (the account number is the only joined column filtered). */
export function selectStagingCounts(
  db: DbOrTx,
  fields: { totalCount: SQL<number>; resultCount: SQL<number> },
  where: SQL | undefined,
) {
  return db
    .select(fields)
    .from(st)
    .innerJoin(batchAccounts, eq(batchAccounts.batchAccountId, st.batchAccountId))
    .leftJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .where(where);
}

/** How many rows match, reading no more than `limit` of them (a search's bounded count). */
export async function countStagingRowsUpTo(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const matches = db
    .select({ one: sql<number>`1` })
    .from(st)
    .innerJoin(batchAccounts, eq(batchAccounts.batchAccountId, st.batchAccountId))
    .leftJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .where(where)
    .limit(limit)
    .as('matches');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  return Number(row?.count ?? 0);
}

/**
 * The batch accounts' staged transactions without reading them: extraction keeps each (batch account,
 * file) pair's row count in batch_account_files and the deletes here keep it; a file stages into one
 * table, so a file with a staging transaction counts toward this list.
 */
export async function selectStagingTotal(db: DbOrTx, batchAccountIds: readonly number[]): Promise<number> {
  const { rows } = await db.execute(sql`select coalesce(sum(baf.row_count), 0)::int as total
    from batch_account_files baf
    where baf.batch_account_id = any(${ints(batchAccountIds)})
      and exists (select 1 from staging_transactions s where s.batch_file_id = baf.batch_file_id)`);
  return Number((rows[0] as { total: number } | undefined)?.total ?? 0);
}

/**
 * The ids of the rows under `where` (the list's FROM) that are not in the books, in row order, at most
 * `limit`: a booked row takes no change (issue 39 point 4), so a selection by filter passes over it.
 */
export async function selectMatchingIds(
  db: DbOrTx,
  scope: SQL,
  where: SQL | undefined,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: st.stagingTransactionId })
    .from(st)
    .innerJoin(batchAccounts, eq(batchAccounts.batchAccountId, st.batchAccountId))
    .leftJoin(accounts, eq(accounts.accountId, batchAccounts.accountId))
    .where(
      and(
        scope,
        where,
        sql`not exists (select 1 from transactions b where b.staging_transaction_id = ${st.stagingTransactionId})`,
      ),
    )
    .orderBy(st.stagingTransactionId)
    .limit(limit);
  return rows.map((r) => r.id);
}

export function whereBatchAccounts(batchAccountIds: readonly number[]): SQL {
  return batchAccountIds.length === 1
    ? eq(st.batchAccountId, batchAccountIds[0]!)
    : inArray(st.batchAccountId, [...batchAccountIds]);
}

export async function selectStagingRowById(db: DbOrTx, stagingTransactionId: number, visible?: SQL) {
  const [row] = await selectStagingRows(db).where(
    and(eq(st.stagingTransactionId, stagingTransactionId), visible),
  );
  return row ?? null;
}

export function selectStagingRowsByIds(db: DbOrTx, ids: readonly number[]) {
  return selectStagingRows(db)
    .where(inArray(st.stagingTransactionId, [...ids]))
    .orderBy(st.stagingTransactionId);
}

/** The rows among `ids` that `visible` lets through, locked, with their batch account's and batch's state. */
export function lockStagingRows(db: DbOrTx, ids: readonly number[], visible?: SQL) {
  return db
    .select({
      row: st,
      status: batchAccounts.status,
      batchValidatedAt: batches.validatedAt,
      isBooked: sql<boolean>`exists (select 1 from transactions b
        where b.staging_transaction_id = ${st.stagingTransactionId})`,
    })
    .from(st)
    .innerJoin(batchAccounts, eq(batchAccounts.batchAccountId, st.batchAccountId))
    .innerJoin(batches, eq(batches.batchId, st.batchId))
    .where(and(inArray(st.stagingTransactionId, [...ids]), visible))
    .orderBy(st.stagingTransactionId)
    .for('update', { of: st });
}

export type LockedStagingRow = Awaited<ReturnType<typeof lockStagingRows>>[number];

/** Which of `ids` are rows of the batch account. */
export async function selectIdsInBatchAccount(
  db: DbOrTx,
  batchAccountId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await db
    .select({ id: st.stagingTransactionId })
    .from(st)
    .where(and(eq(st.batchAccountId, batchAccountId), inArray(st.stagingTransactionId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function updateStagingRow(
  db: DbOrTx,
  stagingTransactionId: number,
  values: Partial<Pick<typeof st.$inferInsert, 'transactionDate' | 'description' | 'amount' | 'keywordId'>>,
) {
  const [row] = await db
    .update(st)
    .set(values)
    .where(eq(st.stagingTransactionId, stagingTransactionId))
    .returning();
  return row!;
}

/** How many of the rows are in the books (a transaction carries their staging id). */
export async function countBookedRows(db: DbOrTx, ids: readonly number[]): Promise<number> {
  const { rows } = await db.execute(sql`select count(*)::int as n from transactions
    where staging_transaction_id = any(${bigints(ids)})`);
  return (rows[0] as { n: number }).n;
}

/** Sets the duplicate decision of the flagged rows among `ids` that differ; answers the ids that changed. */
export async function updateDuplicateDecision(
  db: DbOrTx,
  ids: readonly number[],
  decision: 'keep' | 'drop' | null,
): Promise<{ id: number; batchAccountId: number; clientId: number }[]> {
  const { rows } = await db.execute(sql`update staging_transactions s
    set duplicate_decision = ${decision}, duplicate_rule = coalesce(s.duplicate_rule, 'match')
    where s.staging_transaction_id = any(${bigints(ids)})
      and (s.duplicate_of_transaction_id is not null or s.duplicate_of_staging_transaction_id is not null)
      and s.duplicate_decision is distinct from ${decision}
    returning s.staging_transaction_id as id, s.batch_account_id as "batchAccountId", s.client_id as "clientId"`);
  return (rows as { id: number | string; batchAccountId: number; clientId: number }[]).map((r) => ({
    ...r,
    id: Number(r.id),
  }));
}

/** Sets Validated? on the rows whose flag differs; answers the ids that changed. */
export async function updateValidationStatus(
  db: DbOrTx,
  ids: readonly number[],
  isValidated: boolean,
): Promise<number[]> {
  const rows = await db
    .update(st)
    .set({ validationStatus: isValidated })
    .where(and(inArray(st.stagingTransactionId, [...ids]), sql`${st.validationStatus} <> ${isValidated}`))
    .returning({ id: st.stagingTransactionId });
  return rows.map((r) => r.id);
}

/**
 * Deletes the rows, keeping the per-file row counts (the list's total) right; other rows' pointers at
 * them go too (the row pointer would clear itself, the file pointer would stay).
 */
export async function deleteStagingRows(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await clearFlagsPointingAt(db, sql`o.duplicate_of_staging_transaction_id = any(${bigints(ids)})`);
  await deleteStagingRowsKeepingCounts(db, 'staging_transactions', 'staging_transaction_id', ids);
}

export async function keywordExists(db: DbOrTx, keywordId: number): Promise<boolean> {
  const [row] = await db
    .select({ keywordId: keywords.keywordId })
    .from(keywords)
    .where(eq(keywords.keywordId, keywordId));
  return row !== undefined;
}
