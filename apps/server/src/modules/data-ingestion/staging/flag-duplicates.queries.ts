import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';

// ingestion.md step 6 as issue 39 point 2 makes it: possible duplicates, each with the rule that
// raised it, so that a person can keep or drop it. Two rules, in this order:
//
// - reference: a staged row carrying the bank's own reference of the entry (FITID, BAI2 bank
//   reference, camt AcctSvcrRef, MT940 bank reference) is a duplicate of the account's booked row of
//   the same reference, else of a row of the same reference in another live file. Two rows that both
//   carry references and differ in them are different entries, whatever else they share.
// - match: date, amount and description, counted. The file's rows alike are numbered 1..n in file
//   order; the k-th is a duplicate of the k-th such booked row, else of the k-th such row of another
//   live file. A statement with three identical $5 fees against books holding one flags one of them:
//   N identical real rows are kept as N.
//
// Rows of an older file are never flagged against a newer one pointing at them, so of two copies only
// the later is the possible duplicate. Dates bound every comparison with staged rows to the file's own;
// the books are searched by reference through transactions_account_reference_idx and by date through
// transactions_account_date_idx.

interface FileScope {
  batchFileId: number;
  minDate: string;
  maxDate: string;
}

/** The file's scope with the accounts it touches, as constants the planner can use with the indexes. */
interface FileAccounts extends FileScope {
  /** The books' accounts of the file's rows. */
  accountIds: number[];
  /** Every batch account of those accounts (other batches' included): where other files' rows are. */
  siblingIds: number[];
}

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** A flagged row's pointers, rule and decision, cleared: the file is about to be matched again. */
export async function clearFileDuplicates(db: DbOrTx, batchFileId: number): Promise<void> {
  await db.execute(sql`update staging_transactions set duplicate_of_transaction_id = null,
      duplicate_of_staging_transaction_id = null, duplicate_of_batch_file_id = null,
      duplicate_rule = null, duplicate_decision = null
    where batch_file_id = ${batchFileId}
      and (duplicate_rule is not null or duplicate_of_transaction_id is not null
        or duplicate_of_staging_transaction_id is not null)`);
}

/**
 * Rows flagged against staged rows about to go (`pointsAt`, a condition on the flagged row) lose the
 * flag and its decision: the row pointer would clear itself (on delete set null), the file pointer,
 * rule and decision would stay and name a row that is gone.
 */
export async function clearFlagsPointingAt(db: DbOrTx, pointsAt: SQL): Promise<void> {
  await db.execute(sql`update staging_transactions o
    set duplicate_of_staging_transaction_id = null, duplicate_of_batch_file_id = null,
      duplicate_rule = null, duplicate_decision = null
    where ${pointsAt}`);
}

const counted = async (db: DbOrTx, statement: ReturnType<typeof sql>) =>
  (await db.execute(statement)).rows.length;

function flagReferencesInBooks(db: DbOrTx, f: FileAccounts) {
  return counted(
    db,
    sql`update staging_transactions s
      set duplicate_of_transaction_id = m.transaction_id, duplicate_rule = 'reference'
      from (select distinct on (s2.staging_transaction_id) s2.staging_transaction_id as id, t.transaction_id
        from staging_transactions s2
        join batch_accounts ba on ba.batch_account_id = s2.batch_account_id
        join transactions t on t.account_id = ba.account_id and t.bank_reference = s2.bank_reference
        where s2.batch_file_id = ${f.batchFileId} and s2.bank_reference is not null
        order by s2.staging_transaction_id, t.transaction_id) m
      where s.staging_transaction_id = m.id
      returning 1`,
  );
}

function flagReferencesInStaging(db: DbOrTx, f: FileAccounts) {
  return counted(
    db,
    sql`update staging_transactions s
      set duplicate_of_staging_transaction_id = m.other_id, duplicate_of_batch_file_id = m.other_file_id,
        duplicate_rule = 'reference'
      from (select distinct on (s2.staging_transaction_id) s2.staging_transaction_id as id,
          o.staging_transaction_id as other_id, o.batch_file_id as other_file_id
        from staging_transactions s2
        join batch_accounts ba on ba.batch_account_id = s2.batch_account_id
        join batch_accounts oba on oba.client_id = ba.client_id and oba.account_id = ba.account_id
        join staging_transactions o on o.batch_account_id = oba.batch_account_id
          and o.bank_reference = s2.bank_reference and o.batch_file_id <> s2.batch_file_id
        join batch_files bf on bf.batch_file_id = o.batch_file_id and bf.status not in ('Replaced', 'Failed')
        where s2.batch_file_id = ${f.batchFileId} and s2.bank_reference is not null
          and s2.duplicate_of_transaction_id is null
          and o.batch_account_id = any(${ints(f.siblingIds)})
          and o.transaction_date between ${f.minDate}::date and ${f.maxDate}::date
          and o.duplicate_of_staging_transaction_id is distinct from s2.staging_transaction_id
        order by s2.staging_transaction_id, o.batch_file_id, o.staging_transaction_id) m
      where s.staging_transaction_id = m.id and s.batch_file_id = ${f.batchFileId}
      returning 1`,
  );
}

/**
 * The file's rows of one class (with a bank reference or without) not flagged by reference, numbered
 * within their (account, date, amount, description) in file order.
 */
const fileRowsAlike = (f: FileAccounts, withReference: boolean) => sql`select s.staging_transaction_id as id,
    s.duplicate_of_transaction_id is null as is_open, ba.client_id, ba.account_id,
    s.transaction_date as d, s.amount as a, s.description as x,
    row_number() over (partition by ba.account_id, s.transaction_date, s.amount, s.description
      order by s.sheet_name nulls first, s.row_number, s.staging_transaction_id) as k
  from staging_transactions s
  join batch_accounts ba on ba.batch_account_id = s.batch_account_id
  where s.batch_file_id = ${f.batchFileId} and (s.bank_reference is not null) = ${withReference}
    and s.duplicate_rule is distinct from 'reference'`;

function flagMatchesInBooks(db: DbOrTx, f: FileAccounts, withReference: boolean) {
  // A row with a reference is compared with booked rows without one only: with both, the reference rule decided.
  return counted(
    db,
    sql`with f as (${fileRowsAlike(f, withReference)}),
      b as (select t.transaction_id, t.account_id, t.transaction_date as d, t.amount as a, t.description as x,
          row_number() over (partition by t.account_id, t.transaction_date, t.amount, t.description
            order by t.transaction_id) as k
        from transactions t
        where t.account_id = any(${ints(f.accountIds)})
          and t.transaction_date between ${f.minDate}::date and ${f.maxDate}::date
          and (${!withReference} or t.bank_reference is null)
          and exists (select 1 from f where f.account_id = t.account_id and f.d = t.transaction_date
            and f.a = t.amount and f.x = t.description))
      update staging_transactions s set duplicate_of_transaction_id = b.transaction_id, duplicate_rule = 'match'
      from f join b on b.account_id = f.account_id and b.d = f.d and b.a = f.a and b.x = f.x and b.k = f.k
      where s.staging_transaction_id = f.id and f.is_open and s.batch_file_id = ${f.batchFileId}
      returning 1`,
  );
}

function flagMatchesInStaging(db: DbOrTx, f: FileAccounts, withReference: boolean) {
  return counted(
    db,
    sql`with f as (${fileRowsAlike(f, withReference)}),
      g as (select o.staging_transaction_id as other_id, o.batch_file_id as other_file_id, oba.account_id,
          o.transaction_date as d, o.amount as a, o.description as x,
          o.duplicate_of_staging_transaction_id as points_at,
          row_number() over (partition by o.batch_file_id, oba.account_id, o.transaction_date, o.amount,
            o.description order by o.sheet_name nulls first, o.row_number, o.staging_transaction_id) as k
        from batch_accounts oba
        join staging_transactions o on o.batch_account_id = oba.batch_account_id
        join batch_files bf on bf.batch_file_id = o.batch_file_id and bf.status not in ('Replaced', 'Failed')
        where oba.account_id in (select account_id from f)
          and oba.client_id in (select client_id from f)
          and o.batch_account_id = any(${ints(f.siblingIds)})
          and o.batch_file_id <> ${f.batchFileId}
          and o.transaction_date between ${f.minDate}::date and ${f.maxDate}::date
          and (${!withReference} or o.bank_reference is null)
          and exists (select 1 from f where f.account_id = oba.account_id and f.d = o.transaction_date
            and f.a = o.amount and f.x = o.description)),
      m as (select distinct on (f.id) f.id, g.other_id, g.other_file_id
        from f join g on g.account_id = f.account_id and g.d = f.d and g.a = f.a and g.x = f.x and g.k = f.k
        where f.is_open and g.points_at is distinct from f.id
        order by f.id, g.other_file_id)
      update staging_transactions s
      set duplicate_of_staging_transaction_id = m.other_id, duplicate_of_batch_file_id = m.other_file_id,
        duplicate_rule = 'match'
      from m where s.staging_transaction_id = m.id and s.batch_file_id = ${f.batchFileId}
      returning 1`,
  );
}

/**
 * Flags the file's possible duplicates by both rules (its earlier flags must be cleared first) and
 * answers how many of its rows are flagged.
 */
export async function flagFileDuplicates(db: DbOrTx, scope: FileScope): Promise<number> {
  const f = await findFileAccounts(db, scope);
  if (f.accountIds.length === 0) return 0;
  // A reference is looked up in the books' index, row by row: linear in the file's rows.
  let flagged = await flagReferencesInBooks(db, f);
  // The file's rows were written in this transaction, unseen by the planner's statistics: it would
  // take them for a handful and look each one up among the file's own rows (quadratic: 50,000 rows
  // took 7.6 s, a million never ended). Hash joins keep the other passes linear; merge joins are off
  // too, since one on the account alone paired every booked row of the month with every row of the
  // file (576 s for 83,000 rows in bench/reconciliation.bench.ts). The accounts as constants let the
  // index scans find only their rows: a 100-row file no longer reads the whole books (522 -> 59 ms).
  await db.execute(sql`set local enable_nestloop = off`);
  await db.execute(sql`set local enable_mergejoin = off`);
  flagged += await flagReferencesInStaging(db, f);
  for (const withReference of [false, true]) {
    flagged += await flagMatchesInBooks(db, f, withReference);
    flagged += await flagMatchesInStaging(db, f, withReference);
  }
  await db.execute(sql`set local enable_nestloop to default`);
  await db.execute(sql`set local enable_mergejoin to default`);
  return flagged;
}

async function findFileAccounts(db: DbOrTx, scope: FileScope): Promise<FileAccounts> {
  const { rows } =
    await db.execute(sql`select coalesce(array_agg(distinct ba.account_id), '{}') as "accountIds",
      coalesce(array_agg(distinct oba.batch_account_id), '{}') as "siblingIds"
    from (select distinct batch_account_id from staging_transactions where batch_file_id = ${scope.batchFileId}) x
    join batch_accounts ba on ba.batch_account_id = x.batch_account_id
    join batch_accounts oba on oba.client_id = ba.client_id and oba.account_id = ba.account_id`);
  const found = rows[0] as { accountIds: number[]; siblingIds: number[] } | undefined;
  return { ...scope, accountIds: found?.accountIds ?? [], siblingIds: found?.siblingIds ?? [] };
}
