import { z } from 'zod';
import { MSG } from '../common/messages';
import { BatchAccountSchema, TREASURY_SECTION_TYPES } from './batch-accounts.schemas';
import { OverrideReasonSchema } from './reconciliation.schemas';

// ingestion-analysis.md 2 "Validate Batch dialog", 4 "Batch account status", 7 "Open reports and
// batches" (the account and batch actions); ingestion.md "Batches and batch accounts" (promotion).

const BATCH_VALIDATION_MSG_BASE = 'Failed to Validate the Batch.';

export const BATCH_VALIDATION_MSG = {
  // The web's defaults (spec 8) when the server sends no msg. Spec 8's 'Failed to Validate Batches.'
  // is for several batches validated at once (the dashboard's selected rows, batch-recovery.schemas);
  // VALIDATE THIS BATCH validates one and says 'Failed to Validate the Batch.'.
  ignoreFailed: 'Failed to Ignore Batch Account(s).',
  validateAccountFailed: 'Failed to Validate Batch Account.',
  deleteAccountFailed: 'Failed to Delete Batch Account.',
  restoreAccountFailed: 'Failed to Restore Batch Account.',
  validateBatchFailed: 'Failed to Validate the Batch.',
  // Successes.
  batchesValidated: 'Batches Validated Successfully',
  accountsValidated: 'Batch account(s) validated successfully.',
  accountsIgnored: 'Batch account(s) ignored successfully.',
  accountRestored: 'Batch account restored successfully.',
  accountDeleted: 'Batch account deleted successfully.',
  // The dialog's confirmations (spec 2).
  ignoreConfirmation: 'Ignoring the following accounts will remove all uploaded files associated with them.',
  ignoreAccountTitle: 'Ignore Account',
  deleteBatchWarning: 'WARNING: This action cannot be undone.',
  // Refusals (400/409), each naming what blocks.
  nothingToPromote: 'No batch account is ready: validate an account first.',
  alreadyValidated: 'This batch is already validated.',
  notTreasuryBatch: 'This batch has no analysis statement sections of those types.',
  /** A row the books refuse (a constraint): the whole promotion is rolled back. */
  promotionRefused: (detail: string) => `${BATCH_VALIDATION_MSG_BASE} ${detail}`,
  unknownInvestmentType: (rows: readonly string[]) =>
    `${BATCH_VALIDATION_MSG_BASE} Unknown investment type on ${rows.join('; ')}.`,
} as const;

/** A refusal naming the batch accounts whose status does not allow the action. */
export function accountsNotAllowedMessage(action: string, accounts: readonly string[]): string {
  return `Cannot ${action}: ${accounts.join(', ')}.`;
}

/**
 * PUT /api/data-ingestion/accounts/validate: {accounts: [{batchAccountId}]}. overrideReason (ours, issue
 * 39) validates an account that does not reconcile; it is audited and shown in the validation history.
 */
export const ValidateBatchAccountsBodySchema = z.object({
  accounts: z
    .array(
      z.object({
        batchAccountId: z.number().int().positive(),
        overrideReason: OverrideReasonSchema.optional(),
      }),
    )
    .min(1, MSG.required)
    .max(200),
});
export type ValidateBatchAccountsBody = z.input<typeof ValidateBatchAccountsBodySchema>;

/** PUT /api/data-ingestion/batches/validate: {accounts: [{batchId}]} (spec 7: "accounts with batchId"). */
export const ValidateBatchesBodySchema = z.object({
  accounts: z
    .array(z.object({ batchId: z.number().int().positive() }))
    .min(1, MSG.required)
    .max(50),
});
export type ValidateBatchesBody = z.input<typeof ValidateBatchesBodySchema>;

/** PUT /api/data-ingestion/accounts/ignore: the list of batch account ids (spec 7). */
export const IgnoreBatchAccountsBodySchema = z
  .array(z.number().int().positive())
  .min(1, MSG.required)
  .max(200);

/**
 * PUT /api/data-ingestion-treasury-services/staging/validate (spec 4 "Treasury validation", 7): the
 * treasury batch's sections of those types, validated like Validate on each.
 */
export const ValidateTreasurySectionsBodySchema = z.object({
  treasuryServices: z.object({
    batchTypes: z.array(z.enum(TREASURY_SECTION_TYPES)).min(1, MSG.required).max(3),
    batchId: z.number().int().positive(),
  }),
});
export type ValidateTreasurySectionsBody = z.input<typeof ValidateTreasurySectionsBodySchema>;

/** Batch account actions answer with the msg and the accounts as they now are. */
export const BatchAccountsChangedSchema = z.object({
  msg: z.string(),
  accounts: z.array(BatchAccountSchema),
});
export type BatchAccountsChanged = z.infer<typeof BatchAccountsChangedSchema>;

/** What one promotion moved into the books (ingestion.md "Batches and batch accounts"). */
export const PromotionCountsSchema = z.object({
  transactions: z.number().int(),
  investmentsInserted: z.number().int(),
  investmentsUpdated: z.number().int(),
  fees: z.number().int(),
  balances: z.number().int(),
  accountBalances: z.number().int(),
});
export type PromotionCounts = z.infer<typeof PromotionCountsSchema>;

/**
 * The answer to VALIDATE THIS BATCH: per batch, what moved, whether the batch is now closed (every
 * account Validated or Ignored), and the open report's analysis status after it.
 */
export const BatchesValidatedSchema = z.object({
  msg: z.string(),
  batches: z.array(
    z.object({
      batchId: z.number().int(),
      promoted: PromotionCountsSchema,
      batchValidated: z.boolean(),
    }),
  ),
  analysisStatus: z.string(),
});
export type BatchesValidated = z.infer<typeof BatchesValidatedSchema>;

/** A batch account is eligible for VALIDATE THIS BATCH once Validated and not yet promoted. */
export function isEligibleForPromotion(account: { status: string; promotedAt?: string | null }): boolean {
  return account.status === 'Validated' && !account.promotedAt;
}
