import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CashVestInput } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { createCashVest, updateCashVest } from './cash-vest.api';
import { cashVestKeys } from './cash-vest.queries';

/** 'New cashVest Score': the history, and the client's status (the cycle's analysis is now in progress). */
export function useCreateCashVest(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createCashVest(clientId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cashVestKeys.history(clientId) });
      void queryClient.invalidateQueries({ queryKey: ['clients', 'report-status', clientId] });
      void queryClient.invalidateQueries({ queryKey: ['analysis', 'open-reports'] });
    },
  });
}

/** The wizard's save: the row's history line, its panel and the summary chart change. */
export function useUpdateCashVest(clientId: number, cashVestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cashVest: CashVestInput) => updateCashVest(cashVestId, cashVest),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cashVestKeys.history(clientId) });
      void queryClient.invalidateQueries({ queryKey: cashVestKeys.subScores(cashVestId) });
      void queryClient.invalidateQueries({ queryKey: cashVestKeys.series(clientId) });
    },
  });
}
