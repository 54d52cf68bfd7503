import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankInput } from '@tideline/contracts/banks/banks.schemas';
import { createBank, updateBank } from './banks.api';
import { bankQueries } from './banks.queries';

// One hook per change, each refreshing what it changed (style.md "Web"). The client page's bank pick
// list lives under ['clients'] and is refreshed when it is next opened (staleTime).

export function useCreateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bank: BankInput) => createBank(bank),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankQueries.all().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['clients', 'bank-options'] }),
      ]),
  });
}

export function useUpdateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bankId, bank }: { bankId: number; bank: BankInput }) => updateBank(bankId, bank),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankQueries.all().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['clients', 'bank-options'] }),
        // A bank's name shows in every client's Banks tab.
        queryClient.invalidateQueries({ queryKey: ['clients', 'banks'] }),
      ]),
  });
}
