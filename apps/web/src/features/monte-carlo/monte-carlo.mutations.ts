import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiquidityLevelsBody } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { MonteCarloRunInput } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { deleteMonteCarlo, runMonteCarlo, saveLiquidityLevels } from './monte-carlo.api';
import { monteCarloKeys } from './monte-carlo.queries';

// One hook per mutation, each invalidating what it changed (style.md "Web").

export function useRunMonteCarlo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monteCarlo: MonteCarloRunInput) => runMonteCarlo(monteCarlo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monteCarloKeys.all() }),
  });
}

export function useDeleteMonteCarlo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monteCarloId: number) => deleteMonteCarlo(monteCarloId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: monteCarloKeys.all() }),
  });
}

export function useSaveLiquidityLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, levels }: { groupId: number; levels: LiquidityLevelsBody['monteCarlo'] }) =>
      saveLiquidityLevels(groupId, levels),
    // The run's panel, the group's current levels and the widgets built on them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monteCarloKeys.all() }),
  });
}
