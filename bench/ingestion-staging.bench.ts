// Issue 16 "Speed and size": a 1,000,000-row statement CSV from upload complete (POST
// /start-extraction) to its staging rows committed (the file Extracted), against a plain COPY of the same
// rows into the same table in the same run; and the peak RSS of the process doing the extraction.
//   node --import tsx bench/ingestion-staging.bench.ts            both databases, one after the other
//   BENCH_MODE=postgres|pglite …                                  one of them
// PostgreSQL: a throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// the extraction runs in a real worker process (src/worker.ts), whose peak RSS (VmHWM) is read from
// /proc. PGlite (embedded mode): jobs run inside the server process, which also hosts the database, so
// its peak is the whole server's. BENCH_ROWS changes the size. Each mode runs in a child process of its own.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StartExtractionResult } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { batchFiles } from '../apps/server/src/db/schema';
import { defineJobs } from '../apps/server/src/jobs';
import { EXTRACT_BATCH_FILE_JOB } from '../apps/server/src/modules/data-ingestion/extraction/extract-batch-file.job';
import {
  createExtractionWorld,
  CSV_HEADER,
  startExtraction,
  uploadToBatch,
} from '../apps/server/test/extraction-fixtures';
import { createClients, createSignedInUser } from '../apps/server/test/test-context';
import { createTestContextOn, spawnWorker } from '../apps/server/test/worker-process';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const mode = process.argv[2];

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Peak (VmHWM) and current (VmRSS) resident set of a process, in MB. */
function rssOf(pid: number | 'self'): { peakMb: number; nowMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]);
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 };
}

if (!mode) {
  // The parent: one child per database, so neither's memory or caches leak into the other's figures.
  const modes = process.env.BENCH_MODE ? [process.env.BENCH_MODE] : ['postgres', 'pglite'];
  const self = fileURLToPath(import.meta.url);
  for (const m of modes)
    execFileSync(process.execPath, ['--import', 'tsx', self, m], { stdio: 'inherit', env: process.env });
} else {
  await runMode(mode === 'pglite' ? 'pglite' : 'postgres');
}

/** A statement of ROWS rows over the batch's 2 accounts and July's 31 days, in the template's csv layout. */
function statementCsv(accountNumbers: readonly string[]): Buffer {
  const parts: string[] = [`${CSV_HEADER}\r\n`];
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 31) + 1).padStart(2, '0');
    const cents = ((i * 7919) % 2_000_000) - 1_000_000;
    chunk += `${accountNumbers[i % accountNumbers.length]},07/${day}/2026,ACH ${i % 2 ? 'CREDIT' : 'DEBIT'} REF ${i},${(cents / 100).toFixed(2)}\r\n`;
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return Buffer.from(parts.join(''));
}

async function runMode(which: 'postgres' | 'pglite') {
  const started = Date.now();
  const log = (msg: string) =>
    console.log(`[${which} ${((Date.now() - started) / 1000).toFixed(0)} s] ${msg} (load ${loadAverage()})`);
  const dbName = `tideline_bench_staging_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let dataDir: string | null = null;
  let ctx: Awaited<ReturnType<typeof createTestContextOn>> | null = null;
  let worker: ReturnType<typeof spawnWorker> | null = null;
  let databaseUrl: string | undefined;
  if (which === 'postgres') {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  try {
    // PGlite on disk (DATA_DIR/pgdata) as embedded mode runs it; openDatabase starts it in this process.
    ctx = await createTestContextOn(databaseUrl ?? '', {
      LOG_LEVEL: 'silent',
      EXTRACTION_JOB_EXPIRE_SECONDS: '3600',
    });
    dataDir = ctx.dataDir;
    defineJobs(ctx.platform);
    const admin1 = await createSignedInUser(ctx, 'Admin');
    const [clientId] = await createClients(ctx, 1, 'Bench staging');
    const world = await createExtractionWorld(ctx, admin1, clientId!);
    const csv = statementCsv(world.accounts.map((a) => a.accountNumber));
    log(`csv of ${ROWS.toLocaleString('en-US')} rows, ${(csv.length / 1e6).toFixed(1)} MB, uploading`);
    const fileId = await uploadToBatch(ctx, admin1, world, 'statement.csv', csv);
    log('uploaded and completed');

    if (which === 'postgres') {
      await ctx.platform.jobs.start({ work: false });
      worker = spawnWorker(ctx, { LOG_LEVEL: 'info', EXTRACTION_JOB_EXPIRE_SECONDS: '3600' });
      // Idle until the worker has started (its boss polls the queue).
      while (!/Worker started/.test(worker.output()) && worker.child.exitCode === null) await sleep(100);
      if (worker.child.exitCode !== null) throw new Error(worker.output());
    } else {
      await ctx.platform.jobs.start({ work: true, queues: [EXTRACT_BATCH_FILE_JOB] });
    }
    const pid = worker ? worker.child.pid! : 'self';
    // The peak counts from here: reset this process's high-water mark (the upload's buffers).
    if (pid === 'self') writeFileSync('/proc/self/clear_refs', '5');
    const before = rssOf(pid);

    // Which statement the database is running, sampled every 200 ms: where the time goes.
    const profile = new Map<string, number>();
    const sampler = new pg.Client({ connectionString: ctx.database.url });
    let sampling = which === 'postgres';
    if (sampling) await sampler.connect();
    const sampled = (async () => {
      while (sampling) {
        const { rows } = await sampler.query<{ q: string }>(
          `select regexp_replace(left(query, 70), '\\s+', ' ', 'g') as q from pg_stat_activity
            where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
              and query not like '%pgboss%'`,
        );
        for (const r of rows) profile.set(r.q, (profile.get(r.q) ?? 0) + 200);
        await sleep(200);
      }
    })();

    const t0 = performance.now();
    const res = await startExtraction(ctx, admin1, world.batchId, [fileId]);
    if (res.statusCode !== 200) throw new Error(res.body);
    const { fileAuditId } = (res.json() as StartExtractionResult).files[0]!;
    let status = 'Queued';
    let peakNowMb = before.nowMb;
    while (status === 'Queued' || status === 'In Progress') {
      await sleep(50);
      peakNowMb = Math.max(peakNowMb, rssOf(pid).nowMb);
      const [row] = await ctx.database.db
        .select({ status: batchFiles.status, message: batchFiles.extractionMessage })
        .from(batchFiles)
        .where(eq(batchFiles.batchFileId, fileAuditId));
      status = row!.status;
      if (status === 'Failed') throw new Error(row!.message ?? 'failed');
    }
    const oursMs = performance.now() - t0;
    const after = rssOf(pid);
    sampling = false;
    await sampled;
    log(`ours: ${(oursMs / 1000).toFixed(1)} s, peak RSS ${after.peakMb.toFixed(0)} MB`);

    let copyMs: number | null = null;
    if (which === 'postgres') {
      // The same rows, as the extraction staged them, COPYed into the same (emptied) table.
      const raw = new pg.Client({ connectionString: ctx.database.url });
      await raw.connect();
      const columns =
        'client_id, batch_id, batch_account_id, batch_file_id, row_number, sheet_name, transaction_date, description, amount, keyword_id';
      const chunks: Buffer[] = [];
      await pipeline(
        raw.query(
          copyTo(
            `COPY (select ${columns} from staging_transactions where batch_file_id = ${fileAuditId}) TO STDOUT`,
          ),
        ),
        new Writable({
          write(c: Buffer, _e, done) {
            chunks.push(c);
            done();
          },
        }),
      );
      await raw.query('delete from staging_transactions where batch_file_id = $1', [fileAuditId]);
      await raw.query('VACUUM ANALYZE staging_transactions');
      const t1 = performance.now();
      await raw.query('begin');
      await pipeline(
        Readable.from(chunks),
        raw.query(copyFrom(`COPY staging_transactions (${columns}) FROM STDIN`)),
      );
      await raw.query('commit');
      copyMs = performance.now() - t1;
      const { rows } = await raw.query<{ n: string }>('select count(*) as n from staging_transactions');
      log(
        `plain COPY of ${Number(rows[0]!.n).toLocaleString('en-US')} rows: ${(copyMs / 1000).toFixed(1)} s`,
      );
      await raw.end();
      await sampler.end();
    }
    console.log(`\nStaging ${ROWS.toLocaleString('en-US')} csv rows on ${which}:`);
    console.log(`  upload complete -> rows committed: ${(oursMs / 1000).toFixed(2)} s`);
    if (copyMs !== null)
      console.log(
        `  plain COPY of the same rows: ${(copyMs / 1000).toFixed(2)} s; ours / COPY = ${(oursMs / copyMs).toFixed(2)}`,
      );
    console.log(
      `  ${worker ? 'worker process' : 'server process (PGlite inside)'} RSS: ${before.nowMb.toFixed(0)} MB idle, peak ${after.peakMb.toFixed(0)} MB (sampled max ${peakNowMb.toFixed(0)} MB)`,
    );
    if (profile.size > 0) {
      console.log('  database time by statement (200 ms samples):');
      for (const [q, ms] of [...profile].sort((a, b) => b[1] - a[1]).slice(0, 8))
        console.log(`    ${(ms / 1000).toFixed(1).padStart(6)} s  ${q}`);
    }
    console.log(`  load average ${loadAverage()}`);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    await ctx?.close().catch(() => undefined);
    if (which === 'postgres') {
      if (process.env.BENCH_KEEP_DB) console.log(`kept ${dbName}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
