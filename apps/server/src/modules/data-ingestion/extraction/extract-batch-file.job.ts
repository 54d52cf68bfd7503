import type { ExtractionJobResult } from '@tideline/contracts/data-ingestion/extraction.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import type { JobContext, JobDefinition } from '../../../platform/jobs/job-runner';
import * as fq from '../upload/batch-files.queries';
import { loadExtractionPlan } from './extraction-plan';
import type { ReadFailure } from './read-into-staging';
import { stageBatchFile, type StageDeps } from '../staging/stage-batch-file';

export const EXTRACT_BATCH_FILE_JOB = 'data-ingestion.extract-file';

export interface ExtractBatchFileData {
  batchFileId: number;
  clientId: number;
  /** Who uploaded or retried the file: the audit's actor. */
  userId: number;
}

type ExtractJob = Pick<JobContext<ExtractBatchFileData>, 'db' | 'data' | 'jobId' | 'setProgress'>;

const auditContext = (job: ExtractJob): AuditContext => ({
  userId: job.data.userId,
  actorEmail: null,
  requestId: job.jobId,
  ipAddress: null,
});

function toResult(row: fq.BatchFileRow, duplicateCount = 0): ExtractionJobResult {
  const status = row.status === 'Failed' || row.status === 'Replaced' ? row.status : 'Extracted';
  return {
    fileAuditId: row.batchFileId,
    status,
    rowCount: row.rowCount,
    duplicateCount,
    message: row.extractionMessage,
  };
}

/** The file ends Failed with a message the user can act on; nothing of it is staged. */
async function recordFailure(
  db: DbOrTx,
  file: fq.BatchFileRow,
  failure: Pick<ReadFailure, 'message' | 'header'>,
  ctx: AuditContext,
  from: readonly ('Queued' | 'In Progress')[] = ['In Progress'],
): Promise<fq.BatchFileRow | null> {
  return db.transaction(async (tx) => {
    const current = await fq.selectBatchFileStatus(tx, file.batchFileId);
    if (!current || !(from as readonly string[]).includes(current)) return null;
    const row = await fq.updateBatchFile(tx, file.batchFileId, {
      status: 'Failed',
      extractionMessage: failure.message,
      rowCount: 0,
      headerRow: failure.header?.headerRow ?? null,
      headerRowNumber: failure.header ? failure.header.headerRowNumber : null,
      firstCell: failure.header?.firstCell ?? null,
    });
    await writeAudit(tx, ctx, {
      action: 'batch_file.failed',
      entity: 'batch_file',
      entityId: file.batchFileId,
      before: { clientId: file.clientId, status: current },
      after: { clientId: file.clientId, status: 'Failed', extractionMessage: failure.message },
    });
    return row;
  });
}

/**
 * One uploaded file through ingestion.md steps 1-8. A file that cannot be read ends Failed (the job
 * itself succeeds: retrying would fail the same way); a fault of the system (database, storage, a
 * worker killed) throws, and pg-boss runs the job again, which stages the file once.
 */
export async function extractBatchFile(deps: StageDeps, job: ExtractJob): Promise<ExtractionJobResult> {
  const claimed = await fq.claimBatchFile(job.db, job.data.batchFileId);
  if (!claimed) {
    const row = await fq.selectBatchFile(job.db, job.data.batchFileId);
    if (!row)
      return {
        fileAuditId: job.data.batchFileId,
        status: 'Replaced',
        rowCount: 0,
        duplicateCount: 0,
        message: null,
      };
    return toResult(row);
  }
  const ctx = auditContext(job);
  await job.setProgress(5, `Reading ${claimed.uploadedFileName}`);
  const plan = await loadExtractionPlan(job.db, claimed);
  if (!plan) {
    const message = `${claimed.uploadedFileName}: the stored file is missing. Upload it again.`;
    const row = await recordFailure(job.db, claimed, { message }, ctx);
    return toResult(row ?? claimed);
  }
  const outcome = await stageBatchFile(deps, plan, ctx);
  const row = await fq.selectBatchFile(job.db, claimed.batchFileId);
  if (outcome.kind === 'failed') {
    const failed = await recordFailure(job.db, claimed, outcome.failure, ctx);
    return toResult(failed ?? row ?? claimed);
  }
  await job.setProgress(100, row?.extractionMessage ?? undefined);
  return toResult(row ?? claimed, outcome.kind === 'staged' ? outcome.duplicateCount : 0);
}

/**
 * Registered in jobs.ts. expireInSeconds is the longest one file may take; a job still active past it
 * (its worker killed) is failed by pg-boss's maintenance and retried on another worker.
 */
export function extractBatchFileJob(
  deps: StageDeps,
  options: { expireInSeconds: number; lanes?: number },
): JobDefinition<ExtractBatchFileData> {
  return {
    name: EXTRACT_BATCH_FILE_JOB,
    lanes: options.lanes,
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: options.expireInSeconds,
    handle: (job) => extractBatchFile(deps, job),
    // The last attempt failed (not the file: the system): the file must not stay In Progress forever.
    // Stopped: its worker was killed on the last attempt, and the runner's sweep found it (issue 40).
    async onFinalFailure(job, message, how) {
      const file = await fq.selectBatchFile(job.db, job.data.batchFileId);
      if (!file) return;
      const reason = how?.stopped
        ? EXTRACTION_MSG.stopped
        : `The extraction stopped (${message}). Use Retry Extraction.`;
      await recordFailure(
        job.db,
        file,
        { message: `${file.uploadedFileName}: ${reason}` },
        auditContext(job),
        ['Queued', 'In Progress'],
      );
    },
  };
}
