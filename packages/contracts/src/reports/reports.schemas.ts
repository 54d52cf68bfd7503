import { z } from 'zod';
import { FrozenRunIdsSchema } from '../analysis/analysis.schemas';
import { MSG } from '../common/messages';
import { FILE_MSG, MIME_TYPE_PATTERN } from '../files/files.schemas';

// clients-accounts-investments-reports.md 2 "Reports tab", 3 "Report", "Report parameters",
// "Generate-report payload", 4, 5, 7 "Reports" (/api/reports), 8; design/reports.md "Life of a report".

export const REPORT_MSG = {
  // Spec 8, to the letter.
  editFailed: 'Failed to edit report.',
  noReport: 'No report available',
  downloadFailed: 'Failed to Download Report.',
  deleteFailed: 'Failed to delete the report.',
  presignedFailed: 'Failed to fetch presigned url.',
  uploadFailed: 'Failed to upload report.',
  updateFailed: 'Failed to update report.',
  finalizeFailed: 'Failed to finalize/unfinalize report.',
  generateFailed: 'Failed to generate report pdf.',
  fileTypeNotAccepted: 'File type not accepted.',
  oneFileOnly: 'Can only upload one report file at a time.',
  // Ours: the spec shows no success or refusal texts for these.
  notFound: 'Report not found.',
  publishedNoDelete: 'A published report cannot be deleted.',
  noOpenCycle: 'The client has no report in progress: start a report before generating one.',
  generating: 'The report is being generated.',
  /** The files flow's own words for an empty upload. */
  emptyFile: 'The file is empty.',
  stillGenerating: 'The report is still being generated; wait until it has finished.',
  /** Issue 40 point 4: one generation in flight per client; a second request, a double click, gets this. */
  alreadyGenerating: 'A report is already being generated for this client.',
  commentSaved: 'Report comment updated successfully.',
  finalized: 'Report finalized successfully.',
  unfinalized: 'Report unfinalized successfully.',
  deleted: 'Report deleted successfully.',
  completed: 'Report uploaded successfully.',
  uploadDiscarded: 'The upload was discarded.',
  fileInUse: 'This file belongs to a report and cannot be discarded.',
  fileNotOfReport: 'The file is not an upload for this report.',
  commentTooLong: (max: number) => `The comment can be at most ${max} characters.`,
  groupNotOfClient: (groupId: number) => `Account group ${groupId} does not belong to this client.`,
  accountNotOfClient: (accountId: number) => `Account ${accountId} does not belong to this client.`,
  benchmarkRange: 'The benchmark override is a percent from 0 to 100.',
  /** The job's failure message: the spec's text, then the reason. */
  jobFailed: (reason: string) => `Failed to generate report pdf. Reason: ${reason}`,
} as const;

/** Spec 5 and 9: the comment holds 200 characters; the table shows the first 100 then an ellipsis. */
export const REPORT_COMMENT_MAX = 200;
export const REPORT_COMMENT_PREVIEW = 100;

/** Spec 5: a report upload is one csv, xls, xlsx, txt or pdf file. */
export const REPORT_UPLOAD_EXTENSIONS = ['csv', 'xls', 'xlsx', 'txt', 'pdf'] as const;
export function isReportUploadFileName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return (REPORT_UPLOAD_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

/** Which stored PDF a download asks for: GET /download/{reportId}/{system|user}. */
export const REPORT_FILE_KINDS = ['system', 'user'] as const;
export type ReportFileKind = (typeof REPORT_FILE_KINDS)[number];

/** The generation job's state as the report row shows it (ours). */
export const REPORT_GENERATION_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportGenerationState = (typeof REPORT_GENERATION_STATES)[number];

const positiveId = z.coerce.number().int().positive();
export const ReportIdParamsSchema = z.object({ id: positiveId });
export const ReportClientParamsSchema = z.object({ clientId: positiveId });
export const ReportUploadParamsSchema = z.object({ clientId: positiveId, reportId: positiveId });
export const ReportFileParamsSchema = z.object({ fileId: positiveId });
export const ReportDownloadParamsSchema = z.object({
  reportId: positiveId,
  kind: z.enum(REPORT_FILE_KINDS, 'Choose system or user.'),
});

/** Spec 3 "Report", plus the client, the generation state and who generated it (ours). */
export const ReportSchema = z.object({
  reportId: z.number().int(),
  clientId: z.number().int(),
  /** ISO timestamp: when the report was generated (asked for); the list sorts by it, newest first. */
  systemReportGeneratedAt: z.string(),
  reportStartDate: z.string(),
  reportEndDate: z.string(),
  /** The system PDF's file name, null until the job has stored it. */
  systemReport: z.string().nullable(),
  /** The uploaded user report's file name, null until uploaded (the upload completes the report). */
  userReport: z.string().nullable(),
  /** The date the report was first published (its first finalize), YYYY-MM-DD. */
  presentationDate: z.string().nullable(),
  finalized: z.boolean(),
  published: z.boolean(),
  comment: z.string().nullable(),
  /** Name of the user who uploaded the user report. */
  uploadedBy: z.string().nullable(),
  createdBy: z.string().nullable(),
  generationStatus: z.enum(REPORT_GENERATION_STATES),
  /** Poll GET /api/jobs/{jobId} for progress while generationStatus is queued or running. */
  jobId: z.string().nullable(),
  /** Why the last generation failed (the job's reason), else null. */
  generationError: z.string().nullable(),
  /** The runs the report reads, fixed when it was generated (ours, issue 41 point 4); null before. */
  frozenRuns: FrozenRunIdsSchema.nullable().optional(),
});
export type Report = z.infer<typeof ReportSchema>;

const flag = (fallback: 0 | 1) =>
  z.preprocess(
    (v) => (typeof v === 'boolean' ? Number(v) : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.union([z.literal(0), z.literal(1)]).default(fallback),
  );
const groupIds = z
  .array(z.number().int().positive())
  .max(200)
  .default([])
  .transform((ids) => [...new Set(ids)]);
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const optionalId = z.preprocess(
  (v) => {
    const b = blankToNull(v);
    return typeof b === 'string' ? Number(b) : b;
  },
  z.number({ error: MSG.required }).int(MSG.required).positive(MSG.required).nullable().default(null),
);

/** The generate-report payload (spec 3), with the parameters list's flags that the payload omits. */
export const GenerateReportSchema = z
  .object({
    clientId: z.number({ error: MSG.required }).int().positive(),
    allAccountsGraph: groupIds,
    stressTestResult: groupIds,
    stackedAreaAndStats: groupIds,
    includeAllGraphs: groupIds,
    shortTermLiquidity: groupIds,
    liquidityLevelAmounts: flag(1),
    stmNetGraph: flag(1),
    stmMinTable: flag(1),
    liquidTargetAccount: flag(0),
    highYieldTargetAccountId: optionalId,
    /** A percent (4.25 means 4.25 %), replacing the benchmark rate in the high-yield section. */
    highYieldLiquidBenchmarkOverride: z.preprocess(
      (v) => {
        const b = blankToNull(v);
        return typeof b === 'string' ? (/^-?(\d+\.?\d*|\.\d+)$/.test(b.trim()) ? Number(b) : b) : b;
      },
      z
        .number({ error: MSG.fieldMustBeNumber })
        .min(0, REPORT_MSG.benchmarkRange)
        .max(100, REPORT_MSG.benchmarkRange)
        .nullable()
        .default(null),
    ),
    minTransacForClosureGroupId: optionalId,
    stmPrevQuarterResults: flag(0),
    zbaAccountStructure: flag(0),
    electronicTransacTemplate: flag(0),
  })
  .superRefine((v, ctx) => {
    // Spec 5: the high-yield target is required when liquidTargetAccount is on.
    if (v.liquidTargetAccount === 1 && v.highYieldTargetAccountId === null) {
      ctx.addIssue({ code: 'custom', path: ['highYieldTargetAccountId'], message: MSG.required });
    }
  })
  // Spec 5: when off, the target is cleared.
  .transform((v) => (v.liquidTargetAccount === 1 ? v : { ...v, highYieldTargetAccountId: null }));
export type GenerateReportInput = z.input<typeof GenerateReportSchema>;
export type GenerateReportPayload = z.output<typeof GenerateReportSchema>;

/** POST /api/reports/generate {reports}. */
export const GenerateReportBodySchema = z.object({ reports: GenerateReportSchema });

/** 201: the new report row and the job producing its PDF. */
export const GenerateReportResultSchema = z.object({
  msg: z.string(),
  report: ReportSchema,
  jobId: z.string(),
});
export type GenerateReportResult = z.infer<typeof GenerateReportResultSchema>;

const groupNames = z.array(z.string());
/**
 * GET /api/reports/{id}: spec 3 "Report parameters". Group lists are the groups' names; flags are 0/1;
 * shortTermLiquidity is in the payload though not in the spec's list, so it is shown too.
 */
export const ReportParametersSchema = z.object({
  reportId: z.number().int(),
  reportStartDate: z.string(),
  reportEndDate: z.string(),
  clientName: z.string(),
  stackedAreaAndStats: groupNames,
  includeAllGraphs: groupNames,
  minTransacForClosureGroupName: z.string().nullable(),
  allAccountsGraph: groupNames,
  zbaAccountStructure: z.number().int(),
  liquidityLevelAmounts: z.number().int(),
  liquidTargetAccount: z.number().int(),
  stressTestResult: groupNames,
  highYieldTargetAccountName: z.string().nullable(),
  stmNetGraph: z.number().int(),
  electronicTransacTemplate: z.number().int(),
  stmPrevQuarterResults: z.number().int(),
  highYieldLiquidBenchmarkOverride: z.number().nullable(),
  stmMinTable: z.number().int(),
  shortTermLiquidity: groupNames,
});
export type ReportParameters = z.infer<typeof ReportParametersSchema>;

/** Spec 5: up to 200 characters; blank clears the comment. */
export const ReportCommentSchema = z.object({
  comment: z.preprocess(
    (v) => (v === undefined ? null : v),
    z
      .string()
      .trim()
      .max(REPORT_COMMENT_MAX, REPORT_MSG.commentTooLong(REPORT_COMMENT_MAX))
      .nullable()
      .transform((c) => (c ? c : null)),
  ),
});
export type ReportCommentInput = z.input<typeof ReportCommentSchema>;
/** PUT /api/reports/comments/{id} {report}. */
export const ReportCommentBodySchema = z.object({ report: ReportCommentSchema });

/** Spec 4 and 7: PUT /api/reports/finalize-status/{id} {report: {finalizeStatus}}: 1 finalize, 0 unfinalize. */
export const FinalizeStatusSchema = z.object({
  finalizeStatus: z.preprocess(
    (v) => (typeof v === 'boolean' ? Number(v) : v),
    z.union([z.literal(0), z.literal(1)], 'Send 1 to finalize or 0 to unfinalize.'),
  ),
});
export const FinalizeStatusBodySchema = z.object({ report: FinalizeStatusSchema });

/**
 * GET /api/reports/upload/{clientId}/{reportId}?fileName=&contentType=&sizeBytes=: a presigned upload form
 * for the user report (the answer is the files module's SignedUploadSchema).
 */
export const ReportUploadQuerySchema = z.object({
  fileName: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(255, 'The file name is too long.')
    .refine(isReportUploadFileName, REPORT_MSG.fileTypeNotAccepted),
  contentType: z
    .string()
    .regex(MIME_TYPE_PATTERN, FILE_MSG.contentTypeInvalid)
    .default('application/octet-stream'),
  sizeBytes: z.coerce.number().int().positive(REPORT_MSG.emptyFile),
});
export type ReportUploadQuery = z.input<typeof ReportUploadQuerySchema>;
export type ReportUploadQueryParsed = z.output<typeof ReportUploadQuerySchema>;

/**
 * PUT /api/reports/{id} {reports}: completes the report with the uploaded file. The spec sends fileName,
 * comment and userId; we take the stored file's id from the presigned upload instead of trusting a name
 * (fileName is kept for display and must match the stored file's type), and the user from the session
 * (userId is accepted and ignored). A list of more than one file id is refused with the spec's message.
 */
export const CompleteReportSchema = z.object({
  fileId: z
    .union([z.number().int().positive(), z.array(z.number().int().positive())], MSG.required)
    .superRefine((v, ctx) => {
      if (Array.isArray(v) && v.length !== 1)
        ctx.addIssue({ code: 'custom', message: v.length === 0 ? MSG.required : REPORT_MSG.oneFileOnly });
    })
    .transform((v) => (Array.isArray(v) ? v[0]! : v)),
  fileName: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(255)
    .refine(isReportUploadFileName, REPORT_MSG.fileTypeNotAccepted),
  comment: ReportCommentSchema.shape.comment.optional(),
  userId: z.unknown().optional(),
});
export type CompleteReportInput = z.input<typeof CompleteReportSchema>;
export type CompleteReportParsed = z.output<typeof CompleteReportSchema>;
export const CompleteReportBodySchema = z.object({ reports: CompleteReportSchema });

/** Answers of the changing calls: the message and the report as it now is. */
export const ReportResultSchema = z.object({ msg: z.string(), report: ReportSchema });
export type ReportResult = z.infer<typeof ReportResultSchema>;

/** GET /api/reports/download/{reportId}/{kind}: a short-lived signed link and the file's name. */
export const ReportDownloadSchema = z.object({ url: z.string(), fileName: z.string() });
export type ReportDownload = z.infer<typeof ReportDownloadSchema>;
