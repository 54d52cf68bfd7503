// Issue 39 "Speed": possible duplicates and reconciliation of 1,000,000 staged rows against 10,000,000
// booked rows, with the promotion kept within 2x a bare INSERT … SELECT. On a throwaway database of the
// PostgreSQL server on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres):
//   node --import tsx bench/reconciliation.bench.ts      (or npm run bench -- reconciliation)
// The books: BENCH_TX_ROWS (10,000,000) transactions of one account, 2023-01-01 to 2025-12-30, half of
// them with a bank reference, loaded by COPY (transactions-load.ts). The staged year: BENCH_STAGING_ROWS
// (1,000,000) rows of 2025 in 12 monthly files with their statements, some thousands repeating booked
// rows or the previous file's last day (reconciliation-seed.ts). Each file is staged and flagged in one
// transaction, committed, as extraction does; then a 100-row file sent later (rolled back), the
// reconciliation read, the Validate Batch list, the account's Validate and the promotion.
// BENCH_EXPLAIN=1,12,correction,read writes EXPLAIN (ANALYZE, BUFFERS) of those files' flagging (run
// first in a savepoint, rolled back) and of the reconciliation read to bench/out/reconciliation-plans.txt;
// BENCH_SKIP_PROMOTION=1 stops before the promotion. Progress goes to stderr, the figures to stdout (JSON).
import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../apps/server/src/db/open-database';
import { checkBatchAccounts } from '../apps/server/src/modules/data-ingestion/reconciliation/account-reconciliations';
import { flagFileDuplicates } from '../apps/server/src/modules/data-ingestion/staging/flag-duplicates.queries';
import { createSignedInUser } from '../apps/server/test/test-context';
import { measureBareInsert } from './promotion-measure';
import * as seed from './reconciliation-seed';
import { BATCH_SEED, loadAverage, withBenchDatabase } from './staging-seed';
import { openTracedDatabase, type TracedStatement } from './statement-trace';
import { loadTransactions } from './transactions-load';

type FileScope = Parameters<typeof flagFileDuplicates>[1];

const STAGED_ROWS = Number(process.env.BENCH_STAGING_ROWS ?? 1_000_000);
const BOOKED_ROWS = Number(process.env.BENCH_TX_ROWS ?? 10_000_000);
const PER_FILE = Math.ceil(STAGED_ROWS / 12);
const EXPLAIN = new Set((process.env.BENCH_EXPLAIN ?? '').split(',').filter(Boolean));
const RUNS = 5;
const CORRECTION_ROWS = 100;

const started = Date.now();
const log = (msg: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${msg}`);
const plans: string[] = [];
const keepPlans = (title: string, statements: readonly TracedStatement[]) => {
  for (const s of statements)
    if (s.plan) plans.push(`== ${title}\n${s.text}\n${JSON.stringify(s.values)}\n\n${s.plan}\n`);
};
const msSince = (t: number) => Math.round(performance.now() - t);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** flagFileDuplicates' statements named by rule and where they look; the two match passes in order. */
function nameFlagStatements(statements: readonly TracedStatement[]) {
  const seen = new Map<string, number>();
  return statements
    .filter((s) => !/^\s*set\b/i.test(s.text))
    .map((s) => {
      const rule = s.text.includes("duplicate_rule = 'reference'") ? 'reference' : 'match';
      const where = /\btransactions t\b/.test(s.text) ? 'books' : 'staging';
      const key = `${rule} in ${where}`;
      const nth = (seen.get(key) ?? 0) + 1;
      seen.set(key, nth);
      const rows = rule === 'match' ? (nth === 1 ? ', rows without reference' : ', rows with one') : '';
      return { statement: `${key}${rows}`, ms: Math.round(s.ms), flagged: s.rows };
    });
}

await withBenchDatabase('reconciliation', async (ctx, url) => {
  const traced = await openTracedDatabase(url);
  try {
    const raw = traced.client;
    await raw.query(BATCH_SEED.replaceAll('STATUS', 'Needs Validation'));
    const { rows: ids } = await raw.query<{
      batchId: number;
      batchAccountId: number;
      accountId: number;
      clientId: number;
    }>(`select batch_id as "batchId", batch_account_id as "batchAccountId", account_id as "accountId",
        client_id as "clientId" from batch_accounts`);
    const { batchId, batchAccountId, accountId, clientId } = ids[0]!;

    // The books: the staged rows' copies first, then the rest by COPY (indexes rebuilt, vacuumed).
    let t = performance.now();
    const copies = (await raw.query(seed.insertBookedCopies(PER_FILE))).rowCount ?? 0;
    await loadTransactions({
      databaseUrl: url,
      accounts: [{ accountId, clientId }],
      totalRows: BOOKED_ROWS - copies,
      bankReferenceOf: seed.BOOKS_REFERENCE_OF,
      log,
    });
    const loadMs = msSince(t);

    // flagFileDuplicates timed statement by statement; EXPLAIN ANALYZE first, in a savepoint, if asked.
    const flagTimed = async (db: DbOrTx, scope: FileScope, name: string) => {
      if (EXPLAIN.has(name)) {
        await db.execute(sql`savepoint explained`);
        traced.take();
        traced.explain = true;
        await flagFileDuplicates(db, scope);
        traced.explain = false;
        keepPlans(`${name} (${scope.minDate} to ${scope.maxDate})`, traced.take());
        await db.execute(sql`rollback to savepoint explained`);
      }
      traced.take();
      const at = performance.now();
      const flagged = await flagFileDuplicates(db, scope);
      const ms = msSince(at);
      return { ...scope, flagged, ms, statements: nameFlagStatements(traced.take()) };
    };
    const scopeOf = async (db: DbOrTx, fileName: string) => {
      const { rows } = await db.execute(sql`select bf.batch_file_id as "batchFileId",
          min(s.transaction_date)::text as "minDate", max(s.transaction_date)::text as "maxDate"
        from batch_files bf join staging_transactions s using (batch_file_id)
        where bf.uploaded_file_name = ${fileName} group by 1`);
      return rows[0] as unknown as FileScope;
    };

    // The 12 files, one transaction each as extraction: rows, statement, then the duplicates.
    const files = [];
    for (let m = 1; m <= 12; m++) {
      files.push(
        await traced.db.transaction(async (tx) => {
          const stagedAt = performance.now();
          for (const statement of seed.insertFileRows(m, PER_FILE)) await tx.execute(sql.raw(statement));
          await tx.execute(sql.raw(seed.insertFileStatement(m)));
          const stageMs = msSince(stagedAt);
          const flags = await flagTimed(tx, await scopeOf(tx, `statement-${m}.csv`), String(m));
          log(`file ${m}: staged in ${stageMs} ms, ${flags.flagged} flagged in ${flags.ms} ms`);
          return { file: m, stageMs, ...flags };
        }),
      );
    }
    const byRule = async (statement: string) => {
      const { rows } = await raw.query<{ m: number; flag: string; n: number }>(statement);
      const totals: Record<string, number> = {};
      for (const r of rows) totals[r.flag] = (totals[r.flag] ?? 0) + r.n;
      return totals;
    };
    const flaggedByRule = await byRule(seed.flaggedRows);
    const expectedByRule = await byRule(seed.expectedFlags(PER_FILE));

    // Autovacuum's pass after an extraction; then a small file sent later, flagged and rolled back:
    // what any file pays whatever its size.
    await raw.query('vacuum analyze staging_transactions');
    await raw.query('begin');
    let correction;
    try {
      for (const statement of seed.insertCorrectionFile(CORRECTION_ROWS, PER_FILE))
        await raw.query(statement);
      correction = {
        rows: CORRECTION_ROWS,
        ...(await flagTimed(traced.db, await scopeOf(traced.db, 'correction.csv'), 'correction')),
      };
    } finally {
      await raw.query('rollback');
    }
    log(`correction file: ${correction!.flagged} of ${CORRECTION_ROWS} rows flagged in ${correction!.ms} ms`);

    // The reads of the Validate Batch dialog.
    const readMs: number[] = [];
    let check;
    for (let i = 0; i < RUNS; i++) {
      traced.take();
      t = performance.now();
      check = (await checkBatchAccounts(traced.db, [batchAccountId])).get(batchAccountId)!;
      readMs.push(performance.now() - t);
    }
    const readStatements = traced.take().map((s) => ({ ms: Math.round(s.ms), rows: s.rows, s }));
    if (EXPLAIN.has('read')) {
      traced.explain = true;
      for (const { s } of readStatements) await raw.query(s.text, s.values);
      traced.explain = false;
      keepPlans('reconciliation read', traced.take());
    }

    const user = await createSignedInUser(ctx, 'Admin');
    const inject = async (method: 'GET' | 'PUT', path: string, payload?: object) => {
      const at = performance.now();
      const answer = await ctx.app.inject({
        method,
        url: `/api/data-ingestion/${path}`,
        headers: user.auth,
        ...(payload ? { payload } : {}),
      });
      const ms = performance.now() - at;
      if (answer.statusCode !== 200)
        throw new Error(`${method} ${path}: ${answer.statusCode} ${answer.body}`);
      return { ms, body: answer.json() as unknown, bytes: answer.rawPayload.length };
    };
    const listMs: number[] = [];
    let list;
    for (let i = 0; i < RUNS; i++) {
      list = await inject('GET', `accounts/all/${batchId}`);
      listMs.push(list.ms);
    }
    const listed = (list!.body as { reconciliation: { status: string } | null }[])[0]!;

    // A person keeps every possible duplicate (so the same rows go in as by the bare insert), then
    // Validate: the reconciliation gate, the rows already Yes.
    await raw.query(`update staging_transactions set duplicate_decision = 'keep'
      where duplicate_rule is not null`);
    const validate = await inject('PUT', 'accounts/validate', { accounts: [{ batchAccountId }] });

    let promotion = null;
    if (process.env.BENCH_SKIP_PROMOTION !== '1') {
      log('bare INSERT … SELECT, warm-up and measured');
      const bare = await measureBareInsert(url);
      log('promotion');
      const promoted = await inject('PUT', 'batches/validate', { accounts: [{ batchId }] });
      const rows = (promoted.body as { batches: { promoted: { transactions: number } }[] }).batches[0]!
        .promoted.transactions;
      promotion = {
        bareInsertSelect: { rows: bare.rows, ms: Math.round(bare.ms) },
        promotion: { rows, ms: Math.round(promoted.ms) },
        ratio: +(promoted.ms / bare.ms).toFixed(2),
      };
    }

    if (plans.length > 0) {
      mkdirSync(new URL('./out/', import.meta.url), { recursive: true });
      writeFileSync(new URL('./out/reconciliation-plans.txt', import.meta.url), plans.join('\n'));
    }
    console.log(
      JSON.stringify(
        {
          bookedRows: BOOKED_ROWS,
          bookedCopiesOfStagedRows: copies,
          stagedRows: PER_FILE * 12,
          loadAverage: loadAverage(),
          loadMs,
          flagFileDuplicates: {
            totalMs: files.reduce((sum, f) => sum + f.ms, 0),
            flagged: files.reduce((sum, f) => sum + f.flagged, 0),
            byRule: flaggedByRule,
            expectedByRule,
            files,
            correction,
          },
          checkBatchAccounts: {
            medianMs: Math.round(median(readMs)),
            runsMs: readMs.map(Math.round),
            statements: readStatements.map(({ ms, rows }) => ({ ms, rows })),
            status: check!.reconciliation.status,
            explanation: check!.reconciliation.explanation,
            duplicates: check!.duplicates,
          },
          validateBatchList: {
            medianMs: Math.round(median(listMs)),
            runsMs: listMs.map(Math.round),
            bytes: list!.bytes,
            status: listed.reconciliation?.status,
          },
          validateAccountMs: Math.round(validate.ms),
          promotion,
          totalMs: Date.now() - started,
        },
        null,
        2,
      ),
    );
  } finally {
    await traced.close();
  }
});
