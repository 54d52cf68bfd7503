import type {
  StagingTransaction,
  StagingTransactionValidationBody,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { changedRowsByAccount, type ValidationChange } from '../../lib/staging-rows';

/**
 * The requests of a bulk Validate or Invalidate: only the rows the change applies to (spec 4), one
 * request per batch account since the server takes the rows of one account at a time.
 */
export function validationRequestsOf(
  change: ValidationChange,
  rows: readonly StagingTransaction[],
): StagingTransactionValidationBody[] {
  return changedRowsByAccount(change, rows, (r) => r.stagingTransactionId).map(({ batchAccountId, ids }) => ({
    batchAccountId,
    stagingTransactionIds: ids,
  }));
}
