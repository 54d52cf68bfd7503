import { queryOptions } from '@tanstack/react-query';
import type { PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { fetchInvestmentTypeOptions, listStagingInvestments } from './staging-investments.api';

// One key factory per area (style.md "Web"): the staged investments sit under ['staging-investments'].
export const stagingInvestmentKeys = {
  all: () => ['staging-investments'] as const,
  rows: () => [...stagingInvestmentKeys.all(), 'rows'] as const,
  /** The DataTable appends its request to this key. */
  list: (batchAccountId: number) => [...stagingInvestmentKeys.rows(), 'list', batchAccountId] as const,
  needsValidation: (batchAccountId: number) =>
    [...stagingInvestmentKeys.rows(), 'needs-validation', batchAccountId] as const,
  types: () => [...stagingInvestmentKeys.all(), 'types'] as const,
};

/** Spec 4: one row that is No is enough to say 'Needs Validation'. */
const NOT_VALIDATED: PagedListRequest = {
  pageSize: 1,
  pageIndex: 0,
  filters: [{ id: 'validationStatus', value: 'No' }],
  searchTerm: '',
  sortOrder: [],
};

export const stagingInvestmentQueries = {
  needsValidation: (batchAccountId: number) =>
    queryOptions({
      queryKey: stagingInvestmentKeys.needsValidation(batchAccountId),
      queryFn: async () => (await listStagingInvestments(batchAccountId, NOT_VALIDATED)).resultCount > 0,
    }),
  types: () =>
    queryOptions({
      queryKey: stagingInvestmentKeys.types(),
      queryFn: fetchInvestmentTypeOptions,
      staleTime: 5 * 60_000,
    }),
};
