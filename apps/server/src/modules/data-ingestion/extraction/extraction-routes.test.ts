import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { batchFiles, files } from '../../../db/schema';
import { createBatchRow } from '../../../../test/batch-fixtures';
import {
  createExtractingContext,
  createExtractionWorld,
  csvOf,
  extractOne,
  startExtraction,
  uploadToBatch,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import { selectFileRow } from '../../../../test/file-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

// Issue 16 point 10: the validation answers of the upload dialog's and the Extraction Progress
// dialog's routes. Their 403s and other-client 404s are the security matrices' (test/security/).

const UPLOAD_LIMIT = 64 * 1024;

let ctx: TestContext;
let admin: SignedInUser;
let world: ExtractionWorld;

beforeAll(async () => {
  // A small limit, so a file "over the limit" costs nothing to describe.
  ctx = await createExtractingContext({ UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) });
  admin = await createSignedInUser(ctx, 'Admin');
  const [clientId] = await createClients(ctx, 1, 'Routes');
  world = await createExtractionWorld(ctx, admin, clientId!);
});
afterAll(() => ctx.close());

const requestUploadUrl = (fields: Record<string, unknown>, batchId = world.batchId) =>
  call(ctx, 'POST', '/api/data-ingestion/upload-url', admin, {
    batchId,
    clientId: world.clientId,
    bankId: world.bankId,
    fileName: 'july.csv',
    sizeBytes: 100,
    ...fields,
  });

const statement = () => csvOf([[world.accounts[0]!.accountNumber, '07/01/2026', 'Wire in', '10.00']]);

describe('POST /upload-url', () => {
  it("refuses a file type the dialog does not accept with the spec's message", async () => {
    for (const fileName of ['payload.exe', 'statement', 'archive.csv.zip']) {
      const res = await requestUploadUrl({ fileName });
      expect(res.statusCode, fileName).toBe(400);
      expect(res.json().fieldErrors).toEqual({ fileName: [EXTRACTION_MSG.fileTypeNotAccepted] });
    }
  });

  it('refuses an empty file', async () => {
    const res = await requestUploadUrl({ sizeBytes: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ sizeBytes: ['The file is empty.'] });
  });

  it('refuses a file over UPLOAD_LIMIT_BYTES with 413, naming the file, before anything is stored', async () => {
    const res = await requestUploadUrl({ fileName: 'big year.csv', sizeBytes: UPLOAD_LIMIT + 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('bigyear.csv: the file is larger than the 64 KB upload limit.');
    const stored = await ctx.database.db.select().from(files).where(eq(files.fileName, 'bigyear.csv'));
    expect(stored).toEqual([]);
  });

  it('keeps only the last part of a name with path characters, without its spaces', async () => {
    for (const [given, kept] of [
      ['../../etc/July Statement.csv', 'JulyStatement.csv'],
      ['C:\\Users\\ana\\My Docs\\aug stmt.csv', 'augstmt.csv'],
    ] as const) {
      const fileId = await uploadToBatch(ctx, admin, world, given, statement());
      const row = await selectFileRow(ctx, fileId);
      expect(row.fileName).toBe(kept);
      // The storage key is ours: nothing of the name can move the object out of its folder.
      expect(row.storageKey).not.toContain('..');
      expect(row.storageKey).not.toContain('Statement');
      expect(row.storageKey).not.toContain('stmt');
    }
  });
});

describe('a Hybrid batch: the template type per file', () => {
  let hybrid: { batchId: number; clientId: number; bankId: number };

  beforeAll(async () => {
    hybrid = { ...world, batchId: await createBatchRow(ctx, world.clientId, 'Hybrid') };
  });

  it('reads a file as Investment unless the dialog says Transaction', async () => {
    const plain = await uploadToBatch(ctx, admin, hybrid, 'positions.csv', statement());
    const asTransactions = await uploadToBatch(ctx, admin, hybrid, 'cash.csv', statement());
    const res = await call(ctx, 'POST', '/api/data-ingestion/start-extraction', admin, {
      fileUpload: {
        batchId: hybrid.batchId,
        successfulFileList: [{ fileId: plain }, { fileId: asTransactions, templateType: 'Transaction' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db
      .select({ name: batchFiles.uploadedFileName, type: batchFiles.templateType })
      .from(batchFiles)
      .where(eq(batchFiles.batchId, hybrid.batchId))
      .orderBy(batchFiles.batchFileId);
    expect(rows).toEqual([
      { name: 'positions.csv', type: 'Investment' },
      { name: 'cash.csv', type: 'Transaction' },
    ]);
  });

  it('refuses Treasury for a Hybrid batch, and a type other than its own for any other batch', async () => {
    const treasury = await requestUploadUrl({ templateType: 'Treasury' }, hybrid.batchId);
    expect(treasury.statusCode).toBe(400);
    expect(treasury.json()).toEqual({
      msg: EXTRACTION_MSG.templateTypeInvalid,
      fieldErrors: { templateType: [EXTRACTION_MSG.templateTypeInvalid] },
    });
    const fileId = await uploadToBatch(ctx, admin, hybrid, 'later.csv', statement());
    const started = await call(ctx, 'POST', '/api/data-ingestion/start-extraction', admin, {
      fileUpload: { batchId: hybrid.batchId, successfulFileList: [{ fileId, templateType: 'Treasury' }] },
    });
    expect(started.statusCode).toBe(400);
    expect(started.json().msg).toBe(EXTRACTION_MSG.templateTypeInvalid);
    const investment = await requestUploadUrl({ templateType: 'Investment' });
    expect(investment.statusCode).toBe(400);
  });
});

describe('POST /start-extraction', () => {
  it('refuses an empty list of files', async () => {
    const res = await startExtraction(ctx, admin, world.batchId, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'fileUpload.successfulFileList': [MSG.required] });
  });
});

describe('DELETE /files/ (CANCEL UPLOAD)', () => {
  it('removes an uploaded file nobody took, row and stored object', async () => {
    const fileId = await uploadToBatch(ctx, admin, world, 'cancelled.csv', statement());
    const { storageKey } = await selectFileRow(ctx, fileId);
    expect(await ctx.platform.storage.headObject(storageKey)).not.toBeNull();
    const res = await call(ctx, 'DELETE', '/api/data-ingestion/files/', admin, {
      fileUpload: { fileList: [fileId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: EXTRACTION_MSG.uploadCancelled, deleted: 1 });
    expect(await ctx.database.db.select().from(files).where(eq(files.fileId, fileId))).toEqual([]);
    expect(await ctx.platform.storage.headObject(storageKey)).toBeNull();
  });

  it('refuses 409 to remove a file already in a batch, and removes nothing of the list', async () => {
    const taken = await uploadToBatch(ctx, admin, world, 'taken.csv', statement());
    const free = await uploadToBatch(ctx, admin, world, 'free.csv', statement());
    expect((await startExtraction(ctx, admin, world.batchId, [taken])).statusCode).toBe(200);
    const res = await call(ctx, 'DELETE', '/api/data-ingestion/files/', admin, {
      fileUpload: { fileList: [free, taken] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(EXTRACTION_MSG.fileInBatch);
    expect((await selectFileRow(ctx, free)).status).toBe('stored');
  });
});

describe('the Extraction Progress dialog on a file that is not Failed, or has no Excel copy', () => {
  let extracted: number;
  let failed: number;

  beforeAll(async () => {
    extracted = (await extractOne(ctx, admin, world, 'good.csv', statement())).batchFileId;
    const bad = await extractOne(ctx, admin, world, 'nomatch.csv', Buffer.from('Foo,Bar\r\n1,2\r\n'));
    expect(bad.status).toBe('Failed');
    failed = bad.batchFileId;
  });

  it('refuses 409 to retry a file that is not Failed, naming it, and queues none of the list', async () => {
    const res = await call(ctx, 'POST', '/api/data-ingestion/retry-extraction/', admin, {
      fileAuditIds: [failed, extracted],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(`${EXTRACTION_MSG.onlyFailedRetried} good.csv`);
    const [row] = await ctx.database.db.select().from(batchFiles).where(eq(batchFiles.batchFileId, failed));
    expect(row!.status).toBe('Failed');
  });

  it('answers 404 for the Excel copy of a file that has none, and still gives its source', async () => {
    const excel = await call(ctx, 'GET', `/api/data-ingestion/download-excel/${failed}`, admin);
    expect(excel.statusCode).toBe(404);
    expect(excel.json().msg).toBe(EXTRACTION_MSG.noExcel);
    const source = await call(ctx, 'GET', `/api/data-ingestion/download/${failed}`, admin);
    expect(source.statusCode).toBe(200);
    const missing = await call(ctx, 'GET', '/api/data-ingestion/download-excel/2147483000', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(EXTRACTION_MSG.fileNotFound);
  });
});
