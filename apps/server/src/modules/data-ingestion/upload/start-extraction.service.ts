import {
  EXTRACTION_MSG,
  toUploadFileName,
  type StartExtractionBodySchema,
  type StartExtractionResult,
} from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { FILE_MSG } from '@tideline/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/open-database';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { conflict, notFound } from '../../../platform/http/app-error';
import { canSeeFile, findStoredFile } from '../../files/files.service';
import * as fq from './batch-files.queries';
import { resolveFileTemplateType } from './batch-upload.service';
import { findVisibleBatch } from '../batches/batches.service';
import type { ExtractionDeps } from '../extraction-deps';
import { queueExtractionJobs } from '../extraction/queue-extraction';

type StartExtractionInput = z.output<typeof StartExtractionBodySchema>['fileUpload'];
type Created = Omit<StartExtractionResult['files'][number], 'jobId'>;

function describeStart(queued: number, refused: StartExtractionResult['refused']): string {
  const started = `Data extraction started for ${queued} ${queued === 1 ? 'file' : 'files'}.`;
  if (refused.length === 0) return started;
  return `${started} Not started: ${refused.map((r) => `${r.fileName} (${r.reason})`).join('; ')}`;
}

/**
 * POST /start-extraction (UPLOAD_FILES): each uploaded file of the list becomes a batch file, Queued,
 * with one extraction job. Under the batch's lock, a name already live in the batch is refused
 * unless overwrite is allowed for it; then the old file becomes Replaced (its rows go when the new
 * file's rows are staged, in the same transaction). The jobs are sent in that transaction too. All
 * files refused: 409, with each file's reason under its name in fieldErrors.
 */
export async function startExtraction(
  deps: ExtractionDeps,
  user: CurrentUser,
  input: StartExtractionInput,
  ctx: AuditContext,
): Promise<StartExtractionResult> {
  const batch = await findVisibleBatch(deps.db, user, input.batchId);
  const wanted = [...new Map(input.successfulFileList.map((f) => [f.fileId, f])).values()];
  const stored: {
    item: (typeof wanted)[number];
    file: NonNullable<Awaited<ReturnType<typeof findStoredFile>>>;
    templateType: ReturnType<typeof resolveFileTemplateType>;
  }[] = [];
  for (const item of wanted) {
    const file = await findStoredFile(deps.db, item.fileId);
    if (!file || !canSeeFile(user, file.clientId) || file.clientId !== batch.clientId)
      throw notFound(FILE_MSG.notFound);
    stored.push({ item, file, templateType: resolveFileTemplateType(batch.templateType, item.templateType) });
  }
  const refused: StartExtractionResult['refused'] = [];
  const queued = await deps.db.transaction(async (tx) => {
    await fq.lockBatch(tx, batch.batchId);
    const taken = new Set(
      await fq.selectTakenFileIds(
        tx,
        wanted.map((w) => w.fileId),
      ),
    );
    const out: Created[] = [];
    for (const { item, file, templateType } of stored) {
      const fileName = toUploadFileName(file.fileName);
      if (taken.has(file.fileId)) {
        refused.push({ fileId: file.fileId, fileName, reason: EXTRACTION_MSG.fileInBatch });
        continue;
      }
      const live = await fq.selectLiveFileByName(tx, batch.batchId, fileName);
      const allowOverwrite = item.allowOverwrite ?? input.allowOverwrite;
      if (live && !allowOverwrite) {
        refused.push({ fileId: file.fileId, fileName, reason: EXTRACTION_MSG.nameTaken });
        continue;
      }
      // Its job would stage it after this one took its place.
      if (live && (live.status === 'Queued' || live.status === 'In Progress')) {
        refused.push({ fileId: file.fileId, fileName, reason: EXTRACTION_MSG.stillExtracting });
        continue;
      }
      if (live) await replaceFile(tx, live, ctx);
      const row = await fq.insertBatchFile(tx, {
        clientId: batch.clientId,
        batchId: batch.batchId,
        fileId: file.fileId,
        uploadedFileName: fileName,
        templateType,
        allowOverwrite,
        uploadedBy: user.userId,
      });
      await writeAudit(tx, ctx, {
        action: 'batch_file.created',
        entity: 'batch_file',
        entityId: row.batchFileId,
        after: {
          clientId: batch.clientId,
          batchId: batch.batchId,
          fileId: file.fileId,
          fileName,
          templateType,
        },
      });
      out.push({
        fileAuditId: row.batchFileId,
        fileId: file.fileId,
        fileName,
        replacedFileAuditId: live?.batchFileId ?? null,
      });
    }
    if (out.length === 0) return [];
    const jobIds = await queueExtractionJobs(deps, tx, out, {
      clientId: batch.clientId,
      userId: user.userId,
    });
    return out.map((f, i) => ({ ...f, jobId: jobIds[i]! }));
  });
  // Issue 42 point 7: each file's own reason, by name, so the result dialog can say why (fieldErrors).
  if (queued.length === 0)
    throw conflict(
      describeStart(0, refused),
      Object.fromEntries(refused.map((r) => [r.fileName, [r.reason]])),
    );
  return { msg: describeStart(queued.length, refused), files: queued, refused };
}

async function replaceFile(tx: DbOrTx, live: fq.BatchFileRow, ctx: AuditContext) {
  await fq.updateBatchFile(tx, live.batchFileId, { status: 'Replaced' });
  await writeAudit(tx, ctx, {
    action: 'batch_file.replaced',
    entity: 'batch_file',
    entityId: live.batchFileId,
    before: { clientId: live.clientId, status: live.status },
    after: { clientId: live.clientId, status: 'Replaced' },
  });
}
