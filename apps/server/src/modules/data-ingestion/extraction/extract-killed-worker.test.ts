import { count, countDistinct, eq, max, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartExtractionResult } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import {
  batchAccountFiles,
  batchAccounts,
  batchFiles,
  jobRuns,
  stagingTransactions,
} from '../../../db/schema';
import { defineJobs } from '../../../jobs';
import {
  createExtractionWorld,
  csvOf,
  startExtraction,
  uploadToBatch,
  waitForFiles,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import { createFreshDatabase } from '../../../../test/fresh-database';
import {
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import {
  createTestContextOn,
  spawnWorker,
  stopWorker,
  type WorkerProcess,
} from '../../../../test/worker-process';

// Issue 16 point 10: a worker process killed (SIGKILL) in the middle of a file's COPY into staging.
// Its transaction dies with its connection, pg-boss expires the job and a second worker process
// retries it: the file ends Extracted with each of its rows once. Only on the PostgreSQL server:
// PGlite's socket makes every other connection wait while a transaction is open, so nobody can watch
// a COPY in progress (and PGlite takes no COPY).

const ROWS = 200_000;
/** A job still active this long after it started is taken for dead (the killed worker's). */
const EXPIRE_SECONDS = 30;
const workerEnv = { EXTRACTION_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS), JOB_MAINTENANCE_SECONDS: '1' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.DATABASE_URL)('a worker process killed mid-extraction', () => {
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
  let ctx: TestContext;
  let analyst: SignedInUser;
  let world: ExtractionWorld;
  let first: WorkerProcess | undefined;
  let second: WorkerProcess | undefined;

  beforeAll(async () => {
    // A database of its own: the worker process works every queue, and must not take (or be taken
    // the jobs of) the other test files' in-process runners.
    fresh = await createFreshDatabase();
    ctx = await createTestContextOn(fresh.url, workerEnv);
    defineJobs(ctx.platform);
    // This process sends the jobs and runs pg-boss's maintenance too; only the worker processes work.
    await ctx.platform.jobs.start({ work: false });
    const admin = await createSignedInUser(ctx, 'Admin');
    analyst = await createSignedInUser(ctx, 'Analyst');
    const [clientId] = await createClients(ctx, 1, 'Killed worker');
    world = await createExtractionWorld(ctx, admin, clientId!);
  });

  afterAll(async () => {
    first?.child.kill('SIGKILL');
    await stopWorker(second);
    await ctx?.close();
    await fresh?.drop();
  });

  /** The COPY into staging_transactions now running on this database, if any: its backend and rows so far. */
  async function copyInProgress(): Promise<{ pid: number; tuples: number } | null> {
    const { rows } = await ctx.database.pool.query<{ pid: number; tuples: string }>(
      `select pid, tuples_processed as tuples from pg_stat_progress_copy
        where datname = current_database() and relid = 'staging_transactions'::regclass`,
    );
    return rows[0] ? { pid: rows[0].pid, tuples: Number(rows[0].tuples) } : null;
  }

  async function stagedRows(batchFileId: number) {
    const [row] = await ctx.database.db
      .select({
        rows: count(),
        rowNumbers: countDistinct(stagingTransactions.rowNumber),
        first: min(stagingTransactions.rowNumber),
        last: max(stagingTransactions.rowNumber),
      })
      .from(stagingTransactions)
      .where(eq(stagingTransactions.batchFileId, batchFileId));
    return row!;
  }

  it('is retried by pg-boss on another worker and leaves no partial or duplicate rows', async () => {
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const csv = csvOf(
      Array.from({ length: ROWS }, (_, i) => [
        i % 2 ? b : a,
        `07/${String((i % 28) + 1).padStart(2, '0')}/2026`,
        `Deposit ${i}`,
        `${(i % 9_000) + 1}.25`,
      ]),
    );
    const fileId = await uploadToBatch(ctx, analyst, world, 'big statement.csv', csv);

    first = spawnWorker(ctx, workerEnv);
    const res = await startExtraction(ctx, analyst, world.batchId, [fileId]);
    expect(res.statusCode, res.body).toBe(200);
    const [queued] = (res.json() as StartExtractionResult).files;
    const { fileAuditId, jobId } = queued!;

    // Kill the worker once its COPY has written rows of the file (its transaction still open).
    let copy: Awaited<ReturnType<typeof copyInProgress>> = null;
    for (const until = Date.now() + 120_000; !copy || copy.tuples === 0; await sleep(20)) {
      if (first.child.exitCode !== null) throw new Error(`worker exited early:\n${first.output()}`);
      if (Date.now() > until) throw new Error(`no COPY seen:\n${first.output()}`);
      copy = await copyInProgress();
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(copy.tuples).toBeGreaterThan(0);
    expect(copy.tuples).toBeLessThan(ROWS);

    // Its backend ends with the connection and rolls the transaction back: nothing of it is left.
    for (;;) {
      const { rows } = await ctx.database.pool.query('select 1 from pg_stat_activity where pid = $1', [
        copy.pid,
      ]);
      if (rows.length === 0) break;
      await sleep(100);
    }
    const [stuck] = await ctx.database.db
      .select({ status: batchFiles.status })
      .from(batchFiles)
      .where(eq(batchFiles.batchFileId, fileAuditId));
    expect(stuck!.status).toBe('In Progress');
    expect((await stagedRows(fileAuditId)).rows).toBe(0);

    // A second worker process; pg-boss hands it the job once the killed attempt expires.
    second = spawnWorker(ctx, workerEnv);
    const [done] = await waitForFiles(ctx, [fileAuditId], 240_000).catch(async (err: Error) => {
      const { rows } = await ctx.database.pool.query('select state, retry_count, output from pgboss.job');
      throw new Error(`${err.message}\n${JSON.stringify(rows)}\n${second!.output()}`);
    });
    expect(done).toMatchObject({ status: 'Extracted', rowCount: ROWS });
    expect(done!.extractionMessage).toBe(`${ROWS.toLocaleString('en-US')} rows staged for 2 accounts.`);
    expect(await stagedRows(fileAuditId)).toEqual({ rows: ROWS, rowNumbers: ROWS, first: 2, last: ROWS + 1 });

    const statuses = await ctx.database.db
      .select({ status: batchAccounts.status })
      .from(batchAccounts)
      .where(eq(batchAccounts.batchId, world.batchId));
    expect(statuses.map((s) => s.status)).toEqual(['Needs Validation', 'Needs Validation']);
    const links = await ctx.database.db
      .select({ batchAccountId: batchAccountFiles.batchAccountId, rowCount: batchAccountFiles.rowCount })
      .from(batchAccountFiles)
      .where(eq(batchAccountFiles.batchFileId, fileAuditId));
    expect(links.sort((x, y) => x.batchAccountId - y.batchAccountId)).toEqual(
      world.accounts.map((x) => ({ batchAccountId: x.batchAccountId, rowCount: ROWS / 2 })),
    );

    // pg-boss ran the job again: retried after the expiry, then completed.
    let job: { state: string; retry_count: number } | undefined;
    for (
      const until = Date.now() + 60_000;
      job?.state !== 'completed' && Date.now() < until;
      await sleep(200)
    )
      job = (
        await ctx.database.pool.query<{ state: string; retry_count: number }>(
          'select state, retry_count from pgboss.job where id = $1',
          [jobId],
        )
      ).rows[0];
    expect(job?.state).toBe('completed');
    expect(job!.retry_count).toBeGreaterThanOrEqual(1);
    const [run] = await ctx.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId));
    expect(run).toMatchObject({ state: 'completed' });
    expect(run!.attempts).toBeGreaterThanOrEqual(2);
  }, 400_000);
});
