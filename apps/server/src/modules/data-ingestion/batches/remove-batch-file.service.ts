import {
  BATCH_RECOVERY_MSG as MSG,
  type BatchFileRemoved,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { assertClientAccess } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { conflict, notFound } from '../../../platform/http/app-error';
import type { IngestionDeps } from '../ingestion-deps';
import { refreshAnalysisStatus, refreshBatchClosure } from '../promotion/batch-closure';
import { deleteFilesStagingRows, lockBatchAccounts } from '../staging/stage-file.queries';
import { lockBatch, selectBatchFile } from '../upload/batch-files.queries';
import { deleteUnreferencedFiles } from './delete-batches.queries';
import { removeStoredObjects } from './delete-batches.service';
import { lockOpenReport } from './open-reports.queries';
import * as q from './remove-batch-file.queries';

// Issue 42 point 3: a file uploaded to the wrong batch leaves it with its staged rows, in one
// transaction; its accounts without another file go back to Needs Files, and the same name can be
// uploaded again (to this batch or the right one). A file being read, or one whose rows validation
// already put in the books, stays (the books name the file they came from).

/** DELETE /batch-files/{fileAuditId} (UPLOAD_FILES): another client's file answers 404, as a missing one. */
export async function removeBatchFile(
  deps: IngestionDeps,
  user: CurrentUser,
  batchFileId: number,
  ctx: AuditContext,
): Promise<BatchFileRemoved> {
  const found = await selectBatchFile(deps.db, batchFileId);
  if (!found) throw notFound(MSG.fileNotFound);
  assertClientAccess(user, found.clientId, MSG.fileNotFound);
  const { storageKeys, stagingRows } = await deps.db.transaction(async (tx) => {
    // The report's, then the batch's lock (start-extraction's): no upload or promotion interleaves.
    await lockOpenReport(tx, found.clientId);
    await lockBatch(tx, found.batchId);
    const file = await selectBatchFile(tx, batchFileId);
    if (!file) throw notFound(MSG.fileNotFound);
    if (file.status === 'Queued' || file.status === 'In Progress')
      throw conflict(MSG.fileBeingExtracted(file.uploadedFileName));
    if (file.status === 'Validated' || (await q.isFileInBooks(tx, batchFileId)))
      throw conflict(MSG.fileValidated(file.uploadedFileName));
    if (file.status === 'Replaced') throw conflict(MSG.fileReplaced(file.uploadedFileName));
    const holders = await q.selectFileHolders(tx, batchFileId);
    await lockBatchAccounts(tx, holders);
    await deleteFilesStagingRows(tx, [batchFileId]);
    const accounts = await q.resetHolders(tx, holders);
    await q.deleteBatchFileRow(tx, batchFileId);
    const stored = await deleteUnreferencedFiles(
      tx,
      file.excelFileId ? [file.fileId, file.excelFileId] : [file.fileId],
    );
    await writeAudit(tx, ctx, {
      action: 'batch_file.deleted',
      entity: 'batch_file',
      entityId: batchFileId,
      before: {
        clientId: file.clientId,
        batchId: file.batchId,
        uploadedFileName: file.uploadedFileName,
        status: file.status,
        rowCount: file.rowCount,
      },
      after: { accounts, storedFilesDeleted: stored.map((f) => f.fileId) },
      clientIds: [file.clientId],
    });
    await refreshBatchClosure(tx, [file.batchId], ctx);
    await refreshAnalysisStatus(tx, [file.batchId], ctx);
    return { storageKeys: stored.map((f) => f.storageKey), stagingRows: file.rowCount };
  });
  await removeStoredObjects(deps.storage, storageKeys, (err, key) =>
    deps.log.warn({ err, key }, 'could not remove the object of a removed batch file'),
  );
  return { msg: MSG.fileRemoved, removed: { stagingRows, storedFiles: storageKeys.length } };
}
