import { z } from 'zod';
import { pagedListSchema } from '../paging/paging.schemas';

// The cross-client exception queue (issue 43; beyond the spec): what the system finds wrong across the
// clients a user serves — a late statement, a failed file, a balance break, a report running late,
// idle cash — each with an owner, a due date, and a link to the screen that fixes it. Routes under
// /api/exceptions (ours), VIEW_EXCEPTIONS to read, EDIT_EXCEPTIONS to act.

/** What was found. One cause of one kind is one exception (its subject key, below). */
export const EXCEPTION_KINDS = [
  'statement_late',
  'extraction_failed',
  'file_stuck',
  'balance_break',
  'possible_duplicates',
  'needs_validation',
  'report_due',
  'idle_cash',
  'maturing_investment',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  statement_late: 'Statement late',
  extraction_failed: 'Extraction failed',
  file_stuck: 'File stuck',
  balance_break: 'Balance break',
  possible_duplicates: 'Possible duplicates',
  needs_validation: 'Needs validation',
  report_due: 'Report due',
  idle_cash: 'Idle cash',
  maturing_investment: 'Maturing investment',
};

export const EXCEPTION_SEVERITIES = ['High', 'Medium', 'Low'] as const;
export type ExceptionSeverity = (typeof EXCEPTION_SEVERITIES)[number];

/** Open: to act on. Snoozed: put off until a day, with a reason. Resolved: by a person with a note, or by itself. */
export const EXCEPTION_STATUSES = ['Open', 'Snoozed', 'Resolved'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];

/**
 * The screen that fixes an exception; the web turns each into a route. uploadDashboard: the client's
 * upload dashboard (files, duplicates, validation, reconciliation); account: the account profile;
 * clientReport: the client profile with its open report; analysisCashVest: the analysis screen's
 * cashVest tab; investments: the investment list of the client.
 */
export const EXCEPTION_PLACES = [
  'uploadDashboard',
  'account',
  'clientReport',
  'analysisCashVest',
  'investments',
] as const;
export type ExceptionPlace = (typeof EXCEPTION_PLACES)[number];

export const ExceptionLinkSchema = z.object({
  place: z.enum(EXCEPTION_PLACES),
  clientId: z.number().int(),
  accountId: z.number().int().nullable().optional(),
  investmentId: z.number().int().nullable().optional(),
});
export type ExceptionLink = z.infer<typeof ExceptionLinkSchema>;

/** Thresholds of the detection rules (docs/exceptions.md explains each). */
export const EXCEPTION_RULES = {
  /** A batch file Queued or In Progress longer than this is stuck. */
  fileStuckMinutes: 30,
  /** A batch account left Needs Validation longer than this many days. */
  needsValidationDays: 5,
  /** An open report whose due date is this near (days) is due. */
  reportDueSoonDays: 7,
  /** Idle cash below this many dollars a year at stake is not worth a person's time. */
  idleCashMinimumPerYear: 1_000,
  /** A new exception's due date, days after it was found (its owner may move it). */
  dueInDays: { High: 2, Medium: 5, Low: 10 },
} as const;

/** One exception as the queue lists it. */
export const ExceptionSchema = z.object({
  exceptionId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  kind: z.enum(EXCEPTION_KINDS),
  severity: z.enum(EXCEPTION_SEVERITIES),
  /** What was found, in a sentence with its numbers. */
  summary: z.string(),
  link: ExceptionLinkSchema,
  /** When the cause began (a statement's due day, a file's upload): ISO timestamp. */
  since: z.string(),
  /** Whole days since `since`. */
  ageDays: z.number().int(),
  detectedAt: z.string(),
  /** The dollars at stake (a break's difference, idle cash's earnings a year), when there are. */
  amount: z.number().nullable(),
  status: z.enum(EXCEPTION_STATUSES),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  snoozeReason: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Null when it resolved itself (resolvedAutomatically). */
  resolvedByName: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAutomatically: z.boolean(),
});
export type ExceptionItem = z.infer<typeof ExceptionSchema>;

export const ExceptionListSchema = pagedListSchema(ExceptionSchema);
export type ExceptionList = z.infer<typeof ExceptionListSchema>;

/**
 * The list (POST /api/exceptions/list) sorts by clientName, kind, severity, status, assigneeName,
 * ageDays, since, dueDate, amount; filters by clientId, kind, severityName, status, assigneeId (lists),
 * ageDays, amount ({low, high}), since, dueDate ({from, to}); its search box matches the client's name
 * and the summary.
 */

export const ExceptionParamsSchema = z.object({ exceptionId: z.coerce.number().int().positive() });

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.');
const NoteSchema = z.string().trim().min(3, 'Write a few words.').max(2000, 'At most 2,000 characters.');

export const AssignExceptionSchema = z.object({ assigneeId: z.number().int().positive().nullable() });
export const ExceptionDueDateSchema = z.object({ dueDate: DaySchema.nullable() });
export const SnoozeExceptionSchema = z.object({ until: DaySchema, reason: NoteSchema });
export const ResolveExceptionSchema = z.object({ note: NoteSchema });
export type AssignExceptionBody = z.infer<typeof AssignExceptionSchema>;
export type ExceptionDueDateBody = z.infer<typeof ExceptionDueDateSchema>;
export type SnoozeExceptionBody = z.infer<typeof SnoozeExceptionSchema>;
export type ResolveExceptionBody = z.infer<typeof ResolveExceptionSchema>;

/** POST /api/exceptions/detect: look again now, for one client or every client the user sees. */
export const DetectExceptionsSchema = z.object({ clientId: z.number().int().positive().nullable() });
export const DetectExceptionsResultSchema = z.object({ jobId: z.string() });

/** Open (and snoozed) exceptions of each client, for the badges of the client list and profile. */
export const ClientExceptionCountSchema = z.object({
  clientId: z.number().int(),
  open: z.number().int(),
  high: z.number().int(),
  overdue: z.number().int(),
});
export type ClientExceptionCount = z.infer<typeof ClientExceptionCountSchema>;
export const ClientExceptionCountsSchema = z.array(ClientExceptionCountSchema);

/** One change in an exception's life, from the audit log. */
export const ExceptionEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  /** Who acted; null for the system (detection). */
  userName: z.string().nullable(),
  description: z.string(),
});
export const ExceptionHistorySchema = z.array(ExceptionEventSchema);
export type ExceptionEvent = z.infer<typeof ExceptionEventSchema>;

export const ExceptionAssigneeSchema = z.object({ userId: z.number().int(), name: z.string() });
export const ExceptionAssigneesSchema = z.array(ExceptionAssigneeSchema);
export const ExceptionClientParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });

/** The user's own daily digest of new and overdue exceptions (issue 43 point 5; off by default). */
export const ExceptionDigestSchema = z.object({ enabled: z.boolean() });
export type ExceptionDigest = z.infer<typeof ExceptionDigestSchema>;

export const EXCEPTION_MSG = {
  notFound: 'Exception not found.',
  alreadyResolved: 'This exception is already resolved.',
  notResolved: 'Only a resolved exception can be reopened.',
  snoozeInPast: 'Snooze until a day after today.',
  assigneeCannotAct: 'That user cannot work on exceptions of this client.',
  resolvedItself: (day: string) => `Resolved itself: the cause was no longer found on ${day}.`,
  detectionQueued: 'Looking for exceptions now; the list updates when it is done.',
} as const;
