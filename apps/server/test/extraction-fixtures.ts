import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StartExtractionResult } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { bankClientRelationships, batchFiles, stagingTransactions } from '../src/db/schema';
import { createAccountRow, createRelatedBank } from './account-fixtures';
import { createBatchAccountRow, createBatchRow } from './batch-fixtures';
import { postLocalForm } from './file-fixtures';
import { defineJobs } from '../src/jobs';
import { EXTRACT_BATCH_FILE_JOB } from '../src/modules/data-ingestion/extraction/extract-batch-file.job';
import { call, createTestContext, type SignedInUser, type TestContext } from './test-context';

// A client with a batch ready for files, and the upload dialog's calls as the web makes them
// (upload-url, post the signed form, complete, start-extraction), for the extraction tests.

/** A test context whose pg-boss works the extraction queue, as the worker process does. */
export async function createExtractingContext(env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestContext(env);
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: true, queues: [EXTRACT_BATCH_FILE_JOB] });
  return ctx;
}

/** A Cell template of the csv layout `Account,Date,Description,Amount` (one header row). */
export const CSV_TRANSFORM = {
  cellHeaderData: 'Account',
  accountNumber: '0',
  date: '1',
  description: '2',
  amount: '3',
  headerStart: '0',
  dateFormat: 'MM/DD/YYYY',
};
export const CSV_HEADER = 'Account,Date,Description,Amount';

export interface ExtractionWorld {
  clientId: number;
  bankId: number;
  relId: number;
  batchId: number;
  /** The batch's two accounts (numbers and batch accounts) and one account of the client outside it. */
  accounts: { accountId: number; accountNumber: string; batchAccountId: number }[];
  outsideAccount: { accountId: number; accountNumber: string };
}

export async function createExtractionWorld(
  ctx: TestContext,
  admin: SignedInUser,
  clientId: number,
  options: { template?: boolean; collectionType?: string } = {},
): Promise<ExtractionWorld> {
  const tag = randomUUID().slice(0, 6);
  const bankId = await createRelatedBank(ctx, clientId, {
    collectionType: options.collectionType ?? 'File Upload',
  });
  const [rel] = await ctx.database.db
    .select({ id: bankClientRelationships.bankClientRelId })
    .from(bankClientRelationships)
    .where(eq(bankClientRelationships.bankId, bankId));
  const batchId = await createBatchRow(ctx, clientId);
  const accounts = [];
  for (const [i, name] of ['Operating', 'Payroll'].entries()) {
    const accountNumber = `${tag}${i}`;
    const accountId = await createAccountRow(ctx, clientId, bankId, { accountName: name, accountNumber });
    const batchAccountId = await createBatchAccountRow(ctx, clientId, batchId, { accountId });
    accounts.push({ accountId, accountNumber, batchAccountId });
  }
  const outsideNumber = `${tag}9`;
  const outsideId = await createAccountRow(ctx, clientId, bankId, {
    accountName: 'Sweep',
    accountNumber: outsideNumber,
  });
  if (options.template !== false) {
    const res = await call(ctx, 'POST', '/api/templates/manage', admin, {
      template: { bankClientRelId: rel!.id, type: 'Transaction', jsonTransform: [CSV_TRANSFORM] },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return {
    clientId,
    bankId,
    relId: rel!.id,
    batchId,
    accounts,
    outsideAccount: { accountId: outsideId, accountNumber: outsideNumber },
  };
}

/** A csv in the template's layout: rows of [account number, MM/DD/YYYY, description, amount]. */
export function csvOf(rows: readonly (readonly string[])[]): Buffer {
  return Buffer.from(`${[CSV_HEADER, ...rows.map((r) => r.join(','))].join('\r\n')}\r\n`);
}

/** The upload dialog's first three steps for one file; answers its fileId. */
export async function uploadToBatch(
  ctx: TestContext,
  user: SignedInUser,
  world: Pick<ExtractionWorld, 'batchId' | 'clientId' | 'bankId'>,
  fileName: string,
  body: Buffer,
): Promise<number> {
  const signed = await call(ctx, 'POST', '/api/data-ingestion/upload-url', user, {
    batchId: world.batchId,
    clientId: world.clientId,
    bankId: world.bankId,
    fileName,
    sizeBytes: body.length,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const { fileId, url, fields } = signed.json() as {
    fileId: number;
    url: string;
    fields: Record<string, string>;
  };
  const posted = await postLocalForm(ctx, url, fields, body, fileName);
  expect(posted.statusCode, posted.body).toBe(204);
  const completed = await call(ctx, 'POST', `/api/files/${fileId}/complete`, user);
  expect(completed.statusCode, completed.body).toBe(200);
  return fileId;
}

export function startExtraction(
  ctx: TestContext,
  user: SignedInUser,
  batchId: number,
  fileIds: readonly number[],
  allowOverwrite = false,
) {
  return call(ctx, 'POST', '/api/data-ingestion/start-extraction', user, {
    fileUpload: {
      userId: user.userId,
      batchId,
      successfulFileList: fileIds.map((fileId) => ({ fileId })),
      allowOverwrite,
    },
  });
}

/** Waits until none of the files is Queued or In Progress; answers their rows in id order. */
export async function waitForFiles(ctx: TestContext, fileAuditIds: readonly number[], timeoutMs = 45_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await ctx.database.db
      .select()
      .from(batchFiles)
      .where(inArray(batchFiles.batchFileId, [...fileAuditIds]))
      .orderBy(asc(batchFiles.batchFileId));
    if (rows.every((r) => r.status !== 'Queued' && r.status !== 'In Progress')) return rows;
    if (Date.now() > until)
      throw new Error(`files still extracting: ${JSON.stringify(rows.map((r) => r.status))}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Uploads and extracts one file; answers its batch file row once the job is done. */
export async function extractOne(
  ctx: TestContext,
  user: SignedInUser,
  world: ExtractionWorld,
  fileName: string,
  body: Buffer,
  allowOverwrite = false,
) {
  const fileId = await uploadToBatch(ctx, user, world, fileName, body);
  const res = await startExtraction(ctx, user, world.batchId, [fileId], allowOverwrite);
  expect(res.statusCode, res.body).toBe(200);
  const { files } = res.json() as StartExtractionResult;
  const [row] = await waitForFiles(ctx, [files[0]!.fileAuditId]);
  return row!;
}

export function selectStagedTransactions(ctx: TestContext, batchFileId: number) {
  return ctx.database.db
    .select()
    .from(stagingTransactions)
    .where(eq(stagingTransactions.batchFileId, batchFileId))
    .orderBy(asc(stagingTransactions.rowNumber));
}

/**
 * One upload dialog of several files: each uploaded, then one start-extraction for all of them;
 * answers the batch file rows (in the order given) once every job is done.
 */
export async function extractTogether(
  ctx: TestContext,
  user: SignedInUser,
  world: ExtractionWorld,
  named: readonly (readonly [fileName: string, body: Buffer])[],
) {
  const fileIds = [];
  for (const [fileName, body] of named) fileIds.push(await uploadToBatch(ctx, user, world, fileName, body));
  const res = await startExtraction(ctx, user, world.batchId, fileIds);
  expect(res.statusCode, res.body).toBe(200);
  const ids = (res.json() as StartExtractionResult).files.map((f) => f.fileAuditId);
  const rows = await waitForFiles(ctx, ids);
  return ids.map((id) => rows.find((r) => r.batchFileId === id)!);
}

/** Every staged transaction of the batch, by file and row: what a test compares before and after. */
export async function selectBatchStagedTransactions(ctx: TestContext, batchId: number) {
  const rows = await ctx.database.db
    .select()
    .from(stagingTransactions)
    .where(eq(stagingTransactions.batchId, batchId))
    .orderBy(asc(stagingTransactions.batchFileId), asc(stagingTransactions.rowNumber));
  return rows;
}
