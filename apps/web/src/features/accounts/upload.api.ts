import {
  AccountUploadResultSchema,
  type AccountUploadResult,
} from '@tideline/contracts/accounts/account-upload.schemas';
import {
  MIME_TYPE_PATTERN,
  SignedUploadSchema,
  StoredFileSchema,
} from '@tideline/contracts/files/files.schemas';
import { JobStatusSchema, type JobStatus } from '@tideline/contracts/jobs/jobs.schemas';
import { apiRequest } from '../../lib/api-client';
import { postSignedForm, UploadAbortedError } from '../../lib/post-signed-form';
import { messageOf } from './accounts.api';

// The files flow (POST /api/files/upload-url, post the signed form, POST /api/files/{id}/complete),
// then POST /api/accounts/upload, then the extraction jobs (GET /api/jobs/{id}).

/** Uploads one file for the client and answers its stored file id. */
export async function uploadFile(
  file: File,
  clientId: number,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<number> {
  const signed = SignedUploadSchema.parse(
    await apiRequest('/files/upload-url', {
      method: 'POST',
      body: {
        fileName: file.name,
        // The server takes a plain MIME token; a browser may report none, or one with parameters.
        contentType: MIME_TYPE_PATTERN.test(file.type) ? file.type : 'text/csv',
        sizeBytes: file.size,
        clientId,
      },
      signal,
    }),
  );
  await postSignedForm(signed, file, file.name, onProgress, signal);
  if (signal.aborted) throw new UploadAbortedError();
  const stored = StoredFileSchema.parse(
    await apiRequest(`/files/${signed.fileId}/complete`, { method: 'POST' }),
  );
  if (stored.status !== 'stored') throw new Error(stored.rejectReason ?? 'The file was rejected.');
  return stored.fileId;
}

/** Asks for the extraction of accounts from the uploaded files: one job per file. */
export async function startAccountExtraction(
  clientId: number,
  fileIds: number[],
): Promise<AccountUploadResult> {
  return AccountUploadResultSchema.parse(
    await apiRequest('/accounts/upload', {
      method: 'POST',
      body: { fileUpload: { clientId, successfulFileList: fileIds } },
    }),
  );
}

export async function fetchJob(jobId: string): Promise<JobStatus> {
  return JobStatusSchema.parse(await apiRequest(`/jobs/${jobId}`));
}

export async function retryJob(jobId: string): Promise<string | undefined> {
  return messageOf(await apiRequest(`/jobs/${jobId}/retry`, { method: 'POST' }));
}
