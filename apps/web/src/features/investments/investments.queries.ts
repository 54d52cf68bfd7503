import { queryOptions } from '@tanstack/react-query';
import {
  fetchInvestmentGroup,
  fetchInvestmentGroupDetail,
  fetchInvestmentGroups,
} from './investment-groups.api';
import {
  fetchAccountBalanceWidget,
  fetchClientBalanceWidget,
  fetchClientMaturingInvestments,
  fetchInterestRate,
  fetchInvestmentTypeOptions,
  fetchUserMaturingInvestments,
  type InvestmentScope,
} from './investments.api';

// One key factory per area (style.md "Web"). Everything computed from investments sits under
// ['investments'], so an edit, a delete or a group change refreshes lists, widgets and counts at once.

function scopeKey(scope: InvestmentScope) {
  if (scope.kind === 'account') return ['account', scope.accountId] as const;
  if (scope.kind === 'client') return ['client', scope.clientId] as const;
  return ['all'] as const;
}

export const investmentQueries = {
  root: () => ['investments'] as const,
  /** Every page of a list; the DataTable appends the request (and the group filters are in it). */
  lists: (scope: InvestmentScope) => ['investments', 'lists', ...scopeKey(scope)] as const,
  types: () =>
    queryOptions({
      queryKey: ['investments', 'types'] as const,
      queryFn: fetchInvestmentTypeOptions,
      staleTime: 5 * 60_000,
    }),
  accountBalance: (accountId: number) =>
    queryOptions({
      queryKey: ['investments', 'balance', 'account', accountId] as const,
      queryFn: () => fetchAccountBalanceWidget(accountId),
    }),
  clientBalance: (clientId: number) =>
    queryOptions({
      queryKey: ['investments', 'balance', 'client', clientId] as const,
      queryFn: () => fetchClientBalanceWidget(clientId),
    }),
  interestRate: (accountId: number) =>
    queryOptions({
      queryKey: ['investments', 'interest-rate', accountId] as const,
      queryFn: () => fetchInterestRate(accountId),
    }),
  maturingOfClient: (clientId: number) =>
    queryOptions({
      queryKey: ['investments', 'maturing', 'client', clientId] as const,
      queryFn: () => fetchClientMaturingInvestments(clientId),
    }),
  maturingOfUser: (userId: number) =>
    queryOptions({
      queryKey: ['investments', 'maturing', 'user', userId] as const,
      queryFn: () => fetchUserMaturingInvestments(userId),
    }),
};

export const investmentGroupQueries = {
  root: () => ['investment-groups'] as const,
  all: () =>
    queryOptions({ queryKey: ['investment-groups', 'all'] as const, queryFn: fetchInvestmentGroups }),
  single: (groupId: number) =>
    queryOptions({
      queryKey: ['investment-groups', 'single', groupId] as const,
      queryFn: () => fetchInvestmentGroup(groupId),
      retry: false,
    }),
  detail: (groupId: number) =>
    queryOptions({
      queryKey: ['investment-groups', 'detail', groupId] as const,
      queryFn: () => fetchInvestmentGroupDetail(groupId),
    }),
};
