import { z } from 'zod';

// ingestion-analysis.md 2 "Analysis", 3 "Open report" (analysis side), 4 "Analysis gating", 7
// "Analysis" (GET open-reports, PUT complete-analysis/{clientId}), 8.

/** The client status (GET /api/clients/report-status) while the cycle's analysis is in progress. */
export const CLIENT_ANALYSIS_STATUS = 'Analysis';

export const ANALYSIS_MSG = {
  completed: 'Analysis completed.',
  completeFailed: 'Failed to complete analysis.',
  /** Ours: the spec offers Complete Analysis only in that state. */
  notInAnalysis: "Complete Analysis is offered only while the client's status is 'Analysis'.",
  noOpenReport: 'The client has no open report.',
  /** Issue 40 point 4: a second Complete Analysis of the cycle (a double click, another tab). */
  alreadyCompleted: "The analysis of this client's open report is already completed.",
  runCalculationsFailed: 'Failed to run calculations.',
  calculating: 'Calculating the daily and monthly tables.',
  tablesReady: 'The daily and monthly tables are up to date.',
} as const;

export const AnalysisClientParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });

/**
 * GET /api/analytics/open-reports, 'Clients with Open Reports' (creation date descending): the open
 * reports whose analysis is not completed. lastAnalysisDate is spec 3's "startDate (last analysis
 * date)": when the latest analysis of the cycle was run, or null.
 */
export const AnalysisOpenReportRowSchema = z.object({
  openReportId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  createdAt: z.string(),
  reportStartDate: z.string(),
  reportEndDate: z.string(),
  dueDate: z.string().nullable(),
  status: z.string(),
  lastAnalysisDate: z.string().nullable(),
});
export type AnalysisOpenReportRow = z.infer<typeof AnalysisOpenReportRowSchema>;

/**
 * Issue 41 point 4: the ids of the runs a completed analysis, a report or a cashVest score uses (they
 * keep a copy of each, so a later run, a deletion or an edit of levels changes nothing in them).
 */
export const FrozenRunIdsSchema = z.object({
  monteCarloIds: z.array(z.number().int()),
  shortTermModelIds: z.array(z.number().int()),
  /** A report's cashVest score. */
  cashVestId: z.number().int().nullable(),
});
export type FrozenRunIds = z.infer<typeof FrozenRunIdsSchema>;

export const CompleteAnalysisResultSchema = z.object({
  msg: z.string(),
  openReportId: z.number().int(),
  /** The runs the completed analysis keeps (ours, issue 41 point 4). */
  frozenRuns: FrozenRunIdsSchema.optional(),
});
export type CompleteAnalysisResult = z.infer<typeof CompleteAnalysisResultSchema>;
