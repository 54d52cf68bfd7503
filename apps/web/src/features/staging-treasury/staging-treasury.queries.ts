import { queryOptions } from '@tanstack/react-query';
import {
  fetchBankLevelExceptions,
  fetchClientLevelExceptions,
  fetchFeeCategories,
  fetchStagingAccountBalances,
  fetchStagingBalances,
  fetchStagingFees,
  fetchStandardizedDescriptions,
} from './staging-treasury.api';

// One key factory per area (style.md "Web"): the treasury staging rows sit under ['staging-treasury'].
export const stagingTreasuryKeys = {
  all: () => ['staging-treasury'] as const,
  rows: () => [...stagingTreasuryKeys.all(), 'rows'] as const,
  section: (section: 'fees' | 'balances' | 'account-balances', batchId: number) =>
    [...stagingTreasuryKeys.rows(), section, batchId] as const,
  list: (name: string) => [...stagingTreasuryKeys.all(), 'list', name] as const,
};

// The pick lists change with a release, not while the dialog is open.
const LIST_STALE_TIME = 5 * 60_000;

export const stagingTreasuryQueries = {
  fees: (batchId: number) =>
    queryOptions({
      queryKey: stagingTreasuryKeys.section('fees', batchId),
      queryFn: () => fetchStagingFees(batchId),
    }),
  balances: (batchId: number) =>
    queryOptions({
      queryKey: stagingTreasuryKeys.section('balances', batchId),
      queryFn: () => fetchStagingBalances(batchId),
    }),
  accountBalances: (batchId: number) =>
    queryOptions({
      queryKey: stagingTreasuryKeys.section('account-balances', batchId),
      queryFn: () => fetchStagingAccountBalances(batchId),
    }),
  standardizedDescriptions: () =>
    queryOptions({
      queryKey: stagingTreasuryKeys.list('standardized-description'),
      queryFn: fetchStandardizedDescriptions,
      staleTime: LIST_STALE_TIME,
    }),
  bankLevelExceptions: () =>
    queryOptions({
      queryKey: stagingTreasuryKeys.list('bank-level-exception'),
      queryFn: fetchBankLevelExceptions,
      staleTime: LIST_STALE_TIME,
    }),
  clientLevelExceptions: () =>
    queryOptions({
      queryKey: stagingTreasuryKeys.list('client-level-exception'),
      queryFn: fetchClientLevelExceptions,
      staleTime: LIST_STALE_TIME,
    }),
  feeCategories: () =>
    queryOptions({
      queryKey: stagingTreasuryKeys.list('fee-categories'),
      queryFn: fetchFeeCategories,
      staleTime: LIST_STALE_TIME,
    }),
};
