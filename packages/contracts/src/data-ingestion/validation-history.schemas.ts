import { z } from 'zod';
import { BATCH_TEMPLATE_TYPES } from './batches.schemas';
import { BATCH_FILE_STATUSES } from './batch-files.schemas';
import { ReconciliationOverrideSchema } from './reconciliation.schemas';

// ingestion-analysis.md 3 "Validation history row" and 2 "Validated Files dialog": the client's
// validated batches (tab 'Ingested Batches'), newest first, each with its files.

export const ValidatedFileSchema = z.object({
  fileAuditId: z.number().int(),
  uploadedFileName: z.string(),
  fileStatus: z.enum(BATCH_FILE_STATUSES),
  dataExtractionMsg: z.string().nullable(),
  updatedAt: z.string(),
});
export type ValidatedFile = z.infer<typeof ValidatedFileSchema>;

export const ValidationHistoryRowSchema = z.object({
  batchId: z.number().int(),
  bankName: z.string(),
  accountName: z.string().nullable(),
  templateType: z.enum(BATCH_TEMPLATE_TYPES),
  createdAt: z.string(),
  totalFiles: z.number().int(),
  completedAt: z.string(),
  files: z.array(ValidatedFileSchema),
  /** Accounts validated without reconciling (issue 39): who, when, why and what the reconciliation said. */
  overrides: z.array(
    ReconciliationOverrideSchema.extend({
      accountName: z.string().nullable(),
      accountNumber: z.string().nullable(),
    }),
  ),
});
export type ValidationHistoryRow = z.infer<typeof ValidationHistoryRowSchema>;
