import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartExtractionResult } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { batchAccounts, jobRuns, stagingTransactions } from '../../../db/schema';
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

// Issue 40 point 3: two workers staging files of the same batch accounts at once deadlocked in the
// batch-account status update (each file's rows held their foreign key's KEY SHARE lock on the
// account, and each status update wanted FOR UPDATE). Ten files, each with rows of both accounts of
// the batch, on two worker processes: every file is staged on its first attempt. PostgreSQL only:
// PGlite runs one transaction at a time, so nothing there can interleave.

const FILES = 10;
const ROWS_PER_FILE = 3_000;

describe.skipIf(!process.env.DATABASE_URL)('ten files of one account on two workers', () => {
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
  let ctx: TestContext;
  let analyst: SignedInUser;
  let world: ExtractionWorld;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    fresh = await createFreshDatabase();
    ctx = await createTestContextOn(fresh.url);
    defineJobs(ctx.platform);
    await ctx.platform.jobs.start({ work: false });
    const admin = await createSignedInUser(ctx, 'Admin');
    analyst = await createSignedInUser(ctx, 'Analyst');
    const [clientId] = await createClients(ctx, 1, 'Same account');
    world = await createExtractionWorld(ctx, admin, clientId!);
  });

  afterAll(async () => {
    for (const worker of workers) await stopWorker(worker);
    await ctx?.close();
    await fresh?.drop();
  });

  it('stages every file once, on its first attempt, with no deadlock', async () => {
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const fileIds: number[] = [];
    for (let f = 0; f < FILES; f++) {
      // Distinct descriptions per file: no row of one file is a possible duplicate of another's.
      const rows = Array.from({ length: ROWS_PER_FILE }, (_, i) => [
        i % 2 ? b : a,
        `08/${String((i % 28) + 1).padStart(2, '0')}/2026`,
        `File ${f} deposit ${i}`,
        `${(i % 5_000) + 1}.${String(f).padStart(2, '0')}`,
      ]);
      fileIds.push(await uploadToBatch(ctx, analyst, world, `statement-${f}.csv`, csvOf(rows)));
    }
    workers.push(spawnWorker(ctx, {}), spawnWorker(ctx, {}));
    const res = await startExtraction(ctx, analyst, world.batchId, fileIds);
    expect(res.statusCode, res.body).toBe(200);
    const queued = (res.json() as StartExtractionResult).files;
    const done = await waitForFiles(
      ctx,
      queued.map((f) => f.fileAuditId),
      300_000,
    );
    const output = workers.map((w) => w.output()).join('\n');
    expect(
      done.map((r) => r.status),
      output,
    ).toEqual(Array(FILES).fill('Extracted'));
    expect(output).not.toMatch(/deadlock/i);
    const runs = await ctx.database.db
      .select({ state: jobRuns.state, attempts: jobRuns.attempts })
      .from(jobRuns)
      .where(
        inArray(
          jobRuns.jobId,
          queued.map((f) => f.jobId),
        ),
      );
    expect(runs).toEqual(Array(FILES).fill({ state: 'completed', attempts: 1 }));
    const [staged] = await ctx.database.db
      .select({ rows: count() })
      .from(stagingTransactions)
      .where(eq(stagingTransactions.batchId, world.batchId));
    expect(staged!.rows).toBe(FILES * ROWS_PER_FILE);
    const statuses = await ctx.database.db
      .select({ status: batchAccounts.status })
      .from(batchAccounts)
      .where(eq(batchAccounts.batchId, world.batchId));
    expect(statuses.map((s) => s.status)).toEqual(['Needs Validation', 'Needs Validation']);
  }, 420_000);
});
