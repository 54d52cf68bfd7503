// Issue 17 "Speed and size": VALIDATE THIS BATCH promotes 1,000,000 validated staging transactions in
// at most 2x the time of an INSERT … SELECT of the same rows alone, measured in one run. On a throwaway
// database of the PostgreSQL server on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres):
//   node --import tsx bench/promotion.bench.ts
// BENCH_STAGING_ROWS changes the size. 3 staged rows in 4 carry a bank reference (issue 39), which the
// promotion copies and indexes. The bare INSERT … SELECT writes the same columns (provenance and bank
// reference too) into the same table, with its indexes and count triggers, inside a transaction that is
// rolled back (after a warm-up run; promotion-measure.ts); the table is vacuumed, then the promotion runs
// through the real route (PUT /batches/validate).
import { createSignedInUser } from '../apps/server/test/test-context';
import { measureBareInsert } from './promotion-measure';
import { loadAverage, withStagedBatch } from './staging-seed';

const ROWS = Number(process.env.BENCH_STAGING_ROWS ?? 1_000_000);

await withStagedBatch(
  { name: 'promotion', rows: ROWS, status: 'Validated', validated: 'true', bankReferences: true },
  async (ctx, { url, batchId, rows, seedMs }) => {
    const bare = await measureBareInsert(url);

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
