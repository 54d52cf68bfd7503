import { z } from 'zod';
import { MSG } from '../common/messages';
import { MIME_TYPE_PATTERN, FILE_MSG, UPLOAD_EXTENSIONS } from '../files/files.schemas';
import { FILE_TEMPLATE_TYPES } from './batch-files.schemas';

// ingestion-analysis.md 2 "Upload dialog", 4 "Upload flow", 5 (accepted extensions), 7 "Upload and
// extraction", 8 (texts); ingestion.md "Extraction pipeline" steps 7-8. The flow: POST /upload-url per
// file (a signed form), post the file there, POST /api/files/{fileId}/complete (the files flow), then
// POST /start-extraction with the files that succeeded; a cancelled upload calls DELETE /files/.

export const EXTRACTION_MSG = {
  fileTypeNotAccepted: 'File type not accepted.',
  initiateFailed: 'Failed to initiate the data extraction process',
  retryFailed: 'Failed to retry file(s).',
  retryConfirm: 'Are you sure you want to retry the extraction?',
  downloadFailed: 'Failed to download file.',
  downloaded: 'File downloaded successfully!',
  downloadInitiated: 'File download initiated.',
  // Ours.
  fileNotFound: 'File not found.',
  nameTaken: 'A file of this name is already in this batch. Allow overwrite to replace it.',
  stillExtracting: 'A file of this name is still being extracted in this batch. Try again when it is done.',
  // Issue 40 point 2: its worker was killed or lost on the last attempt.
  stopped: 'The extraction was stopped: retry it.',
  templateTypeInvalid: "This template type is not one of the batch's.",
  fileInBatch: 'This file is already part of a batch and cannot be removed here.',
  onlyFailedRetried: 'Only failed files can be retried.',
  noExcel: 'This file has no Excel copy.',
  uploadCancelled: 'The uploaded files were removed.',
} as const;

/**
 * Spec 5's accepted extensions (csv, xls, xlsx, txt, pdf, json) and the bank formats' own names (BAI2,
 * camt, OFX/QFX/QBO, MT940: files.schemas UPLOAD_EXTENSIONS): ingestion.md step 2 reads those natively. Anything else is refused
 * with 'File type not accepted.' before it is uploaded; the server checks the content again.
 */
export const STATEMENT_UPLOAD_EXTENSIONS = UPLOAD_EXTENSIONS;

export function isAcceptedStatementFile(fileName: string): boolean {
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return (STATEMENT_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * Spec 4 step 1: spaces are removed from file names. Only the last path part is kept, so a name with
 * path characters is a name, never a place (storage keys are ours anyway).
 */
export function toUploadFileName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').replace(/\s+/g, '');
}

const UploadFileNameSchema = z
  .string()
  .transform(toUploadFileName)
  .pipe(
    z
      .string()
      .min(1, MSG.required)
      .max(255, 'The file name is too long.')
      .refine(isAcceptedStatementFile, EXTRACTION_MSG.fileTypeNotAccepted),
  );

const positiveId = z.number({ error: MSG.required }).int().positive(MSG.required);

/**
 * POST /api/data-ingestion/upload-url (ours; spec 7 "Get upload permission"): the batch, its client
 * and bank, the file's template type (a Hybrid batch's per-file Transaction or Investment; others
 * their batch's, which is also the default) and the file. Answers the files flow's SignedUpload
 * (fileId, url, fields including key): post the file there as multipart form data, then
 * POST /api/files/{fileId}/complete.
 */
export const BatchUploadRequestSchema = z.object({
  batchId: positiveId,
  clientId: positiveId,
  bankId: positiveId,
  templateType: z.enum(FILE_TEMPLATE_TYPES).optional(),
  fileName: UploadFileNameSchema,
  contentType: z
    .string()
    .regex(MIME_TYPE_PATTERN, FILE_MSG.contentTypeInvalid)
    .default('application/octet-stream'),
  sizeBytes: z.number().int().positive('The file is empty.'),
});
export type BatchUploadRequest = z.input<typeof BatchUploadRequestSchema>;

/** One uploaded file to extract: its fileId, and per file the template type and overwrite toggle. */
export const SuccessfulFileSchema = z.object({
  fileId: positiveId,
  /** Hybrid batches: Transaction or Investment (Investment when absent, spec 9). */
  templateType: z.enum(FILE_TEMPLATE_TYPES).optional(),
  /** The dialog's per-file toggle; absent: the request's allowOverwrite. */
  allowOverwrite: z.boolean().optional(),
});
export type SuccessfulFile = z.infer<typeof SuccessfulFileSchema>;

/**
 * POST /api/data-ingestion/start-extraction {fileUpload}: one extraction job per file. userId is the
 * spec's and is not read: the signed-in user is the uploader.
 */
export const StartExtractionBodySchema = z.object({
  fileUpload: z.object({
    userId: z.number().int().positive().optional(),
    batchId: positiveId,
    successfulFileList: z.array(SuccessfulFileSchema).min(1, MSG.required).max(200),
    allowOverwrite: z.boolean().default(false),
  }),
});
export type StartExtractionBody = z.input<typeof StartExtractionBodySchema>;

/**
 * 200: msg (shown as the message), the files queued (fileAuditId, the job to poll, and the file it
 * replaces when overwritten) and the files refused with the reason (a name already in the batch
 * without allowOverwrite). 409 when every file was refused.
 */
export const StartExtractionResultSchema = z.object({
  msg: z.string(),
  files: z.array(
    z.object({
      fileAuditId: z.number().int(),
      fileId: z.number().int(),
      fileName: z.string(),
      jobId: z.string(),
      replacedFileAuditId: z.number().int().nullable(),
    }),
  ),
  refused: z.array(z.object({ fileId: z.number().int(), fileName: z.string(), reason: z.string() })),
});
export type StartExtractionResult = z.infer<typeof StartExtractionResultSchema>;

/**
 * DELETE /api/data-ingestion/files/ {fileUpload:{fileList}}: CANCEL UPLOAD removes the files this
 * upload stored (ids from /upload-url), before start-extraction took them.
 */
export const DeleteUploadedFilesBodySchema = z.object({
  fileUpload: z.object({
    fileList: z.array(positiveId).min(1, MSG.required).max(200),
  }),
});
export type DeleteUploadedFilesBody = z.input<typeof DeleteUploadedFilesBodySchema>;

export const DeleteUploadedFilesResultSchema = z.object({
  msg: z.string(),
  deleted: z.number().int(),
});
export type DeleteUploadedFilesResult = z.infer<typeof DeleteUploadedFilesResultSchema>;
