import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';

// ingestion.md step 6 for an edited row: the same matching rules as extraction's
// flagDuplicateTransactions (data-ingestion/staging/stage-file.queries.ts), for a handful of rows by id.

const bigints = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`;

/**
 * Re-decides the duplicate pointers of the edited rows and of the rows that pointed at them: a row equal
 * on (account, date, amount, description) to a transaction in the books points at it; one equal to a row
 * of another live file points at that row and its file. Of two rows that now match each other, only one
 * points at the other (as after extraction, where the later file's row is the possible duplicate).
 */
export async function recomputeDuplicates(db: DbOrTx, editedIds: readonly number[]): Promise<void> {
  if (editedIds.length === 0) return;
  const { rows } = await db.execute(sql`update staging_transactions s
    set duplicate_of_transaction_id = null, duplicate_of_staging_transaction_id = null,
      duplicate_of_batch_file_id = null
    where s.staging_transaction_id = any(${bigints(editedIds)})
      or s.duplicate_of_staging_transaction_id = any(${bigints(editedIds)})
    returning s.staging_transaction_id as id`);
  const ids = (rows as { id: number | string }[]).map((r) => Number(r.id));
  await db.execute(sql`update staging_transactions s
    set duplicate_of_transaction_id = m.transaction_id
    from (select distinct on (s2.staging_transaction_id) s2.staging_transaction_id as id, t.transaction_id
      from staging_transactions s2
      join batch_accounts ba on ba.batch_account_id = s2.batch_account_id
      join transactions t on t.client_id = s2.client_id and t.account_id = ba.account_id
        and t.transaction_date = s2.transaction_date and t.amount = s2.amount
        and t.description = s2.description
      where s2.staging_transaction_id = any(${bigints(ids)})
      order by s2.staging_transaction_id, t.transaction_id) m
    where s.staging_transaction_id = m.id`);
  await db.execute(sql`update staging_transactions s
    set duplicate_of_staging_transaction_id = m.other_id, duplicate_of_batch_file_id = m.other_file_id
    from (select distinct on (s2.staging_transaction_id) s2.staging_transaction_id as id,
        o.staging_transaction_id as other_id, o.batch_file_id as other_file_id
      from staging_transactions s2
      join batch_accounts ba on ba.batch_account_id = s2.batch_account_id
      join batch_accounts oba on oba.client_id = ba.client_id and oba.account_id = ba.account_id
      join staging_transactions o on o.batch_account_id = oba.batch_account_id
        and o.transaction_date = s2.transaction_date and o.amount = s2.amount
        and o.description = s2.description and o.batch_file_id <> s2.batch_file_id
      join batch_files f on f.batch_file_id = o.batch_file_id and f.status not in ('Replaced', 'Failed')
      where s2.staging_transaction_id = any(${bigints(ids)})
        and o.duplicate_of_staging_transaction_id is distinct from s2.staging_transaction_id
        and not (o.staging_transaction_id = any(${bigints(ids)})
          and o.staging_transaction_id > s2.staging_transaction_id)
      order by s2.staging_transaction_id, o.staging_transaction_id) m
    where s.staging_transaction_id = m.id`);
}
