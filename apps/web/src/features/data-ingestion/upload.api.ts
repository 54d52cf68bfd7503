import {
  DeleteUploadedFilesResultSchema,
  StartExtractionResultSchema,
  type BatchUploadRequest,
  type StartExtractionBody,
  type StartExtractionResult,
} from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { SignedUploadSchema, StoredFileSchema } from '@tideline/contracts/files/files.schemas';
import { apiRequest } from '../../lib/api-client';
import { postSignedForm, UploadAbortedError } from '../../lib/post-signed-form';

// Spec 4 "Upload flow" and 7 "Upload and extraction": an upload permission per file (POST
// /data-ingestion/upload-url), the file posted to it, POST /files/{fileId}/complete (the files flow
// checks size and content), then POST /data-ingestion/start-extraction, or DELETE
// /data-ingestion/files/ when the user cancels.

/** What one file of the dialog is uploaded as. */
export type BatchUploadFile = Omit<BatchUploadRequest, 'contentType' | 'sizeBytes'> & { file: File };

/**
 * Uploads one file of a batch. `onFileId` hears the stored file's id as soon as the server hands it out,
 * so a cancelled upload can remove it even when the post itself did not finish.
 */
export async function uploadBatchFile(
  { file, ...request }: BatchUploadFile,
  onFileId: (fileId: number) => void,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<number> {
  const signed = SignedUploadSchema.parse(
    await apiRequest('/data-ingestion/upload-url', {
      method: 'POST',
      body: {
        ...request,
        // The server takes a plain MIME token; a browser may report none for a csv or a bank format.
        contentType: file.type || 'application/octet-stream',
        sizeBytes: file.size,
      },
      signal,
    }),
  );
  onFileId(signed.fileId);
  await postSignedForm(signed, file, request.fileName, onProgress, signal);
  if (signal.aborted) throw new UploadAbortedError();
  const stored = StoredFileSchema.parse(
    await apiRequest(`/files/${signed.fileId}/complete`, { method: 'POST', signal }),
  );
  if (stored.status !== 'stored') throw new Error(stored.rejectReason ?? 'The file was rejected.');
  return stored.fileId;
}

export async function startExtraction(body: StartExtractionBody): Promise<StartExtractionResult> {
  return StartExtractionResultSchema.parse(
    await apiRequest('/data-ingestion/start-extraction', { method: 'POST', body }),
  );
}

/** CANCEL UPLOAD: removes what this upload stored before extraction took it. */
export async function deleteUploadedFiles(fileList: number[]): Promise<string> {
  const answer = await apiRequest('/data-ingestion/files/', {
    method: 'DELETE',
    body: { fileUpload: { fileList } },
  });
  return DeleteUploadedFilesResultSchema.parse(answer).msg;
}
