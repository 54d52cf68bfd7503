import {
  AuditFacetsSchema,
  AuditRowSchema,
  type AuditFacets,
  type AuditRow,
} from '@tideline/contracts/audit/audit.schemas';
import {
  pagedListSchema,
  type PagedList,
  type PagedListRequest,
} from '@tideline/contracts/paging/paging.schemas';
import { apiRequest } from '../../lib/api-client';

const AuditPageSchema = pagedListSchema(AuditRowSchema);

/** POST /api/audit/list: one page of the audit log, through the shared paged-list body. */
export async function fetchAuditPage(request: PagedListRequest): Promise<PagedList<AuditRow>> {
  return AuditPageSchema.parse(await apiRequest('/audit/list', { method: 'POST', body: request }));
}

/** GET /api/audit/facets: the entities and actions the filter dialog offers. */
export async function fetchAuditFacets(): Promise<AuditFacets> {
  return AuditFacetsSchema.parse(await apiRequest('/audit/facets'));
}
