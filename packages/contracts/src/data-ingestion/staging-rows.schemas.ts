import { z } from 'zod';
import { MSG } from '../common/messages';

// ingestion-analysis.md 4 "Staging row validationStatus": what every kind of staging row shares (its
// Validated? flag, when it may change, and the answer of a change).

/** The spec's validationStatus. */
export const VALIDATION_STATUSES = ['Yes', 'No'] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];

export const STAGING_ROW_MSG = {
  /** Staging rows of a batch that was validated (promoted into the books) are read only. */
  batchValidated: 'This batch is already validated; its staging rows can no longer change.',
  /** A batch account that is Ignored has no rows to change. */
  accountIgnored: 'This batch account is ignored; restore it first.',
  /**
   * A row already in the books cannot change in staging (issue 39 point 4): its change would never
   * reach the booked row, which is changed where the books are ('Transactions', 'Investments').
   */
  bookedRows: (count: number, books: 'Transactions' | 'Investments' | 'Analysis') =>
    `${count.toLocaleString('en-US')} of these rows ${count === 1 ? 'is' : 'are'} already in the books: ${
      books === 'Analysis'
        ? 'a booked row of an analysis statement no longer changes in staging.'
        : `a booked ${books === 'Transactions' ? 'transaction' : 'investment'} is changed in the account's ${books}, not in staging.`
    }`,
} as const;

/** The 400 for ids that are not rows of the named batch account (or do not exist), e.g. 'Staging investment(s)'. */
export function notRowsOfBatchAccountMessage(
  rows: string,
  ids: readonly number[],
  batchAccountId: number,
): string {
  return `${rows} ${ids.join(', ')} are not rows of batch account ${batchAccountId}.`;
}

/** Up to 500 staging row ids, at least one. */
export const stagingRowIdsSchema = () => z.array(z.number().int().positive()).min(1, MSG.required).max(500);

/** Every change answers with the spec's msg and how many rows it touched. */
export const StagingChangeResultSchema = z.object({
  msg: z.string(),
  changedCount: z.number().int(),
});
export type StagingChangeResult = z.infer<typeof StagingChangeResultSchema>;
