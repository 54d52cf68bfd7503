import { queryOptions } from '@tanstack/react-query';
import {
  ClientReportStatusSchema,
  type ClientReportStatus,
} from '@tideline/contracts/clients/clients.schemas';
import { apiRequest } from './api-client';

/**
 * GET /api/clients/report-status/{id}: the client's open report (its first element), under the key
 * every screen that changes a cycle invalidates. Read again on each mount (staleTime 0): a status
 * changed on another screen (a batch validated, an analysis completed) shows without a reload.
 */
export const reportStatusQuery = (clientId: number) =>
  queryOptions({
    queryKey: ['clients', 'report-status', clientId] as const,
    queryFn: async (): Promise<ClientReportStatus | null> => {
      const list = ClientReportStatusSchema.array().parse(
        await apiRequest(`/clients/report-status/${clientId}`),
      );
      return list[0] ?? null;
    },
    staleTime: 0,
  });
