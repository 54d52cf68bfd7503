import { z } from 'zod';

// The quarter checklist (issue 42 point 1): the open report's stages from Start Report to Finalize,
// each with its state, its counts in a sentence and the one step that moves it on, on the client
// profile and the upload dashboard. GET /api/quarter-checklist/{clientId} (the path is ours).

export const QuarterChecklistParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });

/** The stages in the order the quarter runs them. */
export const QUARTER_STAGES = [
  'reportStarted',
  'ingestionStarted',
  'filesUploaded',
  'filesExtracted',
  'failedFiles',
  'accountsValidated',
  'batchesValidated',
  'tables',
  'monteCarlo',
  'shortTerm',
  'cashVest',
  'analysisCompleted',
  'reportGenerated',
  'reportCompleted',
  'reportFinalized',
] as const;
export type QuarterStage = (typeof QUARTER_STAGES)[number];

export const QUARTER_STAGE_LABELS: Record<QuarterStage, string> = {
  reportStarted: 'Report started',
  ingestionStarted: 'Ingestion started',
  filesUploaded: 'Files uploaded',
  filesExtracted: 'Files extracted',
  failedFiles: 'Failed files',
  accountsValidated: 'Accounts validated',
  batchesValidated: 'Batches validated',
  tables: 'Daily and monthly tables',
  monteCarlo: 'Monte Carlo',
  shortTerm: 'Short-term model',
  cashVest: 'cashVest',
  analysisCompleted: 'Analysis completed',
  reportGenerated: 'Report generated',
  reportCompleted: 'Report completed',
  reportFinalized: 'Report finalized',
};

/**
 * done: nothing left; next: the first stage not done (it carries the step); waiting: not done, after
 * the next one; attention: something went wrong that a person must fix (a failed file, a failed run).
 */
export const QUARTER_STAGE_STATES = ['done', 'next', 'waiting', 'attention'] as const;
export type QuarterStageState = (typeof QUARTER_STAGE_STATES)[number];

/** Where the step is taken: the web turns each into a link (the screens that hold the buttons). */
export const QUARTER_STEP_PLACES = [
  'clientReport',
  'clientBanks',
  'clientReports',
  'uploadDashboard',
  'analysisTables',
  'analysisMonteCarlo',
  'analysisShortTerm',
  'analysisCashVest',
] as const;
export type QuarterStepPlace = (typeof QUARTER_STEP_PLACES)[number];

export const QuarterStepSchema = z.object({
  /** The button's label, the spec's words where the spec has the button (e.g. 'Start Ingestion'). */
  label: z.string(),
  place: z.enum(QUARTER_STEP_PLACES),
});
export type QuarterStep = z.infer<typeof QuarterStepSchema>;

export const QuarterStageSchema = z.object({
  stage: z.enum(QUARTER_STAGES),
  label: z.string(),
  state: z.enum(QUARTER_STAGE_STATES),
  /** What was found, with the numbers ("14 of 18 files extracted, 2 failed"). */
  detail: z.string(),
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** The step that moves this stage on; set on the next stage and on stages that need attention. */
  step: QuarterStepSchema.nullable(),
});
export type QuarterStageRow = z.infer<typeof QuarterStageSchema>;

export const QuarterChecklistSchema = z.object({
  clientId: z.number().int(),
  /** The open report (or, once closed, the latest one); null before the first Start Report. */
  openReportId: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  stages: z.array(QuarterStageSchema),
});
export type QuarterChecklist = z.infer<typeof QuarterChecklistSchema>;
