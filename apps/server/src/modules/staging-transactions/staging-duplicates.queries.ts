import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { clearFileDuplicates, flagFileDuplicates } from '../data-ingestion/staging/flag-duplicates.queries';

// ingestion.md step 6 for edited rows: the files they are in, and the files of rows flagged against
// them, are matched again by extraction's rules (data-ingestion/staging/flag-duplicates.queries.ts),
// since a rule that counts rows alike can move a flag to another row of the file.

const bigints = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`;

/**
 * Re-decides the possible duplicates of the files holding the edited rows or rows flagged against
 * them, oldest file first (so of two copies the later stays the flagged one). A decision a person made
 * stays on a row that is flagged again; a row no longer flagged loses it.
 */
export async function recomputeDuplicates(db: DbOrTx, editedIds: readonly number[]): Promise<void> {
  if (editedIds.length === 0) return;
  const { rows: files } = await db.execute(sql`select s.batch_file_id as "batchFileId",
      min(s.transaction_date)::text as "minDate", max(s.transaction_date)::text as "maxDate"
    from staging_transactions s
    where s.batch_file_id in (select batch_file_id from staging_transactions
      where staging_transaction_id = any(${bigints(editedIds)})
        or duplicate_of_staging_transaction_id = any(${bigints(editedIds)}))
    group by s.batch_file_id order by s.batch_file_id`);
  for (const file of files as { batchFileId: number; minDate: string; maxDate: string }[]) {
    const { rows: decided } =
      await db.execute(sql`select staging_transaction_id as id, duplicate_decision as d
      from staging_transactions where batch_file_id = ${file.batchFileId} and duplicate_decision is not null`);
    await clearFileDuplicates(db, file.batchFileId);
    await flagFileDuplicates(db, file);
    const decisions = decided as { id: number | string; d: string }[];
    if (decisions.length === 0) continue;
    await db.execute(sql`update staging_transactions s set duplicate_decision = x.d
      from unnest(${bigints(decisions.map((r) => Number(r.id)))}, ${sql.param(decisions.map((r) => r.d))}::text[])
        as x(id, d)
      where s.staging_transaction_id = x.id and s.duplicate_rule is not null`);
  }
}
