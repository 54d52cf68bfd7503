// Issue 40 point 5: small-file throughput, at least 10 small statements a second per worker. FILES
// two-row statements (csv, the template's layout) are uploaded to one batch, then one start-extraction
// queues them all and real worker processes (src/worker.ts, as `npm run worker`) drain the queue;
// timed from the answer of start-extraction to the last file Extracted. On a throwaway database of
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres):
//   node --import tsx bench/small-files.bench.ts
// BENCH_FILES (default 300) and BENCH_WORKERS (default 1, then 2: each run on a database of its own).
import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import type { StartExtractionResult } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { batchFiles } from '../apps/server/src/db/schema';
import {
  createExtractionWorld,
  csvOf,
  startExtraction,
  uploadToBatch,
} from '../apps/server/test/extraction-fixtures';
import { createClients, createSignedInUser } from '../apps/server/test/test-context';
import { createTestContextOn, spawnWorker, stopWorker } from '../apps/server/test/worker-process';
import { defineJobs } from '../apps/server/src/jobs';

const FILES = Number(process.env.BENCH_FILES ?? 300);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function runWith(workerCount: number) {
  const dbName = `tideline_bench_small_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const ctx = await createTestContextOn(url.toString());
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: false });
  const workers: ReturnType<typeof spawnWorker>[] = [];
  try {
    const adminUser = await createSignedInUser(ctx, 'Admin');
    const analyst = await createSignedInUser(ctx, 'Analyst');
    const [clientId] = await createClients(ctx, 1, 'Bench Small Files');
    const world = await createExtractionWorld(ctx, adminUser, clientId!);
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const fileIds: number[] = [];
    for (let f = 0; f < FILES; f++) {
      const day = String((f % 28) + 1).padStart(2, '0');
      const body = csvOf([
        [a, `09/${day}/2026`, `Deposit ${f}`, `${f + 1}.25`],
        [b, `09/${day}/2026`, `Withdrawal ${f}`, `-${f + 1}.50`],
      ]);
      fileIds.push(await uploadToBatch(ctx, analyst, world, `small-${f}.csv`, body));
    }
    for (let w = 0; w < workerCount; w++) workers.push(spawnWorker(ctx, { LOG_LEVEL: 'info' }));
    for (const worker of workers)
      while (!worker.output().includes('"msg":"Worker started"')) {
        if (worker.child.exitCode !== null) throw new Error(worker.output());
        await sleep(50);
      }
    await sleep(2_000); // every worker polling, its first fetch done
    const startedAt = Date.now();
    const res = await startExtraction(ctx, analyst, world.batchId, fileIds);
    if (res.statusCode !== 200) throw new Error(res.body);
    const queuedAt = Date.now();
    const ids = (res.json() as StartExtractionResult).files.map((f) => f.fileAuditId);
    let rows: { status: string; createdAt: Date; updatedAt: Date }[] = [];
    for (;;) {
      rows = await ctx.database.db
        .select({
          status: batchFiles.status,
          createdAt: batchFiles.createdAt,
          updatedAt: batchFiles.updatedAt,
        })
        .from(batchFiles)
        .where(inArray(batchFiles.batchFileId, ids));
      if (rows.every((r) => r.status !== 'Queued' && r.status !== 'In Progress')) break;
      await sleep(20);
    }
    const doneAt = Math.max(...rows.map((r) => r.updatedAt.getTime()));
    const drainSeconds = (doneAt - queuedAt) / 1000;
    const extracted = rows.filter((r) => r.status === 'Extracted').length;
    const waits = rows.map((r) => (r.updatedAt.getTime() - r.createdAt.getTime()) / 1000);
    console.log(
      JSON.stringify({
        workers: workerCount,
        files: FILES,
        extracted,
        startExtractionMs: queuedAt - startedAt,
        drainSeconds: Number(drainSeconds.toFixed(2)),
        filesPerSecond: Number((FILES / drainSeconds).toFixed(1)),
        filesPerSecondPerWorker: Number((FILES / drainSeconds / workerCount).toFixed(1)),
        medianSecondsQueuedToExtracted: Number(median(waits).toFixed(2)),
        goal: '>= 10 files/s per worker',
        load: loadAverage(),
      }),
    );
  } finally {
    for (const worker of workers) await stopWorker(worker);
    await ctx.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

for (const count of WORKER_COUNTS) await runWith(count);
