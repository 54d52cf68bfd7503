import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NegotiatedRateInput } from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import { createNegotiatedRate, deleteNegotiatedRate, updateNegotiatedRate } from './negotiated-rates.api';

// platform.md 8: after each change the lists refresh (the dashboard's and every client's).
const RATE_LISTS = { queryKey: ['negotiated-rates'] as const };

export function useCreateNegotiatedRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NegotiatedRateInput) => createNegotiatedRate(input),
    onSuccess: () => queryClient.invalidateQueries(RATE_LISTS),
  });
}

export function useUpdateNegotiatedRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: NegotiatedRateInput }) =>
      updateNegotiatedRate(id, input),
    onSuccess: () => queryClient.invalidateQueries(RATE_LISTS),
  });
}

export function useDeleteNegotiatedRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteNegotiatedRate(id),
    onSuccess: () => queryClient.invalidateQueries(RATE_LISTS),
  });
}
