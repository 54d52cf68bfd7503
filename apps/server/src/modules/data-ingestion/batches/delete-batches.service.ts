import { eq } from 'drizzle-orm';
import { BATCH_MSG, type IngestionDeletion } from '@tideline/contracts/data-ingestion/batches.schemas';
import { INGESTION_STATUS } from '@tideline/contracts/data-ingestion/open-reports.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { batches } from '../../../db/schema';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { notFound } from '../../../platform/http/app-error';
import type { Storage } from '../../../platform/storage/storage';
import { findVisibleBatch } from './batches.service';
import * as q from './delete-batches.queries';
import type { IngestionDeps } from '../ingestion-deps';
import { lockOpenReport, updateIngestionStatus } from './open-reports.queries';

export interface DeletedBatches {
  deleted: IngestionDeletion;
  /** Storage keys of the deleted files: removed from storage once the transaction has committed. */
  storageKeys: string[];
}

/**
 * Deletes whole batches inside the caller's transaction: staging rows of the five tables, batch
 * accounts, batch files, the batches, and the stored files nothing validated still refers to. One
 * audit row per batch and per stored file; the caller audits what it deleted them for.
 */
export async function deleteBatchesInTransaction(
  tx: DbOrTx,
  clientId: number,
  batchIds: readonly number[],
  ctx: AuditContext,
): Promise<DeletedBatches> {
  if (batchIds.length === 0) {
    return {
      deleted: { batches: 0, batchAccounts: 0, batchFiles: 0, stagingRows: 0, storedFiles: 0 },
      storageKeys: [],
    };
  }
  const fileIds = await q.selectBatchFileIds(tx, batchIds);
  const stagingRows = await q.deleteStagingRows(tx, batchIds);
  const batchAccounts = await q.deleteBatchAccountRows(tx, batchIds);
  const batchFiles = await q.deleteBatchFileRows(tx, batchIds);
  const batches = await q.deleteBatchRows(tx, batchIds);
  const files = await q.deleteUnreferencedFiles(tx, fileIds);
  for (const batch of batches) {
    await writeAudit(tx, ctx, {
      action: 'batch.deleted',
      entity: 'batch',
      entityId: batch.batchId,
      before: { ...batch, clientId },
      clientIds: [clientId],
    });
  }
  for (const file of files) {
    await writeAudit(tx, ctx, {
      action: 'file.deleted',
      entity: 'file',
      entityId: file.fileId,
      before: file,
      clientIds: file.clientId === null ? [clientId] : [file.clientId],
    });
  }
  return {
    deleted: { batches: batches.length, batchAccounts, batchFiles, stagingRows, storedFiles: files.length },
    storageKeys: files.map((f) => f.storageKey),
  };
}

/**
 * After the commit: the objects of deleted files. Storage is not transactional, so this comes last;
 * an object that cannot be removed now is logged and left (it belongs to no file row any more).
 */
export async function removeStoredObjects(
  storage: Storage,
  keys: readonly string[],
  log: (err: unknown, key: string) => void,
): Promise<void> {
  for (const key of keys) {
    await storage.deleteObject(key).catch((err: unknown) => log(err, key));
  }
}

/**
 * DELETE /batches/{id} (DELETE_BATCHES): one batch with everything staged for it. Its report goes
 * back to NOT STARTED when no batch is left, as before Start Ingestion.
 */
export async function deleteBatch(
  deps: IngestionDeps,
  user: CurrentUser,
  batchId: number,
  ctx: AuditContext,
): Promise<{ msg: string; deleted: IngestionDeletion }> {
  const batch = await findVisibleBatch(deps.db, user, batchId);
  const { deleted, storageKeys } = await deps.db.transaction(async (tx) => {
    const report = await lockOpenReport(tx, batch.clientId);
    const result = await deleteBatchesInTransaction(tx, batch.clientId, [batchId], ctx);
    if (result.deleted.batches === 0) throw notFound(BATCH_MSG.notFound);
    if (report && report.ingestionStatus !== INGESTION_STATUS.notStarted && !(await hasBatches(tx, report))) {
      await updateIngestionStatus(tx, report.openReportId, INGESTION_STATUS.notStarted);
      await writeAudit(tx, ctx, {
        action: 'open_report.updated',
        entity: 'open_report',
        entityId: report.openReportId,
        before: { clientId: batch.clientId, ingestionStatus: report.ingestionStatus },
        after: { clientId: batch.clientId, ingestionStatus: INGESTION_STATUS.notStarted },
      });
    }
    return result;
  });
  await removeStoredObjects(deps.storage, storageKeys, (err, key) =>
    deps.log.warn({ err, key }, 'could not remove the object of a deleted batch file'),
  );
  return { msg: BATCH_MSG.deleted, deleted };
}

async function hasBatches(tx: DbOrTx, report: { openReportId: number }): Promise<boolean> {
  const [row] = await tx
    .select({ batchId: batches.batchId })
    .from(batches)
    .where(eq(batches.openReportId, report.openReportId))
    .limit(1);
  return row !== undefined;
}
