import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTRACTION_MSG,
  type StartExtractionResult,
} from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { createCopySupportCheck } from '../../../db/copy-support';
import { auditLog, batchAccountFiles, batchAccounts } from '../../../db/schema';
import { createKeyword } from '../../../../test/account-fixtures';
import {
  createExtractingContext,
  createExtractionWorld,
  CSV_TRANSFORM,
  csvOf,
  extractOne,
  extractTogether,
  selectBatchStagedTransactions,
  selectStagedTransactions,
  startExtraction,
  uploadToBatch,
  waitForFiles,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { extractBatchFile } from './extract-batch-file.job';

// Issue 16 point 5: a job that runs twice stages once, overwrite replaces the old file's rows, and
// a file that cannot be staged leaves nothing behind and nothing of the others changed.

let ctx: TestContext;
let analyst: SignedInUser;

beforeAll(async () => {
  ctx = await createExtractingContext();
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

async function createWorld(): Promise<ExtractionWorld> {
  const [clientId] = await createClients(ctx, 1, 'Overwrite');
  return createExtractionWorld(ctx, await createSignedInUser(ctx, 'Admin'), clientId!);
}

async function selectStatuses(world: ExtractionWorld) {
  const rows = await ctx.database.db
    .select({ id: batchAccounts.batchAccountId, status: batchAccounts.status })
    .from(batchAccounts)
    .where(eq(batchAccounts.batchId, world.batchId))
    .orderBy(batchAccounts.batchAccountId);
  return rows.map((r) => r.status);
}

describe('a job that runs twice', () => {
  it('leaves the rows of one run, whether the runs overlap or follow each other', async () => {
    const world = await createWorld();
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const fileId = await uploadToBatch(
      ctx,
      analyst,
      world,
      'twice.csv',
      csvOf([
        [a, '07/01/2026', 'Wire in', '10.00'],
        [a, '07/02/2026', 'Wire out', '-4.00'],
        [b, '07/03/2026', 'Fee', '-1.00'],
      ]),
    );
    const res = await startExtraction(ctx, analyst, world.batchId, [fileId]);
    const { files } = res.json() as StartExtractionResult;
    const batchFileId = files[0]!.fileAuditId;
    // pg-boss delivering the job again (expired while its first worker was still alive) is these
    // extra runs, alongside the worker's own: all at once, then once more after.
    const deps = {
      database: ctx.platform.database,
      storage: ctx.platform.storage,
      workers: ctx.platform.ingestWorkers,
      budget: ctx.platform.parseBudget,
      canCopy: createCopySupportCheck(ctx.platform.database.db),
    };
    const run = () =>
      extractBatchFile(deps, {
        db: ctx.database.db,
        data: { batchFileId, clientId: world.clientId, userId: analyst.userId },
        jobId: randomUUID(),
        setProgress: async () => undefined,
      });
    const overlapping = await Promise.all([run(), run()]);
    await waitForFiles(ctx, [batchFileId]);
    const again = await run();
    for (const result of [...overlapping, again]) expect(result.status).toBe('Extracted');
    expect(again.rowCount).toBe(3);

    const staged = await selectStagedTransactions(ctx, batchFileId);
    expect(staged.map((s) => [s.rowNumber, s.amount])).toEqual([
      [2, '10.00'],
      [3, '-4.00'],
      [4, '-1.00'],
    ]);
    const links = await ctx.database.db
      .select()
      .from(batchAccountFiles)
      .where(eq(batchAccountFiles.batchFileId, batchFileId));
    expect(links.map((l) => l.rowCount).sort()).toEqual([1, 2]);
    const extracted = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'batch_file.extracted'), eq(auditLog.entityId, String(batchFileId))));
    expect(extracted).toHaveLength(1);
  });
});

describe('Retry Extraction after the template was created', () => {
  it('reads the failed file again and stages it once', async () => {
    const [clientId] = await createClients(ctx, 1, 'Retry');
    const admin = await createSignedInUser(ctx, 'Admin');
    const world = await createExtractionWorld(ctx, admin, clientId!, { template: false });
    const a = world.accounts[0]!.accountNumber;
    const failed = await extractOne(
      ctx,
      analyst,
      world,
      'retry.csv',
      csvOf([[a, '07/01/2026', 'Wire', '9.00']]),
    );
    expect(failed).toMatchObject({ status: 'Failed', headerRow: 'Account,Date,Description,Amount' });
    const template = await call(ctx, 'POST', '/api/templates/manage', admin, {
      template: { bankClientRelId: world.relId, type: 'Transaction', jsonTransform: [CSV_TRANSFORM] },
    });
    expect(template.statusCode, template.body).toBeLessThan(300);
    const res = await call(ctx, 'POST', '/api/data-ingestion/retry-extraction/', admin, {
      fileAuditIds: [failed.batchFileId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('Extraction restarted for 1 file.');
    const [row] = await waitForFiles(ctx, [failed.batchFileId]);
    expect(row).toMatchObject({
      status: 'Extracted',
      rowCount: 1,
      extractionMessage: '1 row staged for 1 account.',
    });
    expect(await selectStagedTransactions(ctx, failed.batchFileId)).toHaveLength(1);
  });
});

describe('uploading a name already in the batch', () => {
  let world: ExtractionWorld;
  let first: Awaited<ReturnType<typeof extractOne>>;
  let keywordId: number;

  beforeAll(async () => {
    world = await createWorld();
    keywordId = await createKeyword(ctx, `SWEEP-${world.batchId}`);
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    first = await extractOne(
      ctx,
      analyst,
      world,
      'weekly.csv',
      csvOf([
        [a, '07/06/2026', 'Old wire', '100.00'],
        [b, '07/06/2026', 'Old fee', '-2.00'],
      ]),
    );
    expect(await selectStatuses(world)).toEqual(['Needs Validation', 'Needs Validation']);
  });

  it('is refused without allowOverwrite, naming the file, and the old file keeps its rows', async () => {
    const fileId = await uploadToBatch(ctx, analyst, world, 'weekly.csv', csvOf([]));
    const res = await startExtraction(ctx, analyst, world.batchId, [fileId]);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      `Data extraction started for 0 files. Not started: weekly.csv (${EXTRACTION_MSG.nameTaken})`,
    );
    expect(res.json().fieldErrors).toEqual({ 'weekly.csv': [EXTRACTION_MSG.nameTaken] });
    expect(await selectStagedTransactions(ctx, first.batchFileId)).toHaveLength(2);
  });

  it("with allowOverwrite replaces the old file's rows; the old file is Replaced", async () => {
    const [a] = world.accounts.map((x) => x.accountNumber) as [string];
    const replacement = await extractOne(
      ctx,
      analyst,
      world,
      'weekly.csv',
      csvOf([[a, '07/07/2026', `Daily SWEEP-${world.batchId} to MM`, '55.00']]),
      true,
    );
    expect(replacement.status).toBe('Extracted');
    const all = await selectBatchStagedTransactions(ctx, world.batchId);
    expect(all.map((s) => [s.batchFileId, s.description, s.amount, s.keywordId])).toEqual([
      [replacement.batchFileId, `Daily SWEEP-${world.batchId} to MM`, '55.00', keywordId],
    ]);
    const [old] = await waitForFiles(ctx, [first.batchFileId]);
    expect(old!.status).toBe('Replaced');
    // The second account's only rows were the old file's: it needs files again.
    expect(await selectStatuses(world)).toEqual(['Needs Validation', 'Needs Files']);
  });
});

describe('a file that cannot be staged', () => {
  let world: ExtractionWorld;
  let earlier: Awaited<ReturnType<typeof extractOne>>;

  beforeAll(async () => {
    world = await createWorld();
    const a = world.accounts[0]!.accountNumber;
    earlier = await extractOne(
      ctx,
      analyst,
      world,
      'earlier.csv',
      csvOf([[a, '07/01/2026', 'Kept', '1.00']]),
    );
  });

  it('stages nothing of itself and changes nothing of the upload and batch around it', async () => {
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    const before = await selectBatchStagedTransactions(ctx, world.batchId);
    // Two good rows come first: they were written before the third failed, and must go with it.
    const [good, bad] = await extractTogether(ctx, analyst, world, [
      ['good.csv', csvOf([[a, '07/02/2026', 'Fine', '2.00']])],
      [
        'bad amount.csv',
        csvOf([
          [b, '07/02/2026', 'One', '3.00'],
          [b, '07/03/2026', 'Two', '4.00'],
          [b, '07/04/2026', 'Three', 'twelve dollars'],
        ]),
      ],
    ]);
    expect(good!.status).toBe('Extracted');
    expect(bad).toMatchObject({ status: 'Failed', rowCount: 0, excelFileId: null });
    expect(bad!.extractionMessage).toMatch(/^badamount\.csv: /);
    expect(bad!.extractionMessage).toContain('twelve dollars');
    expect(await selectStagedTransactions(ctx, bad!.batchFileId)).toEqual([]);
    const after = await selectBatchStagedTransactions(ctx, world.batchId);
    expect(after.filter((s) => s.batchFileId !== good!.batchFileId)).toEqual(before);
    expect(after.filter((s) => s.batchFileId === good!.batchFileId)).toHaveLength(1);
    expect(earlier.status).toBe('Extracted');
    // The failed file's account got no rows: it still needs files.
    expect(await selectStatuses(world)).toEqual(['Needs Validation', 'Needs Files']);
  });

  it('fails for rows of accounts outside the batch, naming them', async () => {
    const a = world.accounts[0]!.accountNumber;
    const { accountNumber: sweep } = world.outsideAccount;
    const outside = await extractOne(
      ctx,
      analyst,
      world,
      'outside.csv',
      csvOf([
        [a, '07/05/2026', 'In batch', '5.00'],
        [sweep, '07/05/2026', 'Sweep', '6.00'],
      ]),
    );
    expect(outside).toMatchObject({ status: 'Failed', rowCount: 0 });
    expect(outside.extractionMessage).toBe(
      `outside.csv: the file has rows for accounts that are not in this batch: ${sweep} (Sweep).`,
    );
    const stranger = await extractOne(
      ctx,
      analyst,
      world,
      'stranger.csv',
      csvOf([
        [a, '07/05/2026', 'In batch', '5.00'],
        ['55501234', '07/05/2026', 'Nobody', '6.00'],
      ]),
    );
    expect(stranger).toMatchObject({ status: 'Failed', rowCount: 0 });
    expect(stranger.extractionMessage).toMatch(/^stranger\.csv: .*55501234/);
    for (const f of [outside, stranger])
      expect(await selectStagedTransactions(ctx, f.batchFileId)).toEqual([]);
  });
});
