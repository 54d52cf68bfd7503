import { queryOptions } from '@tanstack/react-query';
import { fetchAnalysisClient, fetchAnalysisClients, fetchAnalysisOpenReports } from './analysis.api';
import { reportStatusQuery } from '../../lib/report-status-query';

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
  // Read again on each mount: Complete Analysis shows once the batches are validated elsewhere.
  reportStatus: reportStatusQuery,
};
