import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';

// Set-based deletes of whole batches (ingestion.md: an open report's or one batch's deletion takes
// its batches, staging rows and uploaded files, never validated data). Each staging table is emptied
// through its batch accounts' index before the parents go, so no cascade has rows left to find.

const STAGING_TABLES = [
  'staging_transactions',
  'staging_investments',
  'staging_fees',
  'staging_balances',
  'staging_account_balances',
] as const;

const idList = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

async function countDeleted(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute(
    sql`with d as (${statement} returning 1) select count(*)::int as n from d`,
  );
  return (rows[0] as { n: number }).n;
}

/** Every staging row of the batches, across the five tables. */
export async function deleteStagingRows(db: DbOrTx, batchIds: readonly number[]): Promise<number> {
  let total = 0;
  for (const table of STAGING_TABLES) {
    total += await countDeleted(
      db,
      sql`delete from ${sql.identifier(table)} where batch_account_id in
        (select ba.batch_account_id from batch_accounts ba where ba.batch_id = any(${idList(batchIds)}))`,
    );
  }
  return total;
}

/** The stored files (sources and .xlsx copies) the batches' files point at. */
export async function selectBatchFileIds(db: DbOrTx, batchIds: readonly number[]): Promise<number[]> {
  const { rows } = await db.execute(sql`select distinct id from batch_files f
    cross join lateral (values (f.file_id), (f.excel_file_id)) v(id)
    where f.batch_id = any(${idList(batchIds)}) and id is not null`);
  return (rows as { id: number }[]).map((r) => r.id);
}

export function deleteBatchAccountRows(db: DbOrTx, batchIds: readonly number[]): Promise<number> {
  return countDeleted(db, sql`delete from batch_accounts where batch_id = any(${idList(batchIds)})`);
}

export function deleteBatchFileRows(db: DbOrTx, batchIds: readonly number[]): Promise<number> {
  return countDeleted(db, sql`delete from batch_files where batch_id = any(${idList(batchIds)})`);
}

export async function deleteBatchRows(db: DbOrTx, batchIds: readonly number[]) {
  const { rows } = await db.execute(sql`delete from batches where batch_id = any(${idList(batchIds)})
    returning batch_id as "batchId", bank_client_rel_id as "bankClientRelId", template_type as "templateType",
      start_date::text as "startDate", end_date::text as "endDate", sources_required as "sourcesRequired"`);
  return rows as {
    batchId: number;
    bankClientRelId: number;
    templateType: string;
    startDate: string;
    endDate: string;
    sourcesRequired: number;
  }[];
}

/**
 * Deletes those of `fileIds` nothing else holds: a file a validated transaction, investment, fee or
 * balance came from stays with it (its provenance), as does one another batch or an account upload
 * refers to. Answers what was deleted, for the audit and for removing the objects once the
 * transaction commits.
 */
export async function deleteUnreferencedFiles(db: DbOrTx, fileIds: readonly number[]) {
  if (fileIds.length === 0) return [];
  const { rows } = await db.execute(sql`delete from files f where f.file_id = any(${idList(fileIds)})
    and not exists (select 1 from transactions t where t.file_id = f.file_id)
    and not exists (select 1 from investments i where i.file_id = f.file_id)
    and not exists (select 1 from fees x where x.file_id = f.file_id)
    and not exists (select 1 from balances x where x.file_id = f.file_id)
    and not exists (select 1 from account_balances x where x.file_id = f.file_id)
    and not exists (select 1 from accounts a where a.source_file_id = f.file_id)
    and not exists (select 1 from batch_files b where b.file_id = f.file_id or b.excel_file_id = f.file_id)
    returning f.file_id as "fileId", f.storage_key as "storageKey", f.file_name as "fileName",
      f.client_id as "clientId"`);
  return rows as { fileId: number; storageKey: string; fileName: string; clientId: number | null }[];
}
