import { z } from 'zod';

// ingestion-analysis.md 3 "Extraction file" and 2 "Extraction Progress dialog"; ingestion.md "Extraction
// pipeline". A batch file is one uploaded statement of a batch; its id is the spec's fileAuditId.

/**
 * Queued (start-extraction took it) -> In Progress (a worker reads it) -> Extracted (rows staged) or
 * Failed (extractionMessage says why; Retry Extraction queues it again). Replaced: a later upload of the
 * same name with allowOverwrite took its place (its staging rows are gone). Validated: its batch was
 * validated (the Validated Files dialog).
 */
export const BATCH_FILE_STATUSES = [
  'Queued',
  'In Progress',
  'Extracted',
  'Failed',
  'Replaced',
  'Validated',
] as const;
export type BatchFileStatus = (typeof BATCH_FILE_STATUSES)[number];

/** Counted by a batch's inProgressCount: the extraction poll runs while any file is in one of these. */
export const IN_PROGRESS_BATCH_FILE_STATUSES = ['Queued', 'In Progress'] as const;

/**
 * The template a file is read with: the batch's own type, or for a Hybrid batch the upload dialog's
 * per-file choice (Transaction or Investment, Investment by default: spec 9).
 */
export const FILE_TEMPLATE_TYPES = ['Transaction', 'Investment', 'Treasury'] as const;
export type FileTemplateType = (typeof FILE_TEMPLATE_TYPES)[number];
export const HYBRID_DEFAULT_FILE_TEMPLATE_TYPE: FileTemplateType = 'Investment';

/** Spec 9: the header row is cut at 100 characters with '...'. */
export const HEADER_ROW_CUT = 100;

/**
 * GET /api/data-ingestion/extraction-status/{batchId} and /extraction-status/client/{clientId}. The
 * spec's fields (fileAuditId, fileName, headerRow, fileStatus, extractionMessage, timestamp,
 * isTransaction, hasExcel) and what the dialog's actions need: the detected header row number and first
 * cell (Create Header Row / First Cell Template), the stored source and .xlsx copy ids (downloads).
 */
export const ExtractionFileSchema = z.object({
  fileAuditId: z.number().int(),
  batchId: z.number().int(),
  clientId: z.number().int(),
  fileName: z.string(),
  templateType: z.enum(FILE_TEMPLATE_TYPES),
  headerRow: z.string().nullable(),
  headerRowNumber: z.number().int().nullable(),
  firstCell: z.string().nullable(),
  fileStatus: z.enum(BATCH_FILE_STATUSES),
  extractionMessage: z.string().nullable(),
  /** When the status last changed. */
  timestamp: z.string(),
  isTransaction: z.boolean(),
  hasExcel: z.boolean(),
  sourceFileId: z.number().int(),
  excelFileId: z.number().int().nullable(),
  allowOverwrite: z.boolean(),
  rowCount: z.number().int(),
  jobId: z.string().nullable(),
  uploadedAt: z.string(),
});
export type ExtractionFile = z.infer<typeof ExtractionFileSchema>;
