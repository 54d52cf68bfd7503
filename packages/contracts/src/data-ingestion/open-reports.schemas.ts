import { z } from 'zod';
import { IngestionDeletionSchema } from './batches.schemas';

// ingestion-analysis.md 2 "Data ingestion: open batches", 3 "Open report", 7 "Open reports and batches".

/** The ingestion side of an open report: NOT STARTED (grey) until Start Ingestion, then IN PROGRESS. */
export const INGESTION_STATUS = { notStarted: 'NOT STARTED', inProgress: 'IN PROGRESS' } as const;

/** Spec 3: the analysis side, Data Ingestion until every batch is validated. */
export const ANALYSIS_STATUSES = [
  'Data Ingestion',
  'New Files Added',
  'Ready For Analysis',
  'In Progress',
  'Analysis Stopped',
] as const;

export const OPEN_REPORT_MSG = {
  notFound: 'Open report not found.',
  deleted: 'Open report deleted successfully.',
  deleteFailed: 'Failed to delete open reports',
  /** Spec 2: the 'Delete Batch' dialog of the open batches list. */
  deleteTitle: 'Delete Batch',
  deleteQuestion: (clientName: string) => `Are you sure you want to delete ${clientName}'s batch?`,
} as const;

/**
 * GET /api/data-ingestion/open-reports, 'Clients with Reports in Progress': spec 3's fields plus the
 * report's period and due date. sourcesRequired sums the batches'; collectionType lists the collection
 * types of the relationships batched; hasNotes: an active note on one of its batches.
 */
export const OpenReportRowSchema = z.object({
  openReportId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  createdAt: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  dueDate: z.string().nullable(),
  sourcesRequired: z.number().int(),
  collectionType: z.string().nullable(),
  status: z.string(),
  analysisStatus: z.string(),
  numberOfBatches: z.number().int(),
  hasNotes: z.boolean(),
});
export type OpenReportRow = z.infer<typeof OpenReportRowSchema>;

/** DELETE /api/data-ingestion/open-reports/{clientId}. */
export const OpenReportDeletedSchema = z.object({ msg: z.string(), deleted: IngestionDeletionSchema });
export type OpenReportDeleted = z.infer<typeof OpenReportDeletedSchema>;
