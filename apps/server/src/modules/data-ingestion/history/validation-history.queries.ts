import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { batchFiles, batches } from '../../../db/schema';
import { selectClientBatches } from '../batches/batches.queries';

/** The client's validated batches, of every cycle, open or closed. */
export function selectValidatedBatches(db: DbOrTx, clientId: number) {
  return selectClientBatches(db, and(eq(batches.clientId, clientId), isNotNull(batches.validatedAt)));
}

/** The files of those batches that were not replaced, in upload order. */
export function selectBatchFilesOf(db: DbOrTx, batchIds: readonly number[]) {
  return db
    .select({
      batchId: batchFiles.batchId,
      fileAuditId: batchFiles.batchFileId,
      uploadedFileName: batchFiles.uploadedFileName,
      fileStatus: batchFiles.status,
      dataExtractionMsg: batchFiles.extractionMessage,
      updatedAt: batchFiles.updatedAt,
    })
    .from(batchFiles)
    .where(and(inArray(batchFiles.batchId, [...batchIds]), ne(batchFiles.status, 'Replaced')))
    .orderBy(asc(batchFiles.createdAt), asc(batchFiles.batchFileId));
}
