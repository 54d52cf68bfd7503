import { queryOptions } from '@tanstack/react-query';
import { fetchClientAssociation, fetchClientOptions, fetchRoleOptions, fetchUsers } from './users.api';

// One key factory per area (style.md "Web"). Keys stay apart from ['users', 'logged-user'].
export const userQueries = {
  /** GET /api/users/all: the Users tab. */
  all: () => queryOptions({ queryKey: ['users', 'all'] as const, queryFn: fetchUsers }),
  /** GET /api/users/roles: the role select of the user form. */
  roles: () => queryOptions({ queryKey: ['users', 'roles'] as const, queryFn: fetchRoleOptions }),
  /** GET /api/users/client-association/{userId}: loaded afresh each time the Edit dialog opens. */
  clientAssociation: (userId: number) =>
    queryOptions({
      queryKey: ['users', 'client-association', userId] as const,
      queryFn: () => fetchClientAssociation(userId),
      staleTime: 0,
      retry: false,
    }),
};

export const clientQueries = {
  /** GET /api/clients/list: the client association pick list. */
  list: () => queryOptions({ queryKey: ['clients', 'list'] as const, queryFn: fetchClientOptions }),
};
