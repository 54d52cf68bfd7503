import { DownloadUrlSchema } from '@tideline/contracts/files/files.schemas';
import {
  PullTransactionsResultSchema,
  RetryExtractionResultSchema,
  stagedFileNameOf,
  type PullTransactionsResult,
  type StageFolder,
} from '@tideline/contracts/data-ingestion/extraction.schemas';
import { apiRequest } from '../../lib/api-client';
import { saveSignedDownload } from '../../lib/save-file';

// Spec 7 "Upload and extraction": Retry Extraction, the downloads by fileAuditId, Pull Transaction Data.

/** POST /retry-extraction/: the failed files are queued again; answers the server's msg. */
export async function retryExtraction(fileAuditIds: number[]): Promise<string> {
  const answer = await apiRequest('/data-ingestion/retry-extraction/', {
    method: 'POST',
    body: { fileAuditIds },
  });
  return RetryExtractionResultSchema.parse(answer).msg;
}

/** Which stored copy of a batch file: the uploaded source or the .xlsx grid extraction wrote. */
export type DownloadKind = 'source' | 'excel';

/** The .xlsx copy keeps the source's name with its own extension. */
export function excelNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}.xlsx`;
}

/** GET /download/{fileAuditId} or /download-excel/{fileAuditId}: a signed link, then the file itself. */
export async function downloadBatchFile(
  file: { fileAuditId: number; fileName: string },
  kind: DownloadKind,
): Promise<void> {
  const path = kind === 'source' ? 'download' : 'download-excel';
  const { url } = DownloadUrlSchema.parse(await apiRequest(`/data-ingestion/${path}/${file.fileAuditId}`));
  await saveSignedDownload(url, kind === 'source' ? file.fileName : excelNameOf(file.fileName));
}

/**
 * POST /download/{fileAuditId} {fileName, stageFolderName}: the file's canonical or validated rows as a
 * CSV the server writes (spec 7: file name and kind sent), then the file itself.
 */
export async function downloadStagedFile(
  file: { fileAuditId: number; fileName: string },
  stageFolder: StageFolder,
): Promise<void> {
  const { url } = DownloadUrlSchema.parse(
    await apiRequest(`/data-ingestion/download/${file.fileAuditId}`, {
      method: 'POST',
      body: { fileName: file.fileName, stageFolderName: stageFolder },
    }),
  );
  await saveSignedDownload(url, stagedFileNameOf(file.fileName, stageFolder));
}

/** POST /pull-transactions {batchId}: the provider's transactions of the batch's period are staged. */
export async function pullTransactions(batchId: number, userId?: number): Promise<PullTransactionsResult> {
  const answer = await apiRequest('/data-ingestion/pull-transactions', {
    method: 'POST',
    body: { batchId, ...(userId ? { userId } : {}) },
  });
  return PullTransactionsResultSchema.parse(answer);
}
