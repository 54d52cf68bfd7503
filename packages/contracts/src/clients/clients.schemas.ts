import { z } from 'zod';
import { MSG } from '../common/messages';
import { plainNumberText } from '../common/number-text';
import { US_STATES } from '../common/us-states';
import { ActiveStatusSchema } from '../common/active-status.schemas';
import { COLLECTION_TYPES } from '../banks/bank-lists';
import { CLIENT_CATEGORIES, CLIENT_TYPES, REPORT_FREQUENCIES } from './client-lists';

/** GET /api/clients/list: client id and name, limited to the clients the caller may see. */
export const ClientOptionSchema = z.object({ clientId: z.number().int(), clientName: z.string() });
export type ClientOption = z.infer<typeof ClientOptionSchema>;

// clients-accounts-investments-reports.md 8 "Clients/groups" and "Bank links", plus our success texts.
export const CLIENT_MSG = {
  createFailed: 'Failed to create client.',
  editFailed: 'Failed to edit client.',
  notFound: 'Client not found.',
  editStatusFailed: 'Failed to edit status.',
  created: 'Client created successfully.',
  updated: 'Client updated successfully.',
  relationshipCreated: 'Bank relationship created successfully.',
  relationshipUpdated: 'Bank relationship updated successfully.',
  relationshipNotFound: 'Bank relationship not found.',
  relationshipExists: 'This bank is already related to the client.',
  bankNotFound: 'Bank not found.',
  assigneeNotFound: 'Assigned user not found.',
  assigneeNotStaff: 'Only staff users can be assigned to a client.',
  positiveWholeNumber: 'Positive number without decimal!',
  reportCycleOutOfRange: 'Select a report cycle of the report frequency.',
} as const;

/** Empty form values ('' or null) read as missing, so `required` says 'Required!'. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const requiredText = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(120, 'At most 120 characters.');
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: MSG.required }));
const frequency = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
  z
    .number({ error: MSG.required })
    .refine((n) => (REPORT_FREQUENCIES as readonly number[]).includes(n), MSG.required),
);

/** Spec 5: budget digits only and required, in millions. Sent as text or a number. */
const BudgetSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)),
  z
    .string({ error: MSG.required })
    .trim()
    .regex(/^\d+$/, CLIENT_MSG.positiveWholeNumber)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n <= 2_000_000_000, CLIENT_MSG.positiveWholeNumber),
);

/** Spec 5: initialInterest numeric, may be negative or decimal; optional. Kept as exact decimal text. */
const InitialInterestSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === '' ? null : plainNumberText(v)),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,6})?$/, MSG.fieldMustBeNumber)
    .nullable()
    .optional(),
);

/** The Add/Edit Client form (spec 3, 4, 5). POST /add and PUT /{id} carry it as {client}. */
export const ClientInputSchema = z
  .object({
    clientName: requiredText,
    // New clients default to active; only DEACTIVATE_CLIENTS may change it (checked on the server).
    status: ActiveStatusSchema.optional(),
    budget: BudgetSchema,
    clientCategory: requiredChoice(CLIENT_CATEGORIES),
    clientType: requiredChoice(CLIENT_TYPES),
    state: requiredChoice(US_STATES),
    initialInterest: InitialInterestSchema,
    dataGatheringFrequency: frequency,
    reportFrequency: frequency,
    reportCycle: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v)),
      z.number({ error: MSG.required }).int(MSG.required).min(1, MSG.required),
    ),
    // User ids of the staff the client is assigned to (on read: their names).
    assignTo: z.array(z.number().int().positive()).max(100).nullable().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.reportCycle > c.reportFrequency)
      ctx.addIssue({ code: 'custom', path: ['reportCycle'], message: CLIENT_MSG.reportCycleOutOfRange });
  });
export type ClientInput = z.input<typeof ClientInputSchema>;
export type ClientInputParsed = z.output<typeof ClientInputSchema>;
export const ClientBodySchema = z.object({ client: ClientInputSchema });

export const ClientAssigneeSchema = z.object({ userId: z.number().int(), name: z.string() });
export type ClientAssignee = z.infer<typeof ClientAssigneeSchema>;

/**
 * GET /api/clients/assignable-users (ours): the staff the Assign To field offers — users whose role is
 * not client-scoped; inactive ones stay listed (flagged) so an existing assignment still reads.
 */
export const AssignableUserSchema = ClientAssigneeSchema.extend({ status: ActiveStatusSchema });
export type AssignableUser = z.infer<typeof AssignableUserSchema>;

/** Spec 3 "Client" as read (GET /all, GET /{id}). */
export const ClientSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  status: ActiveStatusSchema,
  budget: z.number().int().nullable(),
  clientCategory: z.string().nullable(),
  clientType: z.string().nullable(),
  state: z.string().nullable(),
  initialInterest: z.number().nullable(),
  dataGatheringFrequency: z.number().int(),
  reportFrequency: z.number().int().nullable(),
  reportCycle: z.number().int().nullable(),
  /** Names of the assigned staff, or null when nobody is assigned (spec 3). */
  assignTo: z.array(z.string()).nullable(),
  assignees: z.array(ClientAssigneeSchema),
  /** The latest score; null until an analysis exists (the list shows '---'). */
  cashVest: z.number().nullable(),
  /** Average daily balance over the last twelve months; null until balance tables exist. */
  last12MonthAvgBalance: z.number().nullable(),
  /** The newest transaction date of the client's accounts (YYYY-MM-DD), null without any. */
  dataUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

export const ClientIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const ClientResultSchema = z.object({ msg: z.string(), client: ClientSchema });
export type ClientResult = z.infer<typeof ClientResultSchema>;

/** GET /api/clients/name-exists and /api/banks/name-exists (ours): the same-name warning, case-insensitive. */
export const NameExistsQuerySchema = z.object({
  name: z.string().trim().min(1, MSG.required).max(200),
  exceptId: z.coerce.number().int().positive().optional(),
});
export const NameExistsSchema = z.object({ exists: z.boolean() });

export const OptionListSchema = z.array(z.string());
export const NumberListSchema = z.array(z.number().int());

// Spec 3 "Client bank relationship" (the Banks sub-tab of the client).
export const BankClientRelationshipSchema = z.object({
  bankClientRelId: z.number().int(),
  clientId: z.number().int(),
  bankId: z.number().int(),
  bankName: z.string(),
  numOfAccounts: z.number().int(),
  /** Average daily balance over twelve months; null until balance tables exist. */
  avgBalance12Months: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: ActiveStatusSchema,
  collectionType: z.enum(COLLECTION_TYPES),
});
export type BankClientRelationship = z.infer<typeof BankClientRelationshipSchema>;

/** Edit Client Bank Relationship: status and collection type (spec 4). PUT /banks/{id} {bankClientRel}. */
export const BankClientRelInputSchema = z.object({
  status: ActiveStatusSchema,
  collectionType: requiredChoice(COLLECTION_TYPES),
});
export const BankClientRelBodySchema = z.object({ bankClientRel: BankClientRelInputSchema });

/** POST /api/clients/banks (ours; the spec shows no path): relate a bank to a client. */
export const NewBankClientRelInputSchema = z.object({
  clientId: z.number({ error: MSG.required }).int().positive(MSG.required),
  bankId: z.number({ error: MSG.required }).int().positive(MSG.required),
  status: ActiveStatusSchema.optional(),
  collectionType: requiredChoice(COLLECTION_TYPES).optional(),
});
export const NewBankClientRelBodySchema = z.object({ bankClientRel: NewBankClientRelInputSchema });

export const BankClientRelResultSchema = z.object({
  msg: z.string(),
  bankClientRel: BankClientRelationshipSchema,
});

/** Spec 3 "Client report status": GET /report-status/{id} answers a list whose first element counts. */
export const ClientReportStatusSchema = z.object({
  reportStatus: z.string().nullable(),
  lastReportDate: z.string().nullable(),
  openBatchCount: z.number().int(),
  reportStartDate: z.string().nullable(),
  reportEndDate: z.string().nullable(),
  reportDueDate: z.string().nullable(),
  ingestionStatus: z.string(),
  analysisOpenReportId: z.number().int().nullable(),
});
export type ClientReportStatus = z.infer<typeof ClientReportStatusSchema>;
