import { queryOptions } from '@tanstack/react-query';
import type { Permission } from '@tideline/contracts/access/permissions';
import {
  fetchAccountOptions,
  fetchGroupOptions,
  fetchReportParameters,
  fetchReports,
  fetchReportStatus,
  fetchRoleHolders,
} from './reports.api';

// One key factory per area (style.md "Web"). The client's report status, account groups and accounts
// share the keys of the clients and accounts features, so a change made on either screen shows on both.
export const reportQueries = {
  /** Everything of one client's reports: what a change refreshes. */
  client: (clientId: number) => ['reports', clientId] as const,
  list: (clientId: number) =>
    queryOptions({
      queryKey: ['reports', clientId, 'all'] as const,
      queryFn: () => fetchReports(clientId),
    }),
  parameters: (reportId: number) =>
    queryOptions({
      queryKey: ['reports', 'parameters', reportId] as const,
      queryFn: () => fetchReportParameters(reportId),
      // A report's parameters never change once it is generated.
      staleTime: Infinity,
    }),
  reportStatus: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'report-status', clientId] as const,
      queryFn: () => fetchReportStatus(clientId),
    }),
  /** Under the roles key, so a role edited elsewhere in this session is read again. */
  roleHolders: (permission: Permission) =>
    queryOptions({
      queryKey: ['roles', 'holding', permission] as const,
      queryFn: () => fetchRoleHolders(permission),
      staleTime: 5 * 60_000,
    }),
  groupOptions: (clientId: number) =>
    queryOptions({
      queryKey: ['account-groups', clientId, 'options'] as const,
      queryFn: () => fetchGroupOptions(clientId),
    }),
  accountOptions: (clientId: number) =>
    queryOptions({
      queryKey: ['accounts', clientId, 'options'] as const,
      queryFn: () => fetchAccountOptions(clientId),
    }),
};
