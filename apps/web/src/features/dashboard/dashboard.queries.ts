import { queryOptions } from '@tanstack/react-query';
import { fetchMyClients, fetchReportsInProgress } from './dashboard.api';

export const dashboardQueries = {
  myClients: (userId: number) =>
    queryOptions({
      queryKey: ['dashboard', 'my-clients', userId] as const,
      queryFn: () => fetchMyClients(userId),
    }),
  reportsInProgress: (userId: number) =>
    queryOptions({
      queryKey: ['dashboard', 'reports-in-progress', userId] as const,
      queryFn: () => fetchReportsInProgress(userId),
    }),
};
