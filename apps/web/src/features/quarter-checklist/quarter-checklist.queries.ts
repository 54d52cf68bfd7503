import { queryOptions } from '@tanstack/react-query';
import { fetchQuarterChecklist } from './quarter-checklist.api';

/** How often an open checklist asks again: extraction, runs and reports move on in the background. */
export const CHECKLIST_REFRESH_MS = 10_000;

export const quarterChecklistQueries = {
  ofClient: (clientId: number) =>
    queryOptions({
      queryKey: ['quarter-checklist', clientId] as const,
      queryFn: () => fetchQuarterChecklist(clientId),
      staleTime: 0,
      refetchInterval: CHECKLIST_REFRESH_MS,
    }),
};
