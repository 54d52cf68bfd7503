import { useMutation } from '@tanstack/react-query';
import type { StagingDuplicateDecisionBody } from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import type {
  StagingTransactionBulkEditBody,
  StagingTransactionDeleteBody,
  StagingTransactionEditBody,
  StagingTransactionValidationBody,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import {
  bulkUpdateStagingTransactions,
  changeStagingValidation,
  decideStagingDuplicates,
  deleteStagingTransactions,
  updateStagingTransaction,
  type ValidationChange,
} from './staging-transactions.api';
import { useRefreshStaging, type BatchRef } from '../../lib/use-refresh-staging';
import { stagingTransactionKeys } from './staging-transactions.queries';

export type { BatchRef } from '../../lib/use-refresh-staging';

const useRefreshAfterChange = (batch: BatchRef) => useRefreshStaging(batch, stagingTransactionKeys.rows());

export function useUpdateStagingTransaction(batch: BatchRef) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StagingTransactionEditBody }) =>
      updateStagingTransaction(id, body),
    onSuccess: refresh,
  });
}

export function useBulkUpdateStagingTransactions(batch: BatchRef) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: async (body: StagingTransactionBulkEditBody) =>
      (await bulkUpdateStagingTransactions(body)).msg,
    onSuccess: refresh,
  });
}

/**
 * Validate or Invalidate: one request per batch account, all sent before the outcome is known; the
 * first failure is the outcome, and the list refreshes either way since some accounts may have changed.
 */
export function useChangeStagingValidation(batch: BatchRef, change: ValidationChange) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: async (requests: StagingTransactionValidationBody[]) => {
      const outcomes = await Promise.allSettled(requests.map((r) => changeStagingValidation(change, r)));
      const failed = outcomes.find((o) => o.status === 'rejected');
      if (failed) throw failed.reason;
      const first = outcomes[0];
      return first?.status === 'fulfilled' ? first.value.msg : undefined;
    },
    onSettled: refresh,
  });
}

export function useDeleteStagingTransactions(batch: BatchRef) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: async (body: StagingTransactionDeleteBody) => (await deleteStagingTransactions(body)).msg,
    onSettled: refresh,
  });
}

/** Keep, drop or undecide possible duplicates; the batch accounts' counts of undecided ones follow. */
export function useDecideStagingDuplicates(batch: BatchRef) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: async (body: StagingDuplicateDecisionBody) => (await decideStagingDuplicates(body)).msg,
    onSettled: refresh,
  });
}
