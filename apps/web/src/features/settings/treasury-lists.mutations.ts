import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TreasuryListKind } from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import {
  deleteTreasuryListEntry,
  saveTreasuryListEntry,
  type TreasuryListValues,
} from './treasury-lists.api';
import { settingsQueries } from './settings.queries';

/**
 * A change refreshes the lists here and in the treasury staging dialog: its pick lists, and its rows,
 * which a rename reaches (the area's keys sit under ['staging-treasury']).
 */
function useRefreshTreasuryLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsQueries.treasuryLists().queryKey }),
      queryClient.invalidateQueries({ queryKey: ['staging-treasury'] }),
    ]);
}

export function useSaveTreasuryListEntry(kind: TreasuryListKind) {
  const refresh = useRefreshTreasuryLists();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: TreasuryListValues }) =>
      saveTreasuryListEntry(kind, id, values),
    onSuccess: refresh,
  });
}

export function useDeleteTreasuryListEntry(kind: TreasuryListKind) {
  const refresh = useRefreshTreasuryLists();
  return useMutation({ mutationFn: (id: number) => deleteTreasuryListEntry(kind, id), onSettled: refresh });
}
