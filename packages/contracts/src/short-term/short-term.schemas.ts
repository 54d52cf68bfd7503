import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText } from '../common/number-text';
import { isIsoDay, SHORT_TERM_MIN_MONTHS, spansShortTermHistory } from './short-term-dates';

// ingestion-analysis.md 2 "Short Term Model tab", 3 "Short term model", 4 "Short term model", 5 "Short
// term step 1" and "step 2", 7 "Analysis" (/api/analytics/short-term/...), 8, 9; the model is
// analytics.md "Short-term model".

export const SHORT_TERM_MSG = {
  step1Started: 'Step one analysis is running.',
  step2Started: 'Step two analysis is running.',
  step1Failed: 'Failed to Run Step One Analysis',
  step2Failed: 'Failed to Run Step Two Analysis',
  deleteTitle: 'Delete Analysis Group',
  /** Ours: the spec names the dialog only. */
  deleteWarning: 'This action cannot be undone.',
  step1Deleted: 'Analysis group deleted from the step 1 table.',
  step2Deleted: 'Analysis group deleted from the step 2 table.',
  step1DeleteFailed: 'Failed to delete analysis group from step 1 table',
  step2DeleteFailed: 'Failed to delete analysis group from step 2 table',
  downloadFailed: 'Failed to Download PDF',
  notFound: 'Short term model not found.',
  /** Spec 5: the note under the dates. */
  twentyFourMonths: `The end date must be at least ${SHORT_TERM_MIN_MONTHS} months after the start date.`,
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  startBeforeMinDate: (minDate: string) =>
    `The start date cannot be before the account group's first date, ${minDate}.`,
  groupWithoutData: 'The account group has no transactions: it has no first date to start from.',
  oneAdjustmentPerDate: 'Only one balance adjustment per date.',
  amountTooLarge: 'The amount is too large.',
  stillRunning: 'This analysis is still running; wait until it has finished.',
  /** Ours (issue 40 point 4): one run of each step in flight per client. */
  step1AlreadyRunning: 'A short term step 1 analysis is already in progress for this client.',
  step2AlreadyRunning: 'A short term step 2 analysis is already in progress for this client.',
  step1NotDone: 'Step 1 of this model has not finished.',
  step1NotReady: 'Step 1 is not ready (Step 1 Ready? is NO): fix the history and run step 1 again.',
  modelNameMismatch: 'Choose the model from the list.',
  noStep2: 'This model has no step 2 analysis.',
  noPdf: 'This model has no PDF yet.',
  noHistory: 'The account group has no balance history: none of its accounts has data.',
  noLiquidityLevels:
    'No strategic liquidity: the account group has no finished Monte Carlo analysis, so there are no current liquidity levels.',
  weeksRange: 'The number of weeks must be from 4 to 24.',
  /** Issue 41: the model did not beat the 52-week seasonal naive on its back-test. */
  naiveForecastUsed:
    'The naive forecast (same week last year) is used because the model did not beat it on this history.',
  /** The job's failure when something other than the data went wrong. */
  jobFailed: (step: 1 | 2, reason: string) =>
    `${step === 1 ? 'Failed to Run Step One Analysis' : 'Failed to Run Step Two Analysis'}: ${reason}`,
} as const;

/** Short-term forecast weeks: 4 to 24 (21 options), the widget's default 4; step 2 forecasts 24. */
export const SHORT_TERM_WEEKS = { min: 4, max: 24, widgetDefault: 4 } as const;
export const SHORT_TERM_WEEK_OPTIONS = Array.from(
  { length: SHORT_TERM_WEEKS.max - SHORT_TERM_WEEKS.min + 1 },
  (_, index) => SHORT_TERM_WEEKS.min + index,
);
/** Largest adjustment accepted: far past any real balance, well inside exact cents of a double. */
export const MAX_ADJUSTMENT_AMOUNT = 1e13;

export const SHORT_TERM_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ShortTermRunState = (typeof SHORT_TERM_RUN_STATES)[number];

const positiveId = z.coerce.number().int().positive();
export const ShortTermClientParamsSchema = z.object({ clientId: positiveId });
export const ShortTermIdParamsSchema = z.object({ id: positiveId });
export const ShortTermModelIdParamsSchema = z.object({ shortTermModelId: positiveId });
export const ShortTermGroupParamsSchema = z.object({ groupId: positiveId });
export const ShortTermClientGroupParamsSchema = z.object({ clientId: positiveId, groupId: positiveId });
/** GET short-term/list?clientId=: the model list of one client. */
export const ShortTermListQuerySchema = z.object({ clientId: positiveId });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const requiredId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: MSG.required }).int(MSG.required).positive(MSG.required),
);
const optionalId = z.preprocess(blankToUndefined, z.number().int().positive().optional());
const isoDay = z.string({ error: MSG.required }).trim().refine(isIsoDay, SHORT_TERM_MSG.invalidDate);
const requiredDay = z.preprocess(blankToUndefined, isoDay);
const nameSchema = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100, 'At most 100 characters.'),
);

/** Spec 5: optional minus, digits, optional decimal point ('Field must be a number.'). */
const AMOUNT_PATTERN = /^-?(\d+\.?\d*|\.\d+)$/;
const amountSchema = z.preprocess(
  (v) =>
    typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : plainNumberText(blankToUndefined(v)),
  z
    .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.fieldMustBeNumber) })
    .trim()
    .regex(AMOUNT_PATTERN, MSG.fieldMustBeNumber)
    .transform(Number)
    .refine((n) => Math.abs(n) < MAX_ADJUSTMENT_AMOUNT, SHORT_TERM_MSG.amountTooLarge),
);

/** A balance adjustment: a date and an amount (a known future payment or receipt, spec 5). */
export const BalanceAdjustmentInputSchema = z.object({ date: requiredDay, amount: amountSchema });
export const BalanceAdjustmentSchema = z.object({ date: z.string(), amount: z.number() });
export type BalanceAdjustment = z.infer<typeof BalanceAdjustmentSchema>;

const adjustmentsSchema = z
  .array(BalanceAdjustmentInputSchema)
  .max(500)
  .default([])
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.date))
        ctx.addIssue({ code: 'custom', path: [index, 'date'], message: SHORT_TERM_MSG.oneAdjustmentPerDate });
      seen.add(row.date);
    });
  });

const settingsShape = {
  addAnalysisName: nameSchema,
  accountGroupId: requiredId,
  startRange: requiredDay,
  endRange: requiredDay,
  balanceAdjustments: adjustmentsSchema,
};

const hasTwentyFourMonths = (v: { startRange: string; endRange: string }) =>
  spansShortTermHistory(v.startRange, v.endRange);
const twentyFourMonths = { path: ['endRange'], message: SHORT_TERM_MSG.twentyFourMonths };

/**
 * The step 1 Settings dialog (spec 5): name, account group, start and end date required; the end at
 * least 24 months after the start; each adjustment a date and a number. The group's minDate check
 * needs the chosen group: buildShortTermSettingsSchema.
 */
export const ShortTermSettingsSchema = z.object(settingsShape).refine(hasTwentyFourMonths, twentyFourMonths);
export type ShortTermSettings = z.input<typeof ShortTermSettingsSchema>;
export type ShortTermSettingsParsed = z.output<typeof ShortTermSettingsSchema>;

/** The dialog's schema once a group is chosen: the start date not before the group's minDate. */
export function buildShortTermSettingsSchema(minDate: string | null | undefined) {
  return ShortTermSettingsSchema.refine((v) => !minDate || v.startRange >= minDate, {
    path: ['startRange'],
    message: SHORT_TERM_MSG.startBeforeMinDate(minDate ?? ''),
  });
}

/**
 * POST /api/analytics/short-term/step-1/run, body {shortTerm}: spec 7's addAnalysisName,
 * accountGroupId, clientId, startRange, endRange and balanceAdjustments. shortTermModelId (ours) names
 * the row 'Edit & Rerun' started from: a failed step 1 is run again in place; any other row is kept
 * and a new model is recorded.
 */
export const ShortTermStep1InputSchema = z
  .object({ ...settingsShape, clientId: requiredId, shortTermModelId: optionalId })
  .refine(hasTwentyFourMonths, twentyFourMonths);
export type ShortTermStep1Input = z.input<typeof ShortTermStep1InputSchema>;
export type ShortTermStep1InputParsed = z.output<typeof ShortTermStep1InputSchema>;
export const ShortTermStep1BodySchema = z.object({ shortTerm: ShortTermStep1InputSchema });

/** PUT short-term/step-2/run/{shortTermModelId}, body {shortTerm: {modelName}} (spec 5: required). */
export const ShortTermStep2InputSchema = z.object({ modelName: nameSchema });
export type ShortTermStep2Input = z.input<typeof ShortTermStep2InputSchema>;
export const ShortTermStep2BodySchema = z.object({ shortTerm: ShortTermStep2InputSchema });

export const ShortTermRunStartedSchema = z.object({
  msg: z.string(),
  shortTermModelId: z.number().int(),
  /** Polled at GET /api/jobs/{jobId} for the run's progress. */
  jobId: z.string(),
});
export type ShortTermRunStarted = z.infer<typeof ShortTermRunStartedSchema>;

export const ShortTermMessageSchema = z.object({ msg: z.string() });

/** GET short-term/download/{clientId}/{fileUrl}: fileUrl is a row's fileUrl (the PDF's file id). */
export const ShortTermDownloadParamsSchema = z.object({
  clientId: positiveId,
  fileUrl: z.string().trim().min(1).max(100),
});
/** A short-lived signed link, fetched without the authorization header (spec 7). */
export const ShortTermDownloadSchema = z.object({ url: z.string(), fileName: z.string() });
export type ShortTermDownload = z.infer<typeof ShortTermDownloadSchema>;
