import { queryOptions } from '@tanstack/react-query';
import {
  fetchAllowedReportFrequencies,
  fetchAssignableUsers,
  fetchBankOptions,
  fetchClient,
  fetchClientCategories,
  fetchClientRelationships,
  fetchClients,
  fetchClientTypes,
  fetchReportStatus,
} from './clients.api';

// One key factory per area (style.md "Web"). Everything a client owns sits under ['clients', …].
export const clientQueries = {
  all: () => queryOptions({ queryKey: ['clients', 'all'] as const, queryFn: fetchClients }),
  details: () => ['clients', 'detail'] as const,
  detail: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'detail', clientId] as const,
      queryFn: () => fetchClient(clientId),
      retry: false,
    }),
  categories: () =>
    queryOptions({
      queryKey: ['clients', 'categories'] as const,
      queryFn: fetchClientCategories,
      staleTime: Infinity,
    }),
  types: () =>
    queryOptions({ queryKey: ['clients', 'types'] as const, queryFn: fetchClientTypes, staleTime: Infinity }),
  reportFrequencies: () =>
    queryOptions({
      queryKey: ['clients', 'allowed-report-frequencies'] as const,
      queryFn: fetchAllowedReportFrequencies,
      staleTime: Infinity,
    }),
  assignableUsers: () =>
    queryOptions({ queryKey: ['clients', 'assignable-users'] as const, queryFn: fetchAssignableUsers }),
  reportStatus: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'report-status', clientId] as const,
      queryFn: () => fetchReportStatus(clientId),
    }),
  relationships: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'banks', clientId] as const,
      queryFn: () => fetchClientRelationships(clientId),
    }),
  /** GET /api/banks/list, kept under the clients key: the relationship dialog's bank select. */
  bankOptions: () =>
    queryOptions({ queryKey: ['clients', 'bank-options'] as const, queryFn: fetchBankOptions }),
};
