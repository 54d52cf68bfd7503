import { desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';
import { batchFiles } from '../../../db/schema';

const extractionFileFields = {
  fileAuditId: batchFiles.batchFileId,
  batchId: batchFiles.batchId,
  clientId: batchFiles.clientId,
  fileName: batchFiles.uploadedFileName,
  templateType: batchFiles.templateType,
  headerRow: batchFiles.headerRow,
  headerRowNumber: batchFiles.headerRowNumber,
  firstCell: batchFiles.firstCell,
  fileStatus: batchFiles.status,
  extractionMessage: batchFiles.extractionMessage,
  timestamp: batchFiles.updatedAt,
  sourceFileId: batchFiles.fileId,
  excelFileId: batchFiles.excelFileId,
  allowOverwrite: batchFiles.allowOverwrite,
  rowCount: batchFiles.rowCount,
  jobId: batchFiles.jobId,
  uploadedAt: batchFiles.createdAt,
};

/** Batch files under `where` (one batch or one client: both indexed by updated_at), newest first. */
export function selectExtractionFiles(db: DbOrTx, where: SQL) {
  return db
    .select(extractionFileFields)
    .from(batchFiles)
    .where(where)
    .orderBy(desc(batchFiles.updatedAt), desc(batchFiles.batchFileId));
}

export type ExtractionFileRow = Awaited<ReturnType<typeof selectExtractionFiles>>[number];

export const byBatch = (batchId: number) => eq(batchFiles.batchId, batchId);
export const byClient = (clientId: number) => eq(batchFiles.clientId, clientId);
