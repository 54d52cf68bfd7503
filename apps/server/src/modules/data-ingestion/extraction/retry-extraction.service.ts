import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import type { RetryExtractionResult } from '@tideline/contracts/data-ingestion/extraction.schemas';
import type { CurrentUser } from '../../../platform/access/route-access';
import { assertClientAccess } from '../../../platform/access/client-scope';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { conflict, notFound } from '../../../platform/http/app-error';
import * as fq from '../upload/batch-files.queries';
import type { ExtractionDeps } from '../extraction-deps';
import { queueExtractionJobs } from './queue-extraction';

/**
 * POST /retry-extraction/ (MANAGE_TEMPLATES): failed files are queued again and read by the same job
 * (ingestion.md step 8), typically after a template was created or fixed. Every id must be a file the
 * user may see (404) and Failed (409), or nothing is queued.
 */
export async function retryExtraction(
  deps: ExtractionDeps,
  user: CurrentUser,
  fileAuditIds: readonly number[],
  ctx: AuditContext,
): Promise<RetryExtractionResult> {
  const ids = [...new Set(fileAuditIds)];
  const jobs = await deps.db.transaction(async (tx) => {
    const rows = await fq.selectBatchFiles(tx, ids);
    for (const id of ids) {
      const row = rows.find((r) => r.batchFileId === id);
      if (!row) throw notFound(EXTRACTION_MSG.fileNotFound);
      assertClientAccess(user, row.clientId, EXTRACTION_MSG.fileNotFound);
    }
    const notFailed = rows.filter((r) => r.status !== 'Failed');
    if (notFailed.length > 0)
      throw conflict(
        `${EXTRACTION_MSG.onlyFailedRetried} ${notFailed.map((r) => r.uploadedFileName).join(', ')}`,
      );
    for (const row of rows) {
      await fq.updateBatchFile(tx, row.batchFileId, {
        status: 'Queued',
        extractionMessage: null,
        headerRow: null,
        headerRowNumber: null,
        firstCell: null,
      });
      await writeAudit(tx, ctx, {
        action: 'batch_file.retried',
        entity: 'batch_file',
        entityId: row.batchFileId,
        before: { clientId: row.clientId, status: row.status, extractionMessage: row.extractionMessage },
        after: { clientId: row.clientId, status: 'Queued' },
      });
    }
    const queued: RetryExtractionResult['files'] = [];
    for (const row of rows) {
      const [jobId] = await queueExtractionJobs(deps, tx, [{ fileAuditId: row.batchFileId }], {
        clientId: row.clientId,
        userId: user.userId,
      });
      queued.push({ fileAuditId: row.batchFileId, jobId: jobId! });
    }
    return queued;
  });
  return {
    msg: `Extraction restarted for ${jobs.length} ${jobs.length === 1 ? 'file' : 'files'}.`,
    files: jobs,
  };
}
