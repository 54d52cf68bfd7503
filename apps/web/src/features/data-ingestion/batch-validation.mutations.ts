import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { BatchTemplateType } from '@tideline/contracts/data-ingestion/batches.schemas';
import {
  deleteBatch,
  deleteBatchAccount,
  ignoreBatchAccounts,
  removeBatchFile,
  restoreBatchAccount,
  validateBatchAccounts,
  validateBatches,
  validateBatchesInOneStep,
  validateTreasurySections,
} from './batch-validation.api';
import { ingestionKeys } from './data-ingestion.queries';

/** The batch a Validate Batch dialog works on. */
export interface BatchRef {
  batchId: number;
  clientId: number;
}

/**
 * Spec 4 "Resetting the lists": after an account or batch action, whatever its outcome, the batch's
 * accounts (and files), the client's batches, summary and validation history, and the open reports
 * are read again.
 */
export function useRefreshBatchValidation() {
  const queryClient = useQueryClient();
  return (batch: BatchRef) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ingestionKeys.batch(batch.batchId) }),
      queryClient.invalidateQueries({ queryKey: ingestionKeys.client(batch.clientId) }),
      queryClient.invalidateQueries({ queryKey: ingestionKeys.openReports() }),
    ]);
}

/** Every action of one batch's Validate Batch dialog: while one runs the dialog stays open. */
export const batchValidationMutationKey = (batchId: number) =>
  [...ingestionKeys.batch(batchId), 'validation-actions'] as const;

function useBatchMutation<V>(batch: BatchRef, run: (variables: V) => Promise<string>) {
  const refresh = useRefreshBatchValidation();
  return useMutation({
    mutationKey: batchValidationMutationKey(batch.batchId),
    mutationFn: run,
    onSettled: () => refresh(batch),
  });
}

/** An account to validate, with the reason when it does not reconcile (issue 39). */
export interface AccountValidation {
  account: BatchAccount;
  overrideReason?: string;
}

/** Validate: a treasury batch's sections by type, any other batch's accounts by id. */
export const useValidateBatchAccounts = (batch: BatchRef & { templateType: BatchTemplateType }) =>
  useBatchMutation(batch, (validations: AccountValidation[]) =>
    batch.templateType === 'Treasury'
      ? validateTreasurySections(
          batch.batchId,
          validations.flatMap(({ account }) => (account.type ? [account.type] : [])),
        )
      : validateBatchAccounts(
          validations.map(({ account, overrideReason }) => ({
            batchAccountId: account.batchAccountId,
            ...(overrideReason && { overrideReason }),
          })),
        ),
  );

export const useIgnoreBatchAccounts = (batch: BatchRef) =>
  useBatchMutation(batch, (ids: number[]) => ignoreBatchAccounts(ids));

export const useRestoreBatchAccount = (batch: BatchRef) =>
  useBatchMutation(batch, (id: number) => restoreBatchAccount(id));

export const useDeleteBatchAccount = (batch: BatchRef) =>
  useBatchMutation(batch, (id: number) => deleteBatchAccount(id));

/**
 * What a promotion changes outside ingestion (issue 17 point 6), by the other areas' key roots: the
 * accounts' lists, transactions, investments, balance history and summary, the account groups built on
 * them, and the client's report and analysis status (client profile, analysis view, dashboard).
 */
const PROMOTION_READERS = [
  ['accounts'],
  ['transactions'],
  ['investments'],
  ['account-groups'],
  ['clients'],
  ['analysis'],
  ['dashboard'],
] as const;

/** VALIDATE THIS BATCH: the ingestion lists whatever the outcome, and on success what it promoted. */
export function useValidateBatch(batch: BatchRef) {
  const queryClient = useQueryClient();
  const refresh = useRefreshBatchValidation();
  return useMutation({
    mutationKey: batchValidationMutationKey(batch.batchId),
    mutationFn: () => validateBatches([batch.batchId]),
    onSuccess: () => {
      for (const queryKey of PROMOTION_READERS)
        void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
    onSettled: () => refresh(batch),
  });
}

/**
 * Issue 42 point 2: the reconciled accounts and then the batches in one action, from the Validate
 * Batch dialog (one batch, under its key so the dialog waits) or the selected rows of the dashboard.
 */
export function useValidateBatchesInOneStep(clientId: number, batchId?: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshBatchValidation();
  return useMutation({
    ...(batchId === undefined ? {} : { mutationKey: batchValidationMutationKey(batchId) }),
    mutationFn: (batchIds: number[]) => validateBatchesInOneStep(batchIds),
    onSuccess: () => {
      for (const queryKey of PROMOTION_READERS)
        void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    },
    onSettled: (_answer, _error, batchIds) =>
      Promise.all(batchIds.map((id) => refresh({ batchId: id, clientId }))),
  });
}

/** Remove From Batch (issue 42 point 3): the file and its rows; the batch's lists read again. */
export const useRemoveBatchFile = (batch: BatchRef) =>
  useBatchMutation(batch, (fileAuditId: number) => removeBatchFile(fileAuditId));

/** DELETE BATCH. */
export const useDeleteBatch = (batch: BatchRef) =>
  useBatchMutation<void>(batch, () => deleteBatch(batch.batchId));
