import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { clearFlagsPointingAt } from './flag-duplicates.queries';

// What extraction does in SQL around a file's rows, inside its transaction (ingestion.md step 6).

const STAGING_TABLES = [
  'staging_statements',
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
  await clearFlagsPointingAt(db, sql`o.duplicate_of_batch_file_id = any(${ints(batchFileIds)})`);
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
 * The one lock order of every transaction that writes about batch accounts (issue 40 point 3): their
 * rows, locked FOR NO KEY UPDATE in id order, before anything else is written about them. Not FOR
 * UPDATE: that conflicts with the KEY SHARE lock every staged row's foreign key takes, so two files of
 * one account, each holding its rows' KEY SHARE, waited on each other's for the status update (a
 * deadlock every time two workers staged files of one account).
 */
export async function lockBatchAccounts(db: DbOrTx, batchAccountIds: readonly number[]): Promise<void> {
  if (batchAccountIds.length === 0) return;
  await db.execute(sql`select 1 from batch_accounts where batch_account_id = any(${ints(batchAccountIds)})
    order by batch_account_id for no key update`);
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
      order by ba.batch_account_id
      for no key update of ba)
    update batch_accounts ba set status = next.after, updated_at = now()
    from next where next.batch_account_id = ba.batch_account_id and next.after <> next.before
    returning ba.batch_account_id as "batchAccountId", ba.client_id as "clientId", next.before, next.after`);
  return rows as { batchAccountId: number; clientId: number; before: string; after: string }[];
}

/** What one flagged row of a file matches: a transaction in the books, or a row of another file. */
export interface DuplicateMatch {
  rule: 'reference' | 'match';
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
  const { rows } = await db.execute(sql`select s.duplicate_rule as rule, s.row_number as "rowNumber",
      s.sheet_name as "sheetName",
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

/** One statement of the file for one batch account (staging_statements), as the reader stated it. */
export interface StagedStatement {
  batchAccountId: number;
  statementIndex: number;
  statementRef: string | null;
  fromDate: string | null;
  toDate: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
  balanceSource: 'statement' | 'balance column' | 'stated' | 'none';
  entryCount: number;
}

export async function insertStagingStatements(
  db: DbOrTx,
  refs: { clientId: number; batchId: number; batchFileId: number },
  statements: readonly StagedStatement[],
): Promise<void> {
  if (statements.length === 0) return;
  const column = <K extends keyof StagedStatement>(key: K) => statements.map((s) => s[key]);
  await db.execute(sql`insert into staging_statements (client_id, batch_id, batch_account_id, batch_file_id,
      statement_index, statement_ref, from_date, to_date, opening_balance, closing_balance, balance_source,
      entry_count)
    select ${refs.clientId}, ${refs.batchId}, x.a, ${refs.batchFileId}, x.i, x.ref, x.f, x.t, x.o, x.c, x.src, x.n
    from unnest(${ints(column('batchAccountId'))}, ${ints(column('statementIndex'))},
      ${sql.param(column('statementRef'))}::text[], ${sql.param(column('fromDate'))}::date[],
      ${sql.param(column('toDate'))}::date[], ${sql.param(column('openingBalance'))}::numeric[],
      ${sql.param(column('closingBalance'))}::numeric[], ${sql.param(column('balanceSource'))}::text[],
      ${ints(column('entryCount'))}) as x(a, i, ref, f, t, o, c, src, n)`);
}
