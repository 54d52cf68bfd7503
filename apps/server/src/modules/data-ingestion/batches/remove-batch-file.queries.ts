import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { CLEAR_OVERRIDE } from './batch-account-actions.queries';

// Removing one file from its batch (issue 42 point 3) in SQL: who holds a part of it, and what those
// batch accounts become once its rows are gone.

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** The batch accounts the file's rows were extracted into. */
export async function selectFileHolders(db: DbOrTx, batchFileId: number): Promise<number[]> {
  const { rows } = await db.execute(sql`select batch_account_id as id from batch_account_files
    where batch_file_id = ${batchFileId} order by batch_account_id`);
  return (rows as { id: number }[]).map((r) => r.id);
}

/**
 * The holders after their part of the file went: without another file a Needs Validation or Validated
 * one is back to Needs Files (not promoted; what it put in the books stays); with other files it keeps
 * its status. Either way an override no longer covers the rows it was given. Ignored ones stay.
 */
export async function resetHolders(db: DbOrTx, batchAccountIds: readonly number[]) {
  if (batchAccountIds.length === 0) return [];
  const { rows } = await db.execute(sql`with next as (
      select ba.batch_account_id, ba.status as before,
        case when exists (select 1 from batch_account_files f where f.batch_account_id = ba.batch_account_id)
          then ba.status else 'Needs Files' end as after
      from batch_accounts ba
      where ba.batch_account_id = any(${ints(batchAccountIds)}) and ba.status <> 'Ignored')
    update batch_accounts ba set status = next.after,
      promoted_at = case when next.after = 'Needs Files' then null else ba.promoted_at end,
      ${CLEAR_OVERRIDE}, updated_at = now()
    from next where next.batch_account_id = ba.batch_account_id
    returning ba.batch_account_id as "batchAccountId", ba.client_id as "clientId", next.before, next.after`);
  return rows as { batchAccountId: number; clientId: number; before: string; after: string }[];
}

/** Whether validation put a row of the file in the books (their provenance names the batch file). */
export async function isFileInBooks(db: DbOrTx, batchFileId: number): Promise<boolean> {
  const { rows } =
    await db.execute(sql`select exists (select 1 from transactions where batch_file_id = ${batchFileId})
    or exists (select 1 from investments where batch_file_id = ${batchFileId})
    or exists (select 1 from fees where batch_file_id = ${batchFileId})
    or exists (select 1 from balances where batch_file_id = ${batchFileId})
    or exists (select 1 from account_balances where batch_file_id = ${batchFileId}) as "isBooked"`);
  return (rows[0] as { isBooked: boolean }).isBooked;
}

export async function deleteBatchFileRow(db: DbOrTx, batchFileId: number): Promise<void> {
  await db.execute(sql`delete from batch_files where batch_file_id = ${batchFileId}`);
}
