import {
  AccountUploadResultSchema,
  type AccountUploadResult,
} from '@tideline/contracts/accounts/account-upload.schemas';
import { SignedUploadSchema, StoredFileSchema } from '@tideline/contracts/files/files.schemas';
import { JobStatusSchema, type JobStatus } from '@tideline/contracts/jobs/jobs.schemas';
import { apiRequest } from '../../lib/api-client';
import { messageOf } from './accounts.api';

// The files flow (POST /api/files/upload-url, post the signed form, POST /api/files/{id}/complete),
// then POST /api/accounts/upload, then the extraction jobs (GET /api/jobs/{id}).

/** Thrown when the user cancels an upload in flight. */
export class UploadAbortedError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadAbortedError';
  }
}

/** Posts the signed form with XMLHttpRequest, the one browser API that reports upload progress. */
function postForm(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      signal.removeEventListener('abort', abort);
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(`The upload failed (${xhr.status}).`));
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', abort);
      reject(new Error('The upload failed.'));
    };
    xhr.onabort = () => reject(new UploadAbortedError());
    signal.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}

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
        contentType: file.type || 'text/csv',
        sizeBytes: file.size,
        clientId,
      },
      signal,
    }),
  );
  const form = new FormData();
  // As with S3, the signed fields come before the file.
  for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
  form.append('file', file, file.name);
  await postForm(signed.url, form, onProgress, signal);
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
