import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShortTermStep1Input } from '@tideline/contracts/short-term/short-term.schemas';
import { removeModel, runStep1, runStep2 } from './short-term.api';
import { shortTermKeys } from './short-term.queries';

// One hook per mutation, each invalidating what it changed (style.md "Web").

export function useRunStep1() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shortTerm: ShortTermStep1Input) => runStep1(shortTerm),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortTermKeys.all() }),
  });
}

export function useRunStep2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shortTermModelId, modelName }: { shortTermModelId: number; modelName: string }) =>
      runStep2(shortTermModelId, modelName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortTermKeys.all() }),
  });
}

export function useRemoveModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, shortTermModelId }: { step: 1 | 2; shortTermModelId: number }) =>
      removeModel(step, shortTermModelId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortTermKeys.all() }),
  });
}
