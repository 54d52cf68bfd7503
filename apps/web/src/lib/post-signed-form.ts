// The second step of the files flow (architecture.md "Files"): post a file to the signed upload form
// the server handed out, an S3 presigned POST in server mode or the server's own signed endpoint in
// embedded mode. Shared by the accounts bulk upload and the statement upload of data ingestion.

/** Thrown when the user cancels an upload in flight. */
export class UploadAbortedError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadAbortedError';
  }
}

export interface SignedForm {
  url: string;
  fields: Record<string, string>;
}

/**
 * Posts the file with the signed fields first (S3 requires them before the file), through
 * XMLHttpRequest: the one browser API that reports upload progress. `onProgress` gets 0..1.
 */
export function postSignedForm(
  signed: SignedForm,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return Promise.reject(new UploadAbortedError());
  const form = new FormData();
  for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
  form.append('file', file, fileName);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', signed.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
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
