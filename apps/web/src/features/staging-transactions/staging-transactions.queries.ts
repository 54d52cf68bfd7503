import { queryOptions } from '@tanstack/react-query';
import type { PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { fetchKeywordOptions, inspectStagingTransactions } from './staging-transactions.api';

// One key factory per area (style.md "Web"): the staging rows sit under ['staging-transactions'].
export const stagingTransactionKeys = {
  all: () => ['staging-transactions'] as const,
  rows: () => [...stagingTransactionKeys.all(), 'rows'] as const,
  /** The DataTable appends its request to this key. */
  lists: (batchAccountIds: readonly number[]) =>
    [...stagingTransactionKeys.rows(), 'list', batchAccountIds] as const,
  needsValidation: (batchAccountIds: readonly number[]) =>
    [...stagingTransactionKeys.rows(), 'needs-validation', batchAccountIds] as const,
  keywords: () => [...stagingTransactionKeys.all(), 'keywords'] as const,
};

/** Spec 4: one row that is No is enough to say 'Needs Validation'. */
const NOT_VALIDATED: PagedListRequest = {
  pageSize: 1,
  pageIndex: 0,
  filters: [{ id: 'validationStatus', value: 'No' }],
  searchTerm: '',
  sortOrder: [],
};

export const stagingTransactionQueries = {
  needsValidation: (batchAccountIds: number[]) =>
    queryOptions({
      queryKey: stagingTransactionKeys.needsValidation(batchAccountIds),
      queryFn: async () => (await inspectStagingTransactions(batchAccountIds, NOT_VALIDATED)).resultCount > 0,
    }),
  keywords: () =>
    queryOptions({
      queryKey: stagingTransactionKeys.keywords(),
      queryFn: fetchKeywordOptions,
      staleTime: 5 * 60_000,
    }),
};
