import { z } from 'zod';
import { ClientBatchSchema, type BatchTemplateType } from './batches.schemas';
import { RequiredDateSchema, refineDateRange } from './cycle-dates';

// clients-accounts-investments-reports.md 5 (startDate, endDate required; at least one account type;
// end not before start), 8 ('Failed to start {…} ingestion for {bank|client}.'), 9 (account types
// transactions, investments, hybridAccount, treasuryServices, all selected by default); ingestion.md.

export const INGESTION_ACCOUNT_TYPES = [
  'transactions',
  'investments',
  'hybridAccount',
  'treasuryServices',
] as const;
export type IngestionAccountType = (typeof INGESTION_ACCOUNT_TYPES)[number];

/** The batch each account type makes. */
export const BATCH_TYPE_OF_INGESTION: Record<IngestionAccountType, BatchTemplateType> = {
  transactions: 'Transaction',
  investments: 'Investment',
  hybridAccount: 'Hybrid',
  treasuryServices: 'Treasury',
};

/** The dialog's check boxes: the template types, Treasury shown as 'Analysis'. */
export const INGESTION_TYPE_LABELS: Record<IngestionAccountType, string> = {
  transactions: 'Transaction',
  investments: 'Investment',
  treasuryServices: 'Analysis',
  hybridAccount: 'Hybrid',
};

/** Spec 8's wording of each type. */
const FAILURE_WORDS: Record<IngestionAccountType, string> = {
  transactions: 'transactions',
  treasuryServices: 'treasury services',
  investments: 'investments',
  hybridAccount: 'hybrid account',
};

export type IngestionScope = 'bank' | 'client';

export const START_INGESTION_MSG = {
  title: 'Start Ingestion',
  atLeastOne: 'At least one must be selected!',
  /** Spec 8, the failure of one account type. */
  failed: (type: IngestionAccountType, scope: IngestionScope) =>
    `Failed to start ${FAILURE_WORDS[type]} ingestion for ${scope}.`,
  started: (count: number) => `Ingestion started: ${count} ${count === 1 ? 'batch' : 'batches'} created.`,
  noOpenReport: 'There is no open report for this client. Start a report first.',
  alreadyStarted: 'Its batches for this report already exist.',
  noAccounts: 'There are no accounts of this type to ingest.',
  relationshipInactive: 'The bank relationship is inactive.',
  relationshipNotFound: 'Bank relationship not found.',
  bankNotFound: 'Bank not found.',
} as const;

export const StartIngestionBodySchema = z
  .object({
    startDate: RequiredDateSchema,
    endDate: RequiredDateSchema,
    types: z
      .array(z.enum(INGESTION_ACCOUNT_TYPES))
      .min(1, START_INGESTION_MSG.atLeastOne)
      .refine((types) => new Set(types).size === types.length, 'Each account type once.'),
  })
  .superRefine(refineDateRange);
export type StartIngestionBody = z.input<typeof StartIngestionBodySchema>;
export type StartIngestionBodyParsed = z.output<typeof StartIngestionBodySchema>;

/**
 * One account type that started nothing for one client: msg is spec 8's text, reason says why (no open
 * report, no accounts of the type, batches already there, relationship inactive).
 */
export const IngestionFailureSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  type: z.enum(INGESTION_ACCOUNT_TYPES),
  msg: z.string(),
  reason: z.string(),
});
export type IngestionFailure = z.infer<typeof IngestionFailureSchema>;

/**
 * 201 when at least one batch was created (failures lists the types and clients that were not);
 * otherwise 409 whose msg joins the failures.
 */
export const StartIngestionResultSchema = z.object({
  msg: z.string(),
  batches: z.array(ClientBatchSchema),
  failures: z.array(IngestionFailureSchema),
});
export type StartIngestionResult = z.infer<typeof StartIngestionResultSchema>;

export const StartIngestionRelParamsSchema = z.object({
  bankClientRelId: z.coerce.number().int().positive(),
});
export const StartIngestionClientParamsSchema = z.object({ clientId: z.coerce.number().int().positive() });
export const StartIngestionBankParamsSchema = z.object({ bankId: z.coerce.number().int().positive() });
