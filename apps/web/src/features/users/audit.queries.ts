import { queryOptions } from '@tanstack/react-query';
import { fetchAuditFacets } from './audit.api';

export const auditQueries = {
  /** The prefix of every audit page; the DataTable appends its request. */
  lists: () => ['audit', 'list'] as const,
  facets: () => queryOptions({ queryKey: ['audit', 'facets'] as const, queryFn: fetchAuditFacets }),
};
