import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { clearFlagsPointingAt } from '../staging/flag-duplicates.queries';

// The Validate Batch dialog's account actions in SQL (ingestion-analysis.md 4 "Batch account status"),
// set-based over the accounts' staging rows.

const STAGING_TABLES = [
  'staging_transactions',
  'staging_investments',
  'staging_fees',
  'staging_balances',
  'staging_account_balances',
] as const;

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

export interface BatchAccountState {
  batchAccountId: number;
  clientId: number;
  batchId: number;
  status: string;
  restoreStatus: string | null;
  /** How the refusals name it: the account's name (or number), or the treasury section. */
  label: string;
  /** Null for a treasury section. */
  accountId: number | null;
}

/** The batch accounts under a row lock, so two actions on one account queue up. */
export async function lockBatchAccountStates(
  db: DbOrTx,
  where: ReturnType<typeof sql>,
): Promise<BatchAccountState[]> {
  const { rows } = await db.execute(sql`select ba.batch_account_id as "batchAccountId",
      ba.client_id as "clientId", ba.batch_id as "batchId", ba.status, ba.restore_status as "restoreStatus",
      coalesce(a.account_name, a.account_number, ba.section_type, ba.batch_account_id::text) as label,
      ba.account_id as "accountId"
    from batch_accounts ba left join accounts a on a.account_id = ba.account_id
    where ${where}
    order by ba.batch_account_id
    for no key update of ba`);
  return rows as unknown as BatchAccountState[];
}

export const whereBatchAccountIds = (ids: readonly number[]) => sql`ba.batch_account_id = any(${ints(ids)})`;

export const whereBatchSections = (batchId: number, sectionTypes: readonly string[]) =>
  sql`ba.batch_id = ${batchId} and ba.section_type = any(${sql.param([...sectionTypes])}::text[])`;

/** An override covered the rows it was given; a change of them, or new ones, needs a new decision. */
export const CLEAR_OVERRIDE = sql.raw(
  'override_reason = null, override_summary = null, override_by = null, override_at = null',
);

/** Validate on an account that does not reconcile: who decided, why, and what the reconciliation said. */
export async function recordOverride(
  db: DbOrTx,
  batchAccountId: number,
  override: { reason: string; summary: string; userId: number },
): Promise<void> {
  await db.execute(sql`update batch_accounts set override_reason = ${override.reason},
      override_summary = ${override.summary}, override_by = ${override.userId}, override_at = now()
    where batch_account_id = ${batchAccountId}`);
}

/** Validate: every staged row of the accounts Yes, the accounts Validated. */
export async function markAccountsValidated(db: DbOrTx, ids: readonly number[]): Promise<void> {
  for (const table of STAGING_TABLES) {
    await db.execute(sql`update ${sql.identifier(table)} set validation_status = true
      where batch_account_id = any(${ints(ids)}) and not validation_status`);
  }
  await db.execute(sql`update batch_accounts set status = 'Validated', updated_at = now()
    where batch_account_id = any(${ints(ids)})`);
}

/**
 * Removes what the accounts were given by extraction: their staging rows, their part of each file
 * (batch_account_files) and the batch files no other account of the batch holds a part of. Answers the
 * stored files (sources and .xlsx copies) of those batch files, which the caller deletes when nothing
 * validated refers to them (delete-batches.queries deleteUnreferencedFiles).
 */
export async function removeAccountsFiles(db: DbOrTx, ids: readonly number[]) {
  await clearFlagsPointingAt(
    db,
    sql`o.duplicate_of_staging_transaction_id in
      (select s.staging_transaction_id from staging_transactions s where s.batch_account_id = any(${ints(ids)}))`,
  );
  // The accounts' statements go with their rows (a file another account shares stays).
  await db.execute(sql`delete from staging_statements where batch_account_id = any(${ints(ids)})`);
  let stagingRows = 0;
  for (const table of STAGING_TABLES) {
    const { rows } = await db.execute(sql`with d as (delete from ${sql.identifier(table)}
      where batch_account_id = any(${ints(ids)}) returning 1) select count(*)::int as n from d`);
    stagingRows += (rows[0] as { n: number }).n;
  }
  const { rows } = await db.execute(sql`with parts as (
      delete from batch_account_files where batch_account_id = any(${ints(ids)})
      returning batch_file_id),
    gone as (
      delete from batch_files f where f.batch_file_id in (select batch_file_id from parts)
        and not exists (select 1 from batch_account_files x
          where x.batch_file_id = f.batch_file_id and x.batch_account_id <> all(${ints(ids)}))
      returning f.batch_file_id, f.client_id, f.uploaded_file_name, f.file_id, f.excel_file_id)
    select batch_file_id as "batchFileId", client_id as "clientId", uploaded_file_name as "uploadedFileName",
      file_id as "fileId", excel_file_id as "excelFileId" from gone order by batch_file_id`);
  const batchFiles = rows as {
    batchFileId: number;
    clientId: number;
    uploadedFileName: string;
    fileId: number;
    excelFileId: number | null;
  }[];
  const storedFileIds = batchFiles.flatMap((f) => (f.excelFileId ? [f.fileId, f.excelFileId] : [f.fileId]));
  return { stagingRows, batchFiles, storedFileIds };
}

/** Ignore: Ignored, remembering the status it had; the statements went with the files. */
export async function markAccountsIgnored(db: DbOrTx, ids: readonly number[]): Promise<void> {
  await db.execute(sql`update batch_accounts set restore_status = status, status = 'Ignored',
      ${CLEAR_OVERRIDE}, updated_at = now()
    where batch_account_id = any(${ints(ids)})`);
}

/**
 * Restore: back to Needs Validation while a file's rows are still there (one extracted into it while
 * Ignored), else Needs Files: ignoring removed its files, so Needs Validation would have nothing to
 * validate. Answers the status it got.
 */
export async function restoreAccount(db: DbOrTx, id: number): Promise<string> {
  const { rows } = await db.execute(sql`update batch_accounts ba set restore_status = null,
      status = case when exists (select 1 from batch_account_files f where f.batch_account_id = ba.batch_account_id)
        then 'Needs Validation' else 'Needs Files' end,
      updated_at = now()
    where ba.batch_account_id = ${id} returning ba.status`);
  return (rows[0] as { status: string }).status;
}

/** Delete: the account's uploads are gone; it waits for files again, as a new one (not promoted). */
export async function resetAccountToNeedsFiles(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update batch_accounts set status = 'Needs Files', restore_status = null,
      promoted_at = null, ${CLEAR_OVERRIDE}, updated_at = now()
    where batch_account_id = ${id}`);
}
