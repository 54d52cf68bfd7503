import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type { AuditContext } from '../../../platform/audit/write-audit';
import { writeAudit } from '../../../platform/audit/write-audit';
import * as fq from '../upload/batch-files.queries';
import { EXTRACT_BATCH_FILE_JOB, type ExtractBatchFileData } from './extract-batch-file.job';
import type { ExtractionDeps } from '../extraction-deps';

/**
 * One extraction job per Queued batch file (start-extraction, retry), its id kept on the file. The
 * jobs are sent after the files' transaction committed, so a job never looks for a file not yet
 * there; a file whose job cannot be sent ends Failed with a message, never Queued for ever.
 */
export async function queueExtractionJobs(
  deps: ExtractionDeps,
  files: readonly { fileAuditId: number; fileName: string }[],
  who: { clientId: number; userId: number },
  ctx: AuditContext,
): Promise<string[]> {
  const jobIds: string[] = [];
  for (const file of files) {
    const data: ExtractBatchFileData = { batchFileId: file.fileAuditId, ...who };
    try {
      const jobId = await deps.jobs.enqueue(EXTRACT_BATCH_FILE_JOB, data, {
        createdBy: who.userId,
        clientId: who.clientId,
      });
      await fq.updateBatchFile(deps.db, file.fileAuditId, { jobId });
      jobIds.push(jobId);
    } catch (err) {
      deps.log.error({ err, batchFileId: file.fileAuditId }, 'could not queue an extraction job');
      const message = `${file.fileName}: ${EXTRACTION_MSG.notQueued}`;
      await deps.db.transaction(async (tx) => {
        await fq.updateBatchFile(tx, file.fileAuditId, { status: 'Failed', extractionMessage: message });
        await writeAudit(tx, ctx, {
          action: 'batch_file.failed',
          entity: 'batch_file',
          entityId: file.fileAuditId,
          after: { clientId: who.clientId, status: 'Failed', extractionMessage: message },
        });
      });
      jobIds.push('');
    }
  }
  return jobIds;
}
