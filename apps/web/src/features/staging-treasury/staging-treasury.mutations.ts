import { useMutation } from '@tanstack/react-query';
import type {
  StagingAccountBalanceEditBody,
  StagingAccountBalanceIdsBody,
  StagingBalanceEditBody,
  StagingBalanceIdsBody,
  StagingFeeEditBody,
  StagingFeeIdsBody,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import {
  changeAccountBalanceValidation,
  changeBalanceValidation,
  changeFeeValidation,
  deleteStagingBalances,
  deleteStagingFees,
  updateStagingAccountBalance,
  updateStagingBalance,
  updateStagingFees,
  type ValidationChange,
} from './staging-treasury.api';
import { useRefreshStaging, type BatchRef } from '../../lib/use-refresh-staging';
import { stagingTreasuryKeys } from './staging-treasury.queries';

/** A change whose lists refresh whatever the outcome (spec 4 "Resetting the lists"). */
function useTreasuryChange<V>(batch: BatchRef, send: (variables: V) => Promise<string>) {
  const refresh = useRefreshStaging(batch, stagingTreasuryKeys.rows());
  return useMutation({ mutationFn: send, onSettled: refresh });
}

export const useUpdateStagingBalance = (batch: BatchRef) =>
  useTreasuryChange(batch, (body: StagingBalanceEditBody) => updateStagingBalance(body));

export const useUpdateStagingFees = (batch: BatchRef) =>
  useTreasuryChange(batch, (body: StagingFeeEditBody) => updateStagingFees(body));

export const useUpdateStagingAccountBalance = (batch: BatchRef) =>
  useTreasuryChange(batch, (body: StagingAccountBalanceEditBody) => updateStagingAccountBalance(body));

export const useChangeBalanceValidation = (batch: BatchRef) =>
  useTreasuryChange(batch, ({ to, body }: { to: ValidationChange; body: StagingBalanceIdsBody }) =>
    changeBalanceValidation(to, body),
  );

export const useChangeFeeValidation = (batch: BatchRef) =>
  useTreasuryChange(batch, ({ to, body }: { to: ValidationChange; body: StagingFeeIdsBody }) =>
    changeFeeValidation(to, body),
  );

export const useChangeAccountBalanceValidation = (batch: BatchRef) =>
  useTreasuryChange(batch, ({ to, body }: { to: ValidationChange; body: StagingAccountBalanceIdsBody }) =>
    changeAccountBalanceValidation(to, body),
  );

export const useDeleteStagingBalances = (batch: BatchRef) =>
  useTreasuryChange(batch, (body: StagingBalanceIdsBody) => deleteStagingBalances(body));

export const useDeleteStagingFees = (batch: BatchRef) =>
  useTreasuryChange(batch, (body: StagingFeeIdsBody) => deleteStagingFees(body));
