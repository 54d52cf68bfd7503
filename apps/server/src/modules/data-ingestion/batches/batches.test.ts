import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ExtractionFile } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import { BATCH_MSG, type ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import {
  batchAccountFiles,
  batchAccounts,
  batches,
  batchFiles,
  openReports,
  stagingStatements,
  stagingTransactions,
} from '../../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../../test/account-fixtures';
import { createBatchFileRow, type StoredBatchFile } from '../../../../test/batch-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let scoped: SignedInUser;
let clientId: number;
let otherClientId: number;
let batchId: number;
let operating: BatchAccount;
let payroll: BatchAccount;
let extracted: StoredBatchFile;
let failed: StoredBatchFile;
let queued: StoredBatchFile;

const db = () => ctx.database.db;
const get = (url: string, user = admin) => call(ctx, 'GET', `/api/data-ingestion/${url}`, user);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  [clientId, otherClientId] = (await createClients(ctx, 2, 'Batches')) as [number, number];
  scoped = await createSignedInUser(
    ctx,
    (
      await createRole(
        ctx,
        [
          'VIEW_BATCHES',
          'VIEW_ACCOUNT_BATCHES',
          'VIEW_DATA_EXTRACTION_STATUS',
          'VIEW_VALIDATION_HISTORY',
          'DELETE_BATCHES',
        ],
        true,
      )
    ).roleName,
    [otherClientId],
  );
  const bankId = await createRelatedBank(ctx, clientId);
  await createAccountRow(ctx, clientId, bankId, { accountName: 'Operating', accountType: 'Transaction' });
  await createAccountRow(ctx, clientId, bankId, { accountName: 'Payroll', accountType: 'Transaction' });
  const period = { startDate: '2026-07-01', endDate: '2026-09-30' };
  await call(ctx, 'POST', `/api/clients/start-report/${clientId}`, admin, { client: period });
  const started = await call(ctx, 'POST', `/api/data-ingestion/start-ingestion/client/${clientId}`, admin, {
    ...period,
    types: ['transactions'],
  });
  batchId = started.json().batches[0].batchId;
  [operating, payroll] = (await get(`accounts/all/${batchId}`)).json() as [BatchAccount, BatchAccount];

  // What extraction will leave: an extracted file with its .xlsx copy and rows, a failed one, a
  // queued one, and one replaced by a later upload of its name.
  const copy = await createBatchFileRow(ctx, clientId, batchId);
  extracted = await createBatchFileRow(ctx, clientId, batchId, {
    uploadedFileName: 'july.csv',
    excelFileId: copy.fileId,
    rowCount: 2,
  });
  await db().delete(batchFiles).where(eq(batchFiles.batchFileId, copy.batchFileId));
  failed = await createBatchFileRow(ctx, clientId, batchId, {
    uploadedFileName: 'august.pdf',
    status: 'Failed',
    extractionMessage: 'No template matches the header row.',
    headerRow: 'Date,Description,Amount',
    headerRowNumber: 3,
    firstCell: 'Account Statement',
  });
  queued = await createBatchFileRow(ctx, clientId, batchId, {
    uploadedFileName: 'september.csv',
    status: 'Queued',
  });
  await createBatchFileRow(ctx, clientId, batchId, { uploadedFileName: 'september.csv', status: 'Replaced' });
  const refs = {
    clientId,
    batchId,
    batchAccountId: operating.batchAccountId,
    batchFileId: extracted.batchFileId,
  };
  await db()
    .insert(stagingTransactions)
    .values([
      {
        ...refs,
        rowNumber: 1,
        transactionDate: '2026-07-02',
        amount: '100.00',
        description: 'Deposit',
        statementIndex: 0,
      },
      {
        ...refs,
        rowNumber: 2,
        transactionDate: '2026-07-30',
        amount: '-40.00',
        description: 'Wire',
        statementIndex: 0,
      },
    ]);
  await db()
    .insert(stagingStatements)
    .values({
      ...refs,
      statementIndex: 0,
      fromDate: '2026-07-01',
      toDate: '2026-07-31',
      openingBalance: '1000.00',
      closingBalance: '1060.00',
      balanceSource: 'statement',
      entryCount: 2,
    });
  await db()
    .insert(batchAccountFiles)
    .values({ ...refs, rowCount: 2 });
  await db()
    .update(batchAccounts)
    .set({ status: 'Needs Validation' })
    .where(eq(batchAccounts.batchAccountId, operating.batchAccountId));
});
afterAll(() => ctx.close());

describe('client batches', () => {
  it("lists the open report's batches with files, progress, status and notes", async () => {
    const [batch] = (await get(`batches/all/${clientId}`)).json() as ClientBatch[];
    expect(batch).toMatchObject({
      batchId,
      clientId,
      templateType: 'Transaction',
      accountName: 'Operating, Payroll',
      sourcesRequired: 6,
      numberOfFiles: 3,
      inProgressCount: 1,
      // Issue 42: august.pdf failed; the row says so and what to do comes from its status.
      failedCount: 1,
      status: 'EXTRACTION FAILED',
      collectionType: 'File Upload',
      hasNotes: false,
      validatedAt: null,
    });
    expect((await get(`batches/${batchId}`)).json()).toEqual(batch);
  });

  it('summarises each batch for the 4-second poll', async () => {
    expect((await get(`batches/summary/${clientId}`)).json()).toEqual([
      {
        batchId,
        status: 'EXTRACTION FAILED',
        numberOfFiles: 3,
        inProgressCount: 1,
        failedCount: 1,
        needsFilesCount: 1,
        needsValidationCount: 1,
        validatedCount: 0,
        ignoredCount: 0,
      },
    ]);
  });

  it('gives batch accounts their staged dates, balances and files', async () => {
    const [first, second] = (await get(`accounts/all/${batchId}`)).json() as BatchAccount[];
    expect(first).toMatchObject({
      batchAccountId: operating.batchAccountId,
      accountName: 'Operating',
      startDate: '2026-07-02',
      endDate: '2026-07-30',
      startBalance: 1000,
      endBalance: 1060,
      status: 'Needs Validation',
      reconciliation: { status: 'Reconciled', problems: [], override: null },
      duplicates: { undecided: 0, kept: 0, dropped: 0 },
      statementMonths: 3,
      fileIdList: [extracted.batchFileId],
    });
    expect(second).toMatchObject({
      accountName: 'Payroll',
      startDate: null,
      status: 'Needs Files',
      fileIdList: [],
    });
    expect((await get(`accounts/${operating.batchAccountId}`)).json()).toEqual(first);
  });

  it('lists extraction files, newest first, with what the Extraction Progress dialog needs', async () => {
    const files = (await get(`extraction-status/${batchId}`)).json() as ExtractionFile[];
    expect(files.map((f) => [f.fileName, f.fileStatus])).toEqual([
      ['september.csv', 'Replaced'],
      ['september.csv', 'Queued'],
      ['august.pdf', 'Failed'],
      ['july.csv', 'Extracted'],
    ]);
    expect(files[2]).toMatchObject({
      fileAuditId: failed.batchFileId,
      headerRow: 'Date,Description,Amount',
      headerRowNumber: 3,
      firstCell: 'Account Statement',
      extractionMessage: 'No template matches the header row.',
      isTransaction: true,
      hasExcel: false,
    });
    expect(files[3]).toMatchObject({ hasExcel: true, rowCount: 2, sourceFileId: extracted.fileId });
    expect((await get(`extraction-status/client/${clientId}`)).json()).toEqual(files);
  });

  it('keeps the validation history empty until a batch is validated, then lists it with its files', async () => {
    expect((await get(`validation/${clientId}`)).json()).toEqual([]);
    const validatedAt = new Date('2026-10-05T15:00:00Z');
    await db().update(batches).set({ validatedAt }).where(eq(batches.batchId, batchId));
    const [row] = (await get(`validation/${clientId}`)).json();
    expect(row).toMatchObject({
      batchId,
      templateType: 'Transaction',
      totalFiles: 3,
      completedAt: validatedAt.toISOString(),
    });
    expect(row.files.map((f: { fileAuditId: number }) => f.fileAuditId)).toEqual([
      extracted.batchFileId,
      failed.batchFileId,
      queued.batchFileId,
    ]);
    await db().update(batches).set({ validatedAt: null }).where(eq(batches.batchId, batchId));
  });

  it('counts a batch open while one account is neither Validated nor Ignored (platform.md 4.5)', async () => {
    const openCount = async () =>
      (await call(ctx, 'GET', `/api/clients/report-status/${clientId}`, admin)).json()[0].openBatchCount;
    expect(await openCount()).toBe(1);
    await db().update(batchAccounts).set({ status: 'Validated' }).where(eq(batchAccounts.batchId, batchId));
    await db()
      .update(batchAccounts)
      .set({ status: 'Ignored', restoreStatus: 'Needs Files' })
      .where(eq(batchAccounts.batchAccountId, payroll.batchAccountId));
    expect(await openCount()).toBe(0);
    await db()
      .update(batchAccounts)
      .set({ status: 'Needs Files', restoreStatus: null })
      .where(eq(batchAccounts.batchAccountId, payroll.batchAccountId));
    expect(await openCount()).toBe(1);
  });

  it("answers another client's ids exactly like missing ones", async () => {
    for (const url of [
      `batches/all/${clientId}`,
      `batches/summary/${clientId}`,
      `batches/${batchId}`,
      `accounts/all/${batchId}`,
      `accounts/${operating.batchAccountId}`,
      `extraction-status/${batchId}`,
      `extraction-status/client/${clientId}`,
      `validation/${clientId}`,
    ]) {
      const foreign = await get(url, scoped);
      const ghost = await get(url.replace(/\d+$/, '2000000000'), scoped);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.body, url).toBe(ghost.body);
    }
    expect((await call(ctx, 'DELETE', `/api/data-ingestion/batches/${batchId}`, scoped)).json()).toEqual({
      msg: BATCH_MSG.notFound,
    });
  });

  it('needs its permission on every route', async () => {
    const none = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_CLIENTS'])).roleName);
    for (const url of [
      `batches/all/${clientId}`,
      `accounts/all/${batchId}`,
      `extraction-status/${batchId}`,
      `validation/${clientId}`,
    ]) {
      expect((await get(url, none)).statusCode, url).toBe(403);
    }
    expect((await call(ctx, 'DELETE', `/api/data-ingestion/batches/${batchId}`, none)).statusCode).toBe(403);
  });

  it('deletes a batch with its accounts, files and rows; the report is NOT STARTED again', async () => {
    const res = await call(ctx, 'DELETE', `/api/data-ingestion/batches/${batchId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      msg: BATCH_MSG.deleted,
      deleted: { batches: 1, batchAccounts: 2, batchFiles: 4, stagingRows: 2, storedFiles: 5 },
    });
    expect(await ctx.platform.storage.headObject(extracted.storageKey)).toBeNull();
    const [report] = await db().select().from(openReports).where(eq(openReports.clientId, clientId));
    expect(report!.ingestionStatus).toBe('NOT STARTED');
    expect((await get(`batches/all/${clientId}`)).json()).toEqual([]);
  });
});
