import type { ExtractionFile } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { DbOrTx } from '../../../db/open-database';
import type { CurrentUser } from '../../../platform/access/route-access';
import { findVisibleBatch } from '../batches/batches.service';
import * as q from './extraction-status.queries';
import { findVisibleClientOption } from '../visible-client';

/**
 * Every field named, not spread: a client's list maps hundreds of rows, and spreading Drizzle's row
 * objects cost 2 ms a request with 40 ms pauses (bench/README.md "Data ingestion: open batches").
 */
export function toExtractionFile(row: q.ExtractionFileRow): ExtractionFile {
  return {
    fileAuditId: row.fileAuditId,
    batchId: row.batchId,
    clientId: row.clientId,
    fileName: row.fileName,
    templateType: row.templateType,
    headerRow: row.headerRow,
    headerRowNumber: row.headerRowNumber,
    firstCell: row.firstCell,
    fileStatus: row.fileStatus,
    extractionMessage: row.extractionMessage,
    timestamp: row.timestamp.toISOString(),
    isTransaction: row.templateType === 'Transaction',
    hasExcel: row.excelFileId !== null,
    sourceFileId: row.sourceFileId,
    excelFileId: row.excelFileId,
    allowOverwrite: row.allowOverwrite,
    rowCount: row.rowCount,
    jobId: row.jobId,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** GET /extraction-status/{batchId}: the Extraction Progress dialog of one batch. */
export async function listBatchExtraction(
  db: DbOrTx,
  user: CurrentUser,
  batchId: number,
): Promise<ExtractionFile[]> {
  await findVisibleBatch(db, user, batchId);
  return (await q.selectExtractionFiles(db, q.byBatch(batchId))).map(toExtractionFile);
}

/** GET /extraction-status/client/{clientId}: every batch file of the client. */
export async function listClientExtraction(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
): Promise<ExtractionFile[]> {
  await findVisibleClientOption(db, user, clientId);
  return (await q.selectExtractionFiles(db, q.byClient(clientId))).map(toExtractionFile);
}
