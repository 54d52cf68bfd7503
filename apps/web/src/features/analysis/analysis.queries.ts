import { queryOptions } from '@tanstack/react-query';
import {
  fetchAnalysisClient,
  fetchAnalysisClients,
  fetchAnalysisOpenReports,
  fetchAnalysisReportStatus,
} from './analysis.api';

// One key factory per area (style.md "Web"). The client and its report status share the clients
// feature's keys, so a change made on either screen shows on both.
export const analysisQueries = {
  openReports: () =>
    queryOptions({ queryKey: ['analysis', 'open-reports'] as const, queryFn: fetchAnalysisOpenReports }),
  client: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'detail', clientId] as const,
      queryFn: () => fetchAnalysisClient(clientId),
      retry: false,
    }),
  clients: () => queryOptions({ queryKey: ['clients', 'all'] as const, queryFn: fetchAnalysisClients }),
  reportStatus: (clientId: number) =>
    queryOptions({
      queryKey: ['clients', 'report-status', clientId] as const,
      queryFn: () => fetchAnalysisReportStatus(clientId),
    }),
};
