import type { DbOrTx } from '../../../db/open-database';
import * as fq from '../upload/batch-files.queries';
import { EXTRACT_BATCH_FILE_JOB, type ExtractBatchFileData } from './extract-batch-file.job';
import type { ExtractionDeps } from '../extraction-deps';

/**
 * One extraction job per Queued batch file (start-extraction, retry), its id kept on the file, sent in
 * the files' own transaction (issue 40 point 2): the file and its job commit together or not at all,
 * so no process stopped in between leaves a file Queued for ever, and no worker sees the job before
 * the file (it only becomes visible at the commit).
 */
export async function queueExtractionJobs(
  deps: Pick<ExtractionDeps, 'jobs'>,
  tx: DbOrTx,
  files: readonly { fileAuditId: number }[],
  who: { clientId: number; userId: number },
): Promise<string[]> {
  const jobIds: string[] = [];
  for (const file of files) {
    const data: ExtractBatchFileData = { batchFileId: file.fileAuditId, ...who };
    const jobId = await deps.jobs.enqueue(EXTRACT_BATCH_FILE_JOB, data, {
      createdBy: who.userId,
      clientId: who.clientId,
      tx,
    });
    await fq.updateBatchFile(tx, file.fileAuditId, { jobId });
    jobIds.push(jobId);
  }
  return jobIds;
}
