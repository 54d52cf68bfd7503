import { queryOptions } from '@tanstack/react-query';
import { fetchRoles } from './roles.api';

export const roleQueries = {
  /** GET /api/roles: the Roles tab. */
  all: () => queryOptions({ queryKey: ['roles', 'all'] as const, queryFn: fetchRoles }),
};
