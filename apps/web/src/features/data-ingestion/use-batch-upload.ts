import { useRef, useState } from 'react';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { FileTemplateType } from '@tideline/contracts/data-ingestion/batch-files.schemas';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { EXTRACTION_MSG } from '@tideline/contracts/data-ingestion/file-upload.schemas';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/api-messages';
import { useSessionStore } from '../../lib/session-store';
import { useRefreshBatch } from './data-ingestion.mutations';
import type { ChosenFile } from './upload-choice';
import { deleteUploadedFiles, startExtraction, uploadBatchFile } from './upload.api';

export interface UploadResult {
  uploaded: string[];
  failed: { name: string; reason: string }[];
  /** The start-extraction answer, shown as the message. */
  extractionMsg: string | null;
}

const UPLOAD_FAILED = 'The upload failed.';

/**
 * Why start-extraction refused a file: the server names each refused file's reason under its name
 * (fieldErrors) when it refuses them all; else its msg, else the spec's default.
 */
function refusalOf(error: unknown, fileName: string): string {
  if (error instanceof ApiError) {
    const reason = error.fieldErrors[fileName]?.[0];
    if (reason) return reason;
  }
  return failureMessage(error, EXTRACTION_MSG.initiateFailed);
}

/** Why a file did not arrive: the server's msg, the storage's refusal, or the post's own failure. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return failureMessage(error, UPLOAD_FAILED);
  return error instanceof Error && error.message ? error.message : UPLOAD_FAILED;
}

type Outcome = { file: ChosenFile; fileId: number } | { file: ChosenFile; reason: string };

/** Spec 9: the progress shown is the files' mean, in whole percent, never above 100. */
export function percentOf(progress: Readonly<Record<string, number>>, files: readonly ChosenFile[]): number {
  if (files.length === 0) return 0;
  const sum = files.reduce((total, f) => total + Math.min(1, progress[f.name] ?? 0), 0);
  return Math.min(100, Math.round((sum / files.length) * 100));
}

/**
 * Spec 4 "Upload flow": every file gets its upload permission and is posted at once (in parallel, one
 * request each); when the user did not cancel and a file arrived, extraction starts with those files,
 * each with its overwrite toggle and (hybrid batches) its template type. Cancelling removes what was
 * stored.
 */
export function useBatchUpload(batch: ClientBatch, onCancelled: () => void) {
  const userId = useSessionStore((s) => s.user?.userId);
  const refresh = useRefreshBatch();
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [isUploading, setIsUploading] = useState(false);
  const [result, setResult] = useState<UploadResult | null>(null);
  const controller = useRef<AbortController | null>(null);
  const isHybrid = batch.templateType === 'Hybrid';

  const typeOf = (file: ChosenFile): FileTemplateType | undefined =>
    isHybrid ? file.templateType : undefined;

  const sendAll = (files: readonly ChosenFile[], stored: Set<number>, signal: AbortSignal) =>
    Promise.all(
      files.map(async (file): Promise<Outcome> => {
        const request = {
          file: file.file,
          fileName: file.name,
          batchId: batch.batchId,
          clientId: batch.clientId,
          bankId: batch.bankId,
          templateType: typeOf(file),
        };
        const onProgress = (fraction: number) => setProgress((p) => ({ ...p, [file.name]: fraction }));
        try {
          const fileId = await uploadBatchFile(request, (id) => stored.add(id), onProgress, signal);
          return { file, fileId };
        } catch (error) {
          return { file, reason: reasonOf(error) };
        }
      }),
    );

  /** Starts extraction of the files that arrived; a file it refuses counts as failed. */
  const extract = async (arrived: { file: ChosenFile; fileId: number }[]): Promise<UploadResult> => {
    try {
      const started = await startExtraction({
        fileUpload: {
          userId,
          batchId: batch.batchId,
          successfulFileList: arrived.map(({ file, fileId }) => ({
            fileId,
            templateType: typeOf(file),
            allowOverwrite: file.allowOverwrite,
          })),
          allowOverwrite: false,
        },
      });
      enqueueSnackbar(started.msg, { variant: 'success' });
      const refused = new Set(started.refused.map((r) => r.fileName));
      return {
        uploaded: arrived.map((o) => o.file.name).filter((name) => !refused.has(name)),
        failed: started.refused.map((r) => ({ name: r.fileName, reason: r.reason })),
        extractionMsg: started.msg,
      };
    } catch (error) {
      enqueueSnackbar(failureMessage(error, EXTRACTION_MSG.initiateFailed), { variant: 'error' });
      // Nothing will read these files: they are removed rather than left stored.
      await cleanUp(arrived.map((o) => o.fileId));
      return {
        uploaded: [],
        failed: arrived.map((o) => ({ name: o.file.name, reason: refusalOf(error, o.file.name) })),
        extractionMsg: null,
      };
    }
  };

  const cleanUp = async (fileIds: number[]) => {
    if (fileIds.length === 0) return null;
    try {
      return await deleteUploadedFiles(fileIds);
    } catch (error) {
      console.error('Removing the uploaded files failed', error);
      return null;
    }
  };

  const upload = async (files: readonly ChosenFile[]) => {
    const abort = new AbortController();
    controller.current = abort;
    const stored = new Set<number>();
    setIsUploading(true);
    setProgress({});
    const outcomes = await sendAll(files, stored, abort.signal);
    controller.current = null;
    if (abort.signal.aborted) {
      const msg = await cleanUp([...stored]);
      enqueueSnackbar(msg ?? EXTRACTION_MSG.uploadCancelled, { variant: 'info' });
      setIsUploading(false);
      onCancelled();
      return;
    }
    const arrived = outcomes.flatMap((o) => ('fileId' in o ? [o] : []));
    const failed = outcomes.flatMap((o) => ('reason' in o ? [{ name: o.file.name, reason: o.reason }] : []));
    const extracted =
      arrived.length > 0 ? await extract(arrived) : { uploaded: [], failed: [], extractionMsg: null };
    if (arrived.length > 0) await refresh(batch);
    setIsUploading(false);
    setResult({ ...extracted, failed: [...failed, ...extracted.failed] });
  };

  return {
    upload,
    cancel: () => controller.current?.abort(),
    isUploading,
    progress,
    result,
  };
}
