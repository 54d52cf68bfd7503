import { queryOptions } from '@tanstack/react-query';
import type { PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import {
  fetchAccount,
  fetchAccountCategories,
  fetchAccountGroupAssociations,
  fetchAccountLinks,
  fetchAccountOptions,
  fetchAccountSummary,
  fetchAccounts,
  fetchAccountTypes,
  fetchBalanceHistory,
  fetchBankDefaultFrequencies,
  fetchClient,
  fetchClientBanks,
  fetchGroup,
  fetchGroupOptions,
  fetchGroups,
  fetchStagingAccounts,
} from './accounts.api';
import { fetchAccountTransactions, fetchKeywordOptions } from './transactions.api';
import { fetchJob } from './upload.api';

// One key factory per area (style.md "Web"). Everything of a client's accounts sits under
// ['accounts', clientId], so a change can refresh the client's lists at once.

export const accountQueries = {
  client: (clientId: number) => ['accounts', clientId] as const,
  all: (clientId: number) =>
    queryOptions({
      queryKey: ['accounts', clientId, 'all'] as const,
      queryFn: () => fetchAccounts(clientId),
    }),
  /** Read from the balance tables: refetched after 'Calculate Daily and Monthly Tables' (['accounts']). */
  balanceHistory: (accountId: number) =>
    queryOptions({
      queryKey: ['accounts', 'balance-history', accountId] as const,
      queryFn: () => fetchBalanceHistory(accountId),
    }),
  summary: (accountId: number) =>
    queryOptions({
      queryKey: ['accounts', 'summary', accountId] as const,
      queryFn: () => fetchAccountSummary(accountId),
    }),
  staging: (clientId: number) =>
    queryOptions({
      queryKey: ['accounts', clientId, 'review'] as const,
      queryFn: () => fetchStagingAccounts(clientId),
    }),
  options: (clientId: number) =>
    queryOptions({
      queryKey: ['accounts', clientId, 'options'] as const,
      queryFn: () => fetchAccountOptions(clientId),
    }),
  detail: (clientId: number, accountId: number) =>
    queryOptions({
      queryKey: ['accounts', clientId, 'single', accountId] as const,
      queryFn: () => fetchAccount(clientId, accountId),
      retry: false,
    }),
  types: () =>
    queryOptions({
      queryKey: ['accounts', 'types'] as const,
      queryFn: fetchAccountTypes,
      staleTime: Infinity,
    }),
  categories: () =>
    queryOptions({
      queryKey: ['accounts', 'categories'] as const,
      queryFn: fetchAccountCategories,
      staleTime: Infinity,
    }),
};

export const groupQueries = {
  client: (clientId: number) => ['account-groups', clientId] as const,
  all: (clientId: number) =>
    queryOptions({
      queryKey: ['account-groups', clientId, 'all'] as const,
      queryFn: () => fetchGroups(clientId),
    }),
  options: (clientId: number) =>
    queryOptions({
      queryKey: ['account-groups', clientId, 'options'] as const,
      queryFn: () => fetchGroupOptions(clientId),
    }),
  detail: (clientId: number, groupId: number) =>
    queryOptions({
      queryKey: ['account-groups', clientId, 'detail', groupId] as const,
      queryFn: () => fetchGroup(groupId),
      retry: false,
    }),
  /** The groups of one account (the Account Groups tab of the profile). */
  ofAccount: (clientId: number, accountId: number) =>
    queryOptions({
      queryKey: ['account-groups', clientId, 'association', accountId] as const,
      queryFn: () => fetchAccountGroupAssociations(accountId),
    }),
};

export const linkQueries = {
  ofAccount: (accountId: number) =>
    queryOptions({
      queryKey: ['account-links', accountId] as const,
      queryFn: () => fetchAccountLinks(accountId),
    }),
};

export const transactionQueries = {
  /** Every page of one account's list; the request is appended by the DataTable. */
  lists: (accountId: number) => ['transactions', 'account', accountId] as const,
  page: (accountId: number, request: PagedListRequest) =>
    queryOptions({
      queryKey: [...transactionQueries.lists(accountId), request] as const,
      queryFn: () => fetchAccountTransactions(accountId, request),
    }),
  keywords: () =>
    queryOptions({ queryKey: ['transactions', 'keywords'] as const, queryFn: fetchKeywordOptions }),
};

/** What the account screens read of the client and of the banks. */
export const clientContextQueries = {
  client: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'accounts-context', clientId, 'detail'] as const,
      queryFn: () => fetchClient(clientId),
    }),
  banks: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'accounts-context', clientId, 'banks'] as const,
      queryFn: () => fetchClientBanks(clientId),
    }),
  bankFrequencies: () =>
    queryOptions({
      queryKey: ['banks', 'accounts-context', 'default-frequencies'] as const,
      queryFn: fetchBankDefaultFrequencies,
    }),
};

export const jobQueries = {
  detail: (jobId: string) =>
    queryOptions({ queryKey: ['jobs', jobId] as const, queryFn: () => fetchJob(jobId), staleTime: 0 }),
};
