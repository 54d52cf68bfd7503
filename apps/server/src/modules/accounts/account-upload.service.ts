import {
  ACCOUNT_UPLOAD_COLUMNS,
  isAcceptedAccountUpload,
  type AccountExtractionResult,
  type AccountUploadResult,
} from '@tideline/contracts/accounts/account-upload.schemas';
import { ACCOUNT_MSG } from '@tideline/contracts/accounts/accounts.schemas';
import type { IngestWorkers, WorkerBudget } from '@tideline/ingest/worker/run-in-worker';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import type { AuditContext } from '../../platform/audit/write-audit';
import { writeAudit } from '../../platform/audit/write-audit';
import { badRequest, notFound } from '../../platform/http/app-error';
import {
  PermanentJobError,
  type JobContext,
  type JobDefinition,
  type JobRunner,
} from '../../platform/jobs/job-runner';
import type { Storage } from '../../platform/storage/storage';
import { canSeeFile } from '../files/files.service';
import * as uq from './account-upload.queries';
import { assertVisibleClient } from './accounts.service';
import { describeProblems, parseAccountCsv } from './parse-account-csv';

export const EXTRACT_ACCOUNTS_JOB = 'accounts.extract-csv';

export interface ExtractAccountsData {
  fileId: number;
  clientId: number;
  userId: number;
}

const FILE_NOT_FOUND = 'File not found.';
/** Bulk account files are small; a bigger one is a mistake, refused before it fills memory. */
const MAX_ACCOUNT_CSV_BYTES = 5 * 1024 * 1024;

/** 'Download Template': the header row the extractor expects. */
export function accountUploadTemplate(): string {
  return `${ACCOUNT_UPLOAD_COLUMNS.join(',')}\r\n`;
}

/**
 * POST /upload: the files the web uploaded through the files flow (upload-url, post, complete) become
 * one extraction job each; the answer carries the job ids to poll.
 */
export async function startAccountUpload(
  deps: { db: Db; jobs: JobRunner },
  user: CurrentUser,
  input: { clientId: number; successfulFileList: number[] },
): Promise<AccountUploadResult> {
  await assertVisibleClient(deps.db, user, input.clientId);
  const fileIds = [...new Set(input.successfulFileList)];
  const rows = await uq.selectFilesByIds(deps.db, fileIds);
  if (rows.length !== fileIds.length) throw notFound(FILE_NOT_FOUND);
  for (const row of rows) {
    if (!canSeeFile(user, row.clientId)) throw notFound(FILE_NOT_FOUND);
    if (row.clientId !== null && row.clientId !== input.clientId) throw notFound(FILE_NOT_FOUND);
    if (row.status !== 'stored') throw notFound(FILE_NOT_FOUND);
    if (!isAcceptedAccountUpload(row.fileName))
      throw badRequest(ACCOUNT_MSG.fileTypeNotAccepted, {
        successfulFileList: [ACCOUNT_MSG.fileTypeNotAccepted],
      });
  }
  const jobs = [];
  for (const row of rows) {
    const data: ExtractAccountsData = { fileId: row.fileId, clientId: input.clientId, userId: user.userId };
    const jobId = await deps.jobs.enqueue(EXTRACT_ACCOUNTS_JOB, data, {
      createdBy: user.userId,
      clientId: input.clientId,
    });
    jobs.push({ fileId: row.fileId, fileName: row.fileName, jobId });
  }
  return { msg: ACCOUNT_MSG.uploadStarted, jobs };
}

async function readStoredBytes(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.getObject(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_ACCOUNT_CSV_BYTES) {
      stream.destroy();
      throw new PermanentJobError(`${ACCOUNT_MSG.extractFailed} The file is larger than 5 MB.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface ExtractAccountsDeps {
  storage: Storage;
  /** The csv is read in an ingest worker: embedded mode runs jobs in the API process. */
  workers: IngestWorkers;
  budget: WorkerBudget;
}

/**
 * The extraction job: every row is checked before anything is written, and the file's accounts are
 * written in one transaction, so a file yields all its accounts or none. Idempotent: under a per-file
 * lock, a file whose accounts exist already (an earlier attempt committed) creates nothing again.
 */
export async function extractAccountsFromCsv(
  deps: ExtractAccountsDeps,
  job: Pick<JobContext<ExtractAccountsData>, 'db' | 'data' | 'jobId' | 'setProgress'>,
): Promise<AccountExtractionResult> {
  const { db, data } = job;
  const file = await uq.selectFileById(db, data.fileId);
  if (!file || file.status !== 'stored')
    throw new PermanentJobError(`${ACCOUNT_MSG.extractFailed} The file is missing.`);
  await job.setProgress(10, `Reading ${file.fileName}`);
  const bytes = await readStoredBytes(deps.storage, file.storageKey);
  const grid = await deps.workers.run('readGrid', { bytes, format: 'csv', limits: {} }, deps.budget);
  if (!grid.ok)
    throw new PermanentJobError(`${ACCOUNT_MSG.extractFailed} ${file.fileName}: ${grid.error.message}`);
  const rows = grid.value.sheets[0]?.rows ?? [];
  await job.setProgress(40, `Checking ${rows.length} rows of ${file.fileName}`);

  const ctx: AuditContext = { userId: data.userId, actorEmail: null, requestId: job.jobId, ipAddress: null };
  const result = await db.transaction(async (tx) => {
    await uq.lockFileExtraction(tx, file.fileId);
    const existing = await uq.selectAccountIdsFromFile(tx, file.fileId);
    if (existing.length > 0)
      return {
        fileId: file.fileId,
        createdCount: 0,
        accountIds: existing.map((a) => a.accountId),
        isAlreadyExtracted: true,
      };
    const parsed = parseAccountCsv(rows, await uq.selectRelatedBanks(tx, data.clientId));
    // A file with bad rows fails the same way every time: not retried (issue 20 point 8).
    if (!parsed.ok)
      throw new PermanentJobError(describeProblems(file.fileName, parsed.problems, parsed.badRows));
    // A row repeating an account the client has (same number, same bank or both without one) fails too.
    const known = await uq.selectAccountsByNumbers(
      tx,
      data.clientId,
      parsed.accounts.map((a) => a.accountNumber),
    );
    const repeats = parsed.accounts.filter((a) =>
      known.some(
        (k) => k.accountNumber.toLowerCase() === a.accountNumber.toLowerCase() && k.bankId === a.bankId,
      ),
    );
    if (repeats.length)
      throw new PermanentJobError(
        describeProblems(
          file.fileName,
          repeats.map(
            (a) =>
              `Row ${a.rowNumber}: an account with number ${a.accountNumber} already exists at this bank.`,
          ),
          repeats.map((a) => a.rowNumber),
        ),
      );
    const inserted = await uq.insertStagingAccounts(
      tx,
      parsed.accounts.map(({ rowNumber: _row, ...account }) => ({
        ...account,
        clientId: data.clientId,
        isStaging: true,
        sourceFileId: file.fileId,
      })),
    );
    await writeAudit(tx, ctx, {
      action: 'accounts.extracted',
      entity: 'file',
      entityId: file.fileId,
      after: {
        clientId: data.clientId,
        fileName: file.fileName,
        accountIds: inserted.map((a) => a.accountId),
      },
    });
    return {
      fileId: file.fileId,
      createdCount: inserted.length,
      accountIds: inserted.map((a) => a.accountId),
      isAlreadyExtracted: false,
    };
  });
  await job.setProgress(
    100,
    result.isAlreadyExtracted
      ? `${file.fileName} was extracted already: ${result.accountIds.length} accounts.`
      : `${result.createdCount} accounts extracted from ${file.fileName}.`,
  );
  return result;
}

/**
 * Registered in jobs.ts. A bad file fails at once (PermanentJobError); only a failure of the database
 * or the storage is tried again, once.
 */
export function extractAccountsJob(deps: ExtractAccountsDeps): JobDefinition<ExtractAccountsData> {
  return {
    name: EXTRACT_ACCOUNTS_JOB,
    retryLimit: 1,
    retryDelaySeconds: 2,
    expireInSeconds: 5 * 60,
    handle: (job) => extractAccountsFromCsv(deps, job),
  };
}
