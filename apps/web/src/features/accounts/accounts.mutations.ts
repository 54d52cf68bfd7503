import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountInput } from '@tideline/contracts/accounts/accounts.schemas';
import {
  addGroupAccounts,
  createAccount,
  createAccountLink,
  createGroup,
  deleteAccountLink,
  deleteAccounts,
  deleteGroups,
  removeGroupAccounts,
  renameGroup,
  setAccountGroups,
  updateAccount,
  updateAccountLink,
} from './accounts.api';
import { accountQueries, groupQueries, linkQueries, transactionQueries } from './accounts.queries';
import { deleteTransactions, updateTransaction, type TransactionEdit } from './transactions.api';

// One hook per change, each refreshing what it changed (style.md "Web"). An account change moves the
// client's account lists and its groups' counts; a group change moves the groups and the accounts'
// chips; links and transactions stay with their account.

function refreshAccounts(queryClient: QueryClient, clientId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountQueries.client(clientId) }),
    queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
    // The bank relationships' '# of Accounts' moves with the accounts.
    queryClient.invalidateQueries({ queryKey: ['clients'] }),
  ]);
}

export function useSaveAccount(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, account }: { accountId?: number; account: AccountInput }) =>
      accountId === undefined ? createAccount(account) : updateAccount(accountId, account),
    onSuccess: () => refreshAccounts(queryClient, clientId),
  });
}

export function useDeleteAccounts(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountIds, kind }: { accountIds: number[]; kind: 'staging' | 'complete' }) =>
      deleteAccounts(accountIds, kind),
    onSuccess: () => refreshAccounts(queryClient, clientId),
  });
}

export function useCreateGroup(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupName: string) => createGroup(clientId, groupName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
  });
}

export function useRenameGroup(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, groupName }: { groupId: number; groupName: string }) =>
      renameGroup(groupId, groupName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
  });
}

export function useDeleteGroups(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupIds: number[]) => deleteGroups(groupIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
  });
}

export function useAddGroupAccounts(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, accountIds }: { groupId: number; accountIds: number[] }) =>
      addGroupAccounts(groupId, accountIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
  });
}

export function useRemoveGroupAccounts(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountGroupXrefs: number[]) => removeGroupAccounts(accountGroupXrefs),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
  });
}

export function useSetAccountGroups(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, groupIds }: { accountId: number; groupIds: number[] }) =>
      setAccountGroups(accountId, groupIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
  });
}

export function useSaveAccountLink(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, linkedToAccountId }: { linkId?: number; linkedToAccountId: number }) =>
      linkId === undefined
        ? createAccountLink(accountId, linkedToAccountId)
        : updateAccountLink(linkId, linkedToAccountId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkQueries.ofAccount(accountId).queryKey }),
  });
}

export function useDeleteAccountLink(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => deleteAccountLink(linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkQueries.ofAccount(accountId).queryKey }),
  });
}

/** A transaction change moves the list, the account's last transaction date and its groups' dates. */
function refreshTransactions(queryClient: QueryClient, clientId: number, accountId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: transactionQueries.lists(accountId) }),
    queryClient.invalidateQueries({ queryKey: accountQueries.client(clientId) }),
    queryClient.invalidateQueries({ queryKey: groupQueries.client(clientId) }),
  ]);
}

export function useUpdateTransaction(clientId: number, accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, transaction }: { id: number; transaction: TransactionEdit }) =>
      updateTransaction(id, transaction),
    onSuccess: () => refreshTransactions(queryClient, clientId, accountId),
  });
}

export function useDeleteTransactions(clientId: number, accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteTransactions(ids),
    onSuccess: () => refreshTransactions(queryClient, clientId, accountId),
  });
}
