import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InvestmentInput } from '@tideline/contracts/investments/investments.schemas';
import {
  addGroupInvestments,
  createInvestmentGroup,
  deleteInvestmentGroups,
  removeGroupInvestments,
  renameInvestmentGroup,
} from './investment-groups.api';
import { deleteInvestments, updateInvestment } from './investments.api';
import { investmentGroupQueries, investmentQueries } from './investments.queries';

// One hook per change (style.md "Web"). An investment change moves every list and widget and the
// groups' counts and settlement totals; a group change moves the groups and the lists filtered by group.

function refreshInvestments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: investmentQueries.root() }),
    queryClient.invalidateQueries({ queryKey: investmentGroupQueries.root() }),
  ]);
}

export function useUpdateInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, investment }: { id: number; investment: InvestmentInput }) =>
      updateInvestment(id, investment),
    onSuccess: () => refreshInvestments(queryClient),
  });
}

export function useDeleteInvestments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteInvestments(ids),
    onSuccess: () => refreshInvestments(queryClient),
  });
}

export function useSaveInvestmentGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, groupName }: { groupId?: number; groupName: string }) =>
      groupId === undefined ? createInvestmentGroup(groupName) : renameInvestmentGroup(groupId, groupName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: investmentGroupQueries.root() }),
  });
}

export function useDeleteInvestmentGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupIds: number[]) => deleteInvestmentGroups(groupIds),
    onSuccess: () => refreshInvestments(queryClient),
  });
}

export function useAddGroupInvestments(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (investmentIds: number[]) => addGroupInvestments(groupId, investmentIds),
    onSuccess: () => refreshInvestments(queryClient),
  });
}

export function useRemoveGroupInvestments(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (investmentIds: number[]) => removeGroupInvestments(groupId, investmentIds),
    onSuccess: () => refreshInvestments(queryClient),
  });
}
