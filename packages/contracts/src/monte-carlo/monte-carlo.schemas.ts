import { z } from 'zod';
import { MSG } from '../common/messages';
import { isIsoDay } from './monte-carlo-dates';

// ingestion-analysis.md 2 "Monte Carlo tab", 3 "Monte Carlo", 5 "Monte Carlo run", 7 "Analysis"
// (/api/analytics/monte-carlo/...), 8 (analysis defaults), 9; the model is analytics.md "Monte Carlo".

export const MONTE_CARLO_MSG = {
  runStarted: 'The Monte Carlo analysis is running.',
  runFailed: 'Failed to Run Analysis',
  deleted: 'Monté Carlo deleted successfully.',
  deleteFailed: 'Failed to delete Monté Carlo.',
  deleteTitle: 'Delete Monté Carlo',
  deleteWarning: 'This action cannot be undone',
  notFound: 'Monte Carlo analysis not found.',
  /** Ours: spec 5 says only that the end date cannot be after today. */
  endDateAfterToday: 'The end date cannot be after today.',
  numberOfYearsRange: 'The number of years must be from 1 to 30.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  startRangeMismatch: (startRange: string) =>
    `The start date is the end date minus the number of years: ${startRange}.`,
  startRangeNotWholeYears: 'The start date must be whole years before the end date.',
  stillRunning: 'This analysis is still running; wait until it has finished.',
  /** Ours (issue 40 point 4): one run in flight per client; a second request, a double click, gets this. */
  alreadyRunning: 'A Monte Carlo run is already in progress for this client.',
  noResults: 'This analysis has no results: it has not finished.',
  noHistory: 'The account group has no balance history: none of its accounts has data.',
  /** The job's failure when something other than the data went wrong. */
  jobFailed: (reason: string) => `Failed to Run Analysis: ${reason}`,
} as const;

/** analytics.md "Monte Carlo": simulated paths of a run. */
export const MONTE_CARLO_DEFAULT_PATHS = 10_000;
/** The history window is 1 to 30 whole years (the model's rule). */
export const MONTE_CARLO_MAX_YEARS = 30;

export const MONTE_CARLO_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type MonteCarloRunState = (typeof MONTE_CARLO_RUN_STATES)[number];

const positiveId = z.coerce.number().int().positive();
export const MonteCarloClientParamsSchema = z.object({ clientId: positiveId });
export const MonteCarloIdParamsSchema = z.object({ id: positiveId });
export const MonteCarloGroupParamsSchema = z.object({ accountGroupId: positiveId });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : blankToUndefined(v));

const requiredId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: MSG.required }).int(MSG.required).positive(MSG.required),
);
const optionalId = z.preprocess(blankToUndefined, z.number().int().positive().optional());

const isoDay = z.string({ error: MSG.required }).trim().refine(isIsoDay, MONTE_CARLO_MSG.invalidDate);
const requiredDay = z.preprocess(blankToUndefined, isoDay);

/** Spec 5: digits only ('Field must be a number.'), then the model's 1 to 30. */
const numberOfYearsSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.fieldMustBeNumber) })
  .trim()
  .regex(/^\d+$/, MSG.fieldMustBeNumber)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MONTE_CARLO_MAX_YEARS, MONTE_CARLO_MSG.numberOfYearsRange);

const nameSchema = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100, 'At most 100 characters.'),
);

/**
 * The Settings (run) dialog: name, account group, end date and number of years, all required
 * (spec 5). The start date is not typed: it is the end date minus the years (monte-carlo-dates.ts).
 */
export const MonteCarloSettingsSchema = z.object({
  name: nameSchema,
  accountGroupId: requiredId,
  endRange: requiredDay,
  numberOfYears: z.preprocess(asText, numberOfYearsSchema),
});
export type MonteCarloSettings = z.infer<typeof MonteCarloSettingsSchema>;

/** The dialog's schema on a given day: the end date cannot be after `today` (YYYY-MM-DD). */
export function buildMonteCarloSettingsSchema(today: string) {
  return MonteCarloSettingsSchema.refine((v) => v.endRange <= today, {
    path: ['endRange'],
    message: MONTE_CARLO_MSG.endDateAfterToday,
  });
}

/**
 * POST /api/analytics/monte-carlo/run, body {monteCarlo}: spec 7's name, accountGroupId, clientId,
 * startRange, endRange, plus the dialog's numberOfYears (either it or a startRange whole years before
 * the end date is needed; both must agree). monteCarloId names the run 'Edit and Rerun' started from:
 * a failed run is run again in place, any other leaves its row and a new run is recorded.
 */
export const MonteCarloRunInputSchema = z.object({
  name: nameSchema,
  accountGroupId: requiredId,
  clientId: requiredId,
  endRange: requiredDay,
  startRange: z.preprocess(blankToUndefined, isoDay.optional()),
  numberOfYears: z.preprocess(asText, numberOfYearsSchema.optional()),
  monteCarloId: optionalId,
});
export type MonteCarloRunInput = z.input<typeof MonteCarloRunInputSchema>;
export type MonteCarloRunInputParsed = z.output<typeof MonteCarloRunInputSchema>;
export const MonteCarloRunBodySchema = z.object({ monteCarlo: MonteCarloRunInputSchema });

export const MonteCarloRunStartedSchema = z.object({
  msg: z.string(),
  monteCarloId: z.number().int(),
  /** Polled at GET /api/jobs/{jobId} for the run's progress. */
  jobId: z.string(),
});
export type MonteCarloRunStarted = z.infer<typeof MonteCarloRunStartedSchema>;

/**
 * A row of the history table (GET /api/analytics/monte-carlo/{clientId}, createdAt descending): spec
 * 3's fields, plus the run's state ('queued', 'running', 'done', 'failed'), its progress (0-100) and
 * message (why it failed), so the table shows runs that are not done yet.
 */
export const MonteCarloRunSchema = z.object({
  monteCarloId: z.number().int(),
  monteCarloName: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  createdAt: z.string(),
  startDateRange: z.string(),
  endDateRange: z.string(),
  numberOfYears: z.number().int(),
  dataHasChanged: z.enum(['YES', 'NO']),
  state: z.enum(MONTE_CARLO_RUN_STATES),
  progress: z.number().int(),
  message: z.string().nullable(),
  jobId: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type MonteCarloRun = z.infer<typeof MonteCarloRunSchema>;

/** GET monte-carlo/validate/{accountGroupId}?endDate=&numberOfYears=: the run button's check. */
export const MonteCarloValidationQuerySchema = z.object({
  endDate: requiredDay,
  numberOfYears: z.preprocess(asText, numberOfYearsSchema),
});

/**
 * Whether the group's balance tables let the model run for that window, by the model's own rules
 * (prepareMonteCarlo): data reaching back a year before the end date, a transaction in the window, a
 * balance of at least 0 on the end date, the end date not after today. msg says why not.
 */
export const MonteCarloValidationSchema = z.object({
  isValid: z.boolean(),
  msg: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** The first and last day of the group's daily balance table; null without one. */
  historyStartDate: z.string().nullable(),
  historyEndDate: z.string().nullable(),
  /** The group's balance on the end date, when valid. */
  startBalance: z.number().nullable(),
});
export type MonteCarloValidation = z.infer<typeof MonteCarloValidationSchema>;

export const MonteCarloMessageSchema = z.object({ msg: z.string() });
