// Issue 17 "Speed and size": VALIDATE THIS BATCH promotes 1,000,000 validated staging transactions in
// at most 2x the time of an INSERT … SELECT of the same rows alone, measured in one run. On a throwaway
// database of the PostgreSQL server on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres):
//   node --import tsx bench/promotion.bench.ts
// BENCH_STAGING_ROWS changes the size. The bare INSERT … SELECT writes the same columns (provenance too)
// into the same table, with its indexes and count triggers, inside a transaction that is rolled back
// (after a warm-up run); the table is vacuumed, then the promotion runs through the real route
// (PUT /batches/validate).
import pg from 'pg';
import { createSignedInUser } from '../apps/server/test/test-context';
import { loadAverage, withStagedBatch } from './staging-seed';

const ROWS = Number(process.env.BENCH_STAGING_ROWS ?? 1_000_000);

const BARE_INSERT = `insert into transactions (client_id, account_id, transaction_date, description, amount,
    keyword_id, file_id, batch_id, batch_file_id, source_row_number, source_sheet_name, staging_transaction_id)
  select s.client_id, ba.account_id, s.transaction_date, s.description, s.amount, s.keyword_id, f.file_id,
    s.batch_id, s.batch_file_id, s.row_number, s.sheet_name, s.staging_transaction_id
  from staging_transactions s
  join batch_accounts ba on ba.batch_account_id = s.batch_account_id
  join batch_files f on f.batch_file_id = s.batch_file_id
  where s.validation_status`;

await withStagedBatch(
  { name: 'promotion', rows: ROWS, status: 'Validated', validated: 'true' },
  async (ctx, { url, batchId, rows, seedMs }) => {
    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    // The first bulk insert also grows the table's files and warms the caches; both measured runs start
    // from that state, so the first one is a warm-up, rolled back like the measured one.
    const bareInsert = async () => {
      await raw.query('begin');
      const started = process.hrtime.bigint();
      const inserted = (await raw.query(BARE_INSERT)).rowCount ?? 0;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      await raw.query('rollback');
      await raw.query('vacuum analyze transactions');
      return { rows: inserted, ms };
    };
    let bare: { rows: number; ms: number };
    try {
      await bareInsert();
      bare = await bareInsert();
    } finally {
      await raw.end();
    }

    const user = await createSignedInUser(ctx, 'Admin');
    const started = process.hrtime.bigint();
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: '/api/data-ingestion/batches/validate',
      headers: user.auth,
      payload: { accounts: [{ batchId }] },
    });
    const promotionMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (answer.statusCode !== 200) throw new Error(`promotion: ${answer.statusCode} ${answer.body}`);
    const promoted = (answer.json() as { batches: { promoted: { transactions: number } }[] }).batches[0]!
      .promoted.transactions;

    console.log(
      JSON.stringify(
        {
          rows,
          seedMs,
          loadAverage: loadAverage(),
          bareInsertSelect: { rows: bare.rows, ms: Math.round(bare.ms) },
          promotion: { rows: promoted, ms: Math.round(promotionMs) },
          ratio: +(promotionMs / bare.ms).toFixed(2),
        },
        null,
        2,
      ),
    );
  },
);
