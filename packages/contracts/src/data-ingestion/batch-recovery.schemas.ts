import { z } from 'zod';
import { MSG } from '../common/messages';
import { PromotionCountsSchema } from './batch-validation.schemas';

// Issue 42 points 2 and 3: fewer clicks (every reconciled account of a batch and then the batch, in one
// action, for one batch or several) and recovery (a file in the wrong batch removed, a batch account
// deleted and its files uploaded again, the batches Complete Analysis still waits for).

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const BATCH_RECOVERY_MSG = {
  // Spec 8's defaults for several batches validated in one action.
  batchesValidated: 'Batches Validated Successfully',
  validateBatchesFailed: 'Failed to Validate Batches.',
  /** Some accounts were left for a person's decision, or a batch was refused: the result lists them. */
  batchesPartlyValidated: (closed: number, total: number) =>
    `${plural(closed, 'batch', 'batches')} of ${total.toLocaleString('en-US')} validated; the others need a decision first.`,
  /** A batch with nothing to validate (no account has rows, or all are decided already). */
  nothingToValidate: 'No account of this batch has staged rows to validate.',
  /** The action validates accounts too: VALIDATE_BATCHES alone does not allow it. */
  needsAccountPermission:
    'Validating the accounts of a batch needs the permission to validate accounts in batches.',
  resultTitle: 'Validate Batches',

  // Remove a file from its batch.
  removeFileLabel: 'Remove From Batch',
  removeFileTitle: 'Remove File',
  removeFileConfirmation: (fileName: string) =>
    `Remove ${fileName} from this batch? Its staged rows go with it, and its accounts that have no other ` +
    'file go back to Needs Files. This action cannot be undone.',
  fileRemoved: 'File removed from the batch.',
  removeFileFailed: 'Failed to remove the file.',
  fileNotFound: 'File not found.',
  fileBeingExtracted: (fileName: string) =>
    `${fileName} is being extracted; remove it once its extraction has finished.`,
  fileValidated: (fileName: string) =>
    `${fileName} was validated: its rows are in the books, so it cannot be removed from the batch.`,
  fileReplaced: (fileName: string) => `${fileName} was replaced by a later upload; remove that one instead.`,
  filesTitle: 'Batch Files',

  // Delete a batch account (spec 2: 'A delete-batch-account confirmation also exists').
  deleteAccountTitle: 'Delete Batch Account',
  deleteAccountConfirmation: (account: string, files: number) =>
    `Delete the uploads of ${account}? ${files === 0 ? 'Its staged rows go' : `Its ${plural(files, 'file', 'files')} and their staged rows go`} ` +
    'with it (a file another account shares stays for that account), and the account returns to Needs Files so ' +
    'its statements can be uploaded again. Rows already in the books stay. This action cannot be undone.',

  /** Complete Analysis while batches of the report are not validated (issue 42 point 7). */
  unvalidatedBatches: (batches: readonly string[]) =>
    `Complete Analysis waits for every batch of the report to be validated: ${batches.join('; ')}. ` +
    'Validate them, or ignore their accounts, first.',
} as const;

/** PUT /api/data-ingestion/batches/validate-all (ours): the batches to validate with their accounts. */
export const ValidateBatchesInOneStepBodySchema = z.object({
  batches: z
    .array(z.object({ batchId: z.number().int().positive() }))
    .min(1, MSG.required)
    .max(50),
});
export type ValidateBatchesInOneStepBody = z.input<typeof ValidateBatchesInOneStepBodySchema>;

/** An account the action left for a person: why (not reconciled, undecided duplicates). */
export const AccountLeftSchema = z.object({
  batchAccountId: z.number().int(),
  account: z.string(),
  reason: z.string(),
});
export type AccountLeft = z.infer<typeof AccountLeftSchema>;

/**
 * One batch of the action: the accounts it validated, those it left and why, what moved into the
 * books, whether the batch is now closed, or why the batch was refused (nothing of it changed).
 */
export const BatchInOneStepSchema = z.object({
  batchId: z.number().int(),
  batch: z.string(),
  validatedAccounts: z.array(z.string()),
  accountsLeft: z.array(AccountLeftSchema),
  promoted: PromotionCountsSchema.nullable(),
  batchValidated: z.boolean(),
  refusal: z.string().nullable(),
});
export type BatchInOneStep = z.infer<typeof BatchInOneStepSchema>;

/** Whether the action left something for a person: the web shows the result instead of a toast. */
export const hasDecisionsLeft = (answer: { batches: readonly BatchInOneStep[] }) =>
  answer.batches.some((b) => b.accountsLeft.length > 0 || b.refusal !== null);

export const BatchesValidatedInOneStepSchema = z.object({
  msg: z.string(),
  batches: z.array(BatchInOneStepSchema),
});
export type BatchesValidatedInOneStep = z.infer<typeof BatchesValidatedInOneStepSchema>;

/** DELETE /api/data-ingestion/batch-files/{fileAuditId} (ours): what went with the file. */
export const BatchFileRemovedSchema = z.object({
  msg: z.string(),
  removed: z.object({ stagingRows: z.number().int(), storedFiles: z.number().int() }),
});
export type BatchFileRemoved = z.infer<typeof BatchFileRemovedSchema>;
