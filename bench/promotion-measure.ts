import pg from 'pg';

// promotion.bench.ts's yardstick, shared with reconciliation.bench.ts: the validated staging rows
// inserted into the books by a bare INSERT … SELECT of the same columns the promotion writes
// (provenance and bank reference too), into the same table with its indexes and count triggers.

const BARE_INSERT = `insert into transactions (client_id, account_id, transaction_date, description, amount,
    keyword_id, file_id, batch_id, batch_file_id, source_row_number, source_sheet_name,
    staging_transaction_id, bank_reference)
  select s.client_id, ba.account_id, s.transaction_date, s.description, s.amount, s.keyword_id, f.file_id,
    s.batch_id, s.batch_file_id, s.row_number, s.sheet_name, s.staging_transaction_id, s.bank_reference
  from staging_transactions s
  join batch_accounts ba on ba.batch_account_id = s.batch_account_id
  join batch_files f on f.batch_file_id = s.batch_file_id
  where s.validation_status`;

/**
 * The bare INSERT … SELECT, twice, each in a transaction rolled back and the table vacuumed after: the
 * first bulk insert also grows the table's files and warms the caches, and both measured runs start
 * from that state, so the first one is a warm-up. Answers the second.
 */
export async function measureBareInsert(url: string): Promise<{ rows: number; ms: number }> {
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  const bareInsert = async () => {
    await raw.query('begin');
    const started = process.hrtime.bigint();
    const inserted = (await raw.query(BARE_INSERT)).rowCount ?? 0;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    await raw.query('rollback');
    await raw.query('vacuum analyze transactions');
    return { rows: inserted, ms };
  };
  try {
    await bareInsert();
    return await bareInsert();
  } finally {
    await raw.end();
  }
}
