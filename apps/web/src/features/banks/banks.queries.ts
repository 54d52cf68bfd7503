import { queryOptions } from '@tanstack/react-query';
import { fetchAllowedDataGatheringValues, fetchBanks, fetchInstitutionTypes } from './banks.api';

// One key factory per area (style.md "Web").
export const bankQueries = {
  all: () => queryOptions({ queryKey: ['banks', 'all'] as const, queryFn: fetchBanks }),
  dataGatheringValues: () =>
    queryOptions({
      queryKey: ['banks', 'allowed-data-gathering-values'] as const,
      queryFn: fetchAllowedDataGatheringValues,
      staleTime: Infinity,
    }),
  institutionTypes: () =>
    queryOptions({ queryKey: ['banks', 'types'] as const, queryFn: fetchInstitutionTypes }),
};
