import { useMutation } from '@tanstack/react-query';
import type {
  StagingInvestmentInput,
  StagingInvestmentValidationBody,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import type { ValidationChange } from '../../lib/staging-rows';
import {
  changeStagingInvestmentValidation,
  deleteStagingInvestments,
  updateStagingInvestment,
} from './staging-investments.api';
import { useRefreshStaging, type BatchRef } from '../../lib/use-refresh-staging';
import { stagingInvestmentKeys } from './staging-investments.queries';

export type { BatchRef } from '../../lib/use-refresh-staging';

const useRefreshAfterChange = (batch: BatchRef) => useRefreshStaging(batch, stagingInvestmentKeys.rows());

export function useUpdateStagingInvestment(batch: BatchRef) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: ({ id, investment }: { id: number; investment: StagingInvestmentInput }) =>
      updateStagingInvestment(id, investment),
    onSuccess: refresh,
  });
}

/** Validate or Invalidate the rows of the dialog's one batch account. */
export function useChangeStagingInvestmentValidation(batch: BatchRef, change: ValidationChange) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: (body: StagingInvestmentValidationBody) => changeStagingInvestmentValidation(change, body),
    onSettled: refresh,
  });
}

export function useDeleteStagingInvestments(batch: BatchRef) {
  const refresh = useRefreshAfterChange(batch);
  return useMutation({
    mutationFn: (ids: number[]) => deleteStagingInvestments(ids),
    onSettled: refresh,
  });
}
