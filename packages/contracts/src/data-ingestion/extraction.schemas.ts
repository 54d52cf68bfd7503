import { z } from 'zod';
import { MSG } from '../common/messages';

// ingestion-analysis.md 2 "Extraction Progress dialog" and 7 "Upload and extraction": Retry
// Extraction, the source and Excel downloads, Pull Transaction Data.

/** POST /api/data-ingestion/retry-extraction/: failed files (fileAuditIds) are queued again. */
export const RetryExtractionBodySchema = z.object({
  fileAuditIds: z
    .array(z.number({ error: MSG.required }).int().positive())
    .min(1, MSG.required)
    .max(200),
});
export type RetryExtractionBody = z.input<typeof RetryExtractionBodySchema>;

export const RetryExtractionResultSchema = z.object({
  msg: z.string(),
  files: z.array(z.object({ fileAuditId: z.number().int(), jobId: z.string() })),
});
export type RetryExtractionResult = z.infer<typeof RetryExtractionResultSchema>;

/**
 * POST /api/data-ingestion/download/{fileAuditId} {fileName, stageFolderName} (spec 7: the canonical or
 * validated file, "file name and kind sent"): a signed link to a CSV the server writes from the file's
 * staged rows in the canonical layout, every row ('canonical') or only the validated ones ('validated',
 * the Validated Files dialog's download). fileName names the download.
 */
export const STAGE_FOLDERS = ['canonical', 'validated'] as const;
export type StageFolder = (typeof STAGE_FOLDERS)[number];
export const StagedFileDownloadBodySchema = z.object({
  fileName: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(255),
  stageFolderName: z.enum(STAGE_FOLDERS, { error: MSG.required }),
});
export type StagedFileDownloadBody = z.input<typeof StagedFileDownloadBodySchema>;

/** The CSV's name: the file's name with the kind before a .csv extension ('july-validated.csv'). */
export function stagedFileNameOf(fileName: string, stageFolder: StageFolder): string {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}-${stageFolder}.csv`;
}

/**
 * GET /api/data-ingestion/download/{fileAuditId} (the source) and /download-excel/{fileAuditId} (the
 * .xlsx copy, when hasExcel): a signed link ({url}) to fetch without the authorization header; the
 * file comes as an application/octet-stream attachment.
 */
export const FileAuditIdParamsSchema = z.object({ fileAuditId: z.coerce.number().int().positive() });

/**
 * POST /api/data-ingestion/pull-transactions: spec 7's batchId and userId (the signed-in user is the
 * one who pulls; userId is not read).
 */
export const PullTransactionsBodySchema = z.object({
  batchId: z.number({ error: MSG.required }).int().positive(MSG.required),
  userId: z.number().int().positive().optional(),
});
export type PullTransactionsBody = z.input<typeof PullTransactionsBodySchema>;

/**
 * msg is shown as the message. The pull is staged like a file: fileAuditId names the pulled "file"
 * in the Extraction Progress list; unmatchedAccounts are the provider's accounts that match none (or
 * several) of the client's accounts at the bank, their transactions left out.
 */
export const PullTransactionsResultSchema = z.object({
  msg: z.string(),
  fileAuditId: z.number().int(),
  rowCount: z.number().int(),
  unmatchedAccounts: z.array(
    z.object({
      name: z.string(),
      mask: z.string().nullable(),
      transactionCount: z.number().int(),
      reason: z.enum(['no-account', 'several-accounts', 'not-in-batch']),
    }),
  ),
});
export type PullTransactionsResult = z.infer<typeof PullTransactionsResultSchema>;

/**
 * What a finished extraction job answers (GET /api/jobs/{jobId} result): the file's outcome as the
 * Extraction Progress list shows it.
 */
export const ExtractionJobResultSchema = z.object({
  fileAuditId: z.number().int(),
  status: z.enum(['Extracted', 'Failed', 'Replaced']),
  rowCount: z.number().int(),
  duplicateCount: z.number().int(),
  message: z.string().nullable(),
});
export type ExtractionJobResult = z.infer<typeof ExtractionJobResultSchema>;
