import { queryOptions } from '@tanstack/react-query';
import {
  fetchAssignees,
  fetchClientOptions,
  fetchExceptionCounts,
  fetchExceptionHistory,
  fetchMyExceptions,
  fetchUserOptions,
} from './exceptions.api';

// One key factory per area (style.md "Web"); everything an exception's change touches sits under
// ['exceptions'] (the queue, the widget, the badges, the history), so one invalidation refreshes it all.
export const exceptionQueries = {
  all: () => ['exceptions'] as const,
  /** The prefix of every queue page; the DataTable appends its request. */
  lists: () => ['exceptions', 'list'] as const,
  mine: () => queryOptions({ queryKey: ['exceptions', 'mine'] as const, queryFn: fetchMyExceptions }),
  /** One answer for every badge of a screen: each badge reads it, the cache asks once. */
  counts: () => queryOptions({ queryKey: ['exceptions', 'counts'] as const, queryFn: fetchExceptionCounts }),
  history: (exceptionId: number) =>
    queryOptions({
      queryKey: ['exceptions', 'history', exceptionId] as const,
      queryFn: () => fetchExceptionHistory(exceptionId),
    }),
  assignees: (clientId: number) =>
    queryOptions({
      queryKey: ['exceptions', 'assignees', clientId] as const,
      queryFn: () => fetchAssignees(clientId),
    }),
  clientOptions: () =>
    queryOptions({ queryKey: ['exceptions', 'client-options'] as const, queryFn: fetchClientOptions }),
  userOptions: () =>
    queryOptions({ queryKey: ['exceptions', 'user-options'] as const, queryFn: fetchUserOptions }),
};
