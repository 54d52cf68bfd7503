import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';

// What extraction does in SQL around a file's rows, inside its transaction (ingestion.md step 6).

const STAGING_TABLES = [
  'staging_transactions',
  'staging_investments',
  'staging_fees',
  'staging_balances',
  'staging_account_balances',
] as const;

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/**
 * Removes the staged rows of the files (an earlier attempt of this file, the files it replaces) and
 * their batch_account_files; answers the batch accounts they were in, whose status may change.
 */
export async function deleteFilesStagingRows(db: DbOrTx, batchFileIds: readonly number[]): Promise<number[]> {
  if (batchFileIds.length === 0) return [];
  const { rows } = await db.execute(sql`delete from batch_account_files
    where batch_file_id = any(${ints(batchFileIds)}) returning batch_account_id as "batchAccountId"`);
  // Other files' flags on these rows go with them: the row pointer would clear itself (on delete set
  // null), the file pointer would stay and name a file whose row is gone.
  await db.execute(sql`update staging_transactions
    set duplicate_of_staging_transaction_id = null, duplicate_of_batch_file_id = null
    where duplicate_of_batch_file_id = any(${ints(batchFileIds)})`);
  for (const table of STAGING_TABLES) {
    await db.execute(
      sql`delete from ${sql.identifier(table)} where batch_file_id = any(${ints(batchFileIds)})`,
    );
  }
  return [...new Set((rows as { batchAccountId: number }[]).map((r) => r.batchAccountId))];
}

export async function insertBatchAccountFiles(
  db: DbOrTx,
  refs: { clientId: number; batchId: number; batchFileId: number },
  counts: readonly { batchAccountId: number; rows: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  await db.execute(sql`insert into batch_account_files (client_id, batch_id, batch_account_id, batch_file_id, row_count)
    select ${refs.clientId}, ${refs.batchId}, a, ${refs.batchFileId}, n
    from unnest(${ints(counts.map((c) => c.batchAccountId))}, ${ints(counts.map((c) => c.rows))}) as x(a, n)`);
}

/**
 * Batch accounts that got rows move from Needs Files to Needs Validation; those that lost their last
 * file's rows (a replaced file) go back. Validated and Ignored accounts keep their status. Answers
 * what changed, for the audit.
 */
export async function updateBatchAccountStatuses(db: DbOrTx, batchAccountIds: readonly number[]) {
  if (batchAccountIds.length === 0) return [];
  const { rows } = await db.execute(sql`with next as (
      select ba.batch_account_id, ba.status as before,
        case when exists (select 1 from batch_account_files f where f.batch_account_id = ba.batch_account_id)
          then 'Needs Validation' else 'Needs Files' end as after
      from batch_accounts ba
      where ba.batch_account_id = any(${ints(batchAccountIds)})
        and ba.status in ('Needs Files', 'Needs Validation')
      for update of ba)
    update batch_accounts ba set status = next.after, updated_at = now()
    from next where next.batch_account_id = ba.batch_account_id and next.after <> next.before
    returning ba.batch_account_id as "batchAccountId", ba.client_id as "clientId", next.before, next.after`);
  return rows as { batchAccountId: number; clientId: number; before: string; after: string }[];
}

/**
 * ingestion.md step 6, possible duplicates: a staged transaction of the file equal on (account, date,
 * amount, description) to a transaction in the books points at it; one equal to a row of another live
 * file (not Replaced, not Failed: any batch, same account) points at that row and its file. Dates are
 * bounded by the file's own, so only the account's rows of those days are compared. Answers how many
 * of the file's rows are flagged.
 */
export async function flagDuplicateTransactions(
  db: DbOrTx,
  batchFileId: number,
  dates: { minDate: string; maxDate: string },
): Promise<number> {
  const { rows: booked } = await db.execute(sql`update staging_transactions s
    set duplicate_of_transaction_id = m.transaction_id
    from (select distinct on (s2.staging_transaction_id) s2.staging_transaction_id as id, t.transaction_id
      from staging_transactions s2
      join batch_accounts ba on ba.batch_account_id = s2.batch_account_id
      join transactions t on t.client_id = s2.client_id and t.account_id = ba.account_id
        and t.transaction_date = s2.transaction_date and t.amount = s2.amount
        and t.description = s2.description
      where s2.batch_file_id = ${batchFileId}
        and t.transaction_date between ${dates.minDate}::date and ${dates.maxDate}::date
      order by s2.staging_transaction_id, t.transaction_id) m
    where s.staging_transaction_id = m.id
    returning 1`);
  // The file's rows were written in this transaction, unseen by the planner's statistics: it would
  // take them for a handful and look each one up by account and date among the file's own rows
  // (quadratic: 50,000 rows took 7.6 s, a million never end). Hash joins keep it linear.
  await db.execute(sql`set local enable_nestloop = off`);
  const { rows: staged } = await db.execute(sql`update staging_transactions s
    set duplicate_of_staging_transaction_id = m.other_id, duplicate_of_batch_file_id = m.other_file_id
    from (select distinct on (s2.staging_transaction_id) s2.staging_transaction_id as id,
        s2.duplicate_of_transaction_id is null as is_new, o.staging_transaction_id as other_id,
        o.batch_file_id as other_file_id
      from staging_transactions s2
      join batch_accounts ba on ba.batch_account_id = s2.batch_account_id
      join batch_accounts oba on oba.client_id = ba.client_id and oba.account_id = ba.account_id
      join staging_transactions o on o.batch_account_id = oba.batch_account_id
        and o.transaction_date = s2.transaction_date and o.amount = s2.amount
        and o.description = s2.description and o.batch_file_id <> s2.batch_file_id
      join batch_files f on f.batch_file_id = o.batch_file_id and f.status not in ('Replaced', 'Failed')
      where s2.batch_file_id = ${batchFileId}
        and o.transaction_date between ${dates.minDate}::date and ${dates.maxDate}::date
      order by s2.staging_transaction_id, o.staging_transaction_id) m
    where s.staging_transaction_id = m.id
    returning m.is_new as "isNew"`);
  await db.execute(sql`set local enable_nestloop = on`);
  return booked.length + (staged as { isNew: boolean }[]).filter((r) => r.isNew).length;
}

/**
 * A statement's opening and closing balances become the batch account's start and end balance when
 * this file holds the account's first (or last) staged day: monthly files arrive in any order.
 */
export async function updateStatementBalances(
  db: DbOrTx,
  balances: readonly {
    batchAccountId: number;
    minDate: string;
    maxDate: string;
    opening: string | null;
    closing: string | null;
  }[],
): Promise<void> {
  for (const b of balances) {
    await db.execute(sql`update batch_accounts ba set
        start_balance = case when ${b.opening}::numeric is not null and ${b.minDate}::date <= coalesce(
          (select min(s.transaction_date) from staging_transactions s where s.batch_account_id = ba.batch_account_id),
          ${b.minDate}::date) then ${b.opening}::numeric else ba.start_balance end,
        end_balance = case when ${b.closing}::numeric is not null and ${b.maxDate}::date >= coalesce(
          (select max(s.transaction_date) from staging_transactions s where s.batch_account_id = ba.batch_account_id),
          ${b.maxDate}::date) then ${b.closing}::numeric else ba.end_balance end,
        updated_at = now()
      where ba.batch_account_id = ${b.batchAccountId}`);
  }
}

/** What one flagged row of a file matches: a transaction in the books, or a row of another file. */
export interface DuplicateMatch {
  rowNumber: number;
  sheetName: string | null;
  /** Text: a bigint, only ever shown. */
  transactionId: string | null;
  otherRowNumber: number | null;
  otherSheetName: string | null;
  otherFileName: string | null;
}

/** The file's first flagged rows (by row number) with what each matches, for its message. */
export async function selectDuplicateMatches(
  db: DbOrTx,
  batchFileId: number,
  limit: number,
): Promise<DuplicateMatch[]> {
  const { rows } = await db.execute(sql`select s.row_number as "rowNumber", s.sheet_name as "sheetName",
      s.duplicate_of_transaction_id::text as "transactionId", o.row_number as "otherRowNumber",
      o.sheet_name as "otherSheetName", f.uploaded_file_name as "otherFileName"
    from staging_transactions s
    left join staging_transactions o on o.staging_transaction_id = s.duplicate_of_staging_transaction_id
    left join batch_files f on f.batch_file_id = s.duplicate_of_batch_file_id
    where s.batch_file_id = ${batchFileId}
      and (s.duplicate_of_transaction_id is not null or s.duplicate_of_staging_transaction_id is not null)
    order by s.row_number, s.staging_transaction_id
    limit ${limit}`);
  return rows as unknown as DuplicateMatch[];
}
