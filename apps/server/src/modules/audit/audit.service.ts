import type { AuditFacets, AuditRow, PagedList, PagedListQuery } from '@tideline/contracts';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { auditLog } from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';
import { definePagedList, fetchPagedList } from '../../platform/paging/paged-list';
import * as q from './audit.queries';

// The audit list (ours, issue 3): contracts' AUDIT_LIST_COLUMNS through the shared paged list.
export const auditList = definePagedList({
  columns: {
    occurredAt: { sql: auditLog.occurredAt, kind: 'date', sortable: true, filterable: true },
    actorEmail: {
      sql: auditLog.actorEmail,
      kind: 'text',
      sortable: true,
      filterable: true,
      searchable: true,
    },
    action: { sql: auditLog.action, kind: 'enum', sortable: true, filterable: true, searchable: true },
    entity: { sql: auditLog.entity, kind: 'enum', sortable: true, filterable: true, searchable: true },
    entityId: { sql: auditLog.entityId, kind: 'text', sortable: true, filterable: true, searchable: true },
  },
  tieBreak: auditLog.auditId,
  defaultSort: [{ id: 'occurredAt', desc: true }],
});

/**
 * Security issue 14 point 9: a client-scoped auditor sees only the rows about their clients
 * (audit_log.client_ids, written by platform/audit/audit-clients.ts); firm-wide rows are not theirs.
 */
function whereAuditVisible(viewer: CurrentUser): SQL | undefined {
  if (!viewer.isClientScoped) return undefined;
  return q.whereAboutClients(viewer.clientIds);
}

export async function listAuditRows(
  db: DbOrTx,
  viewer: CurrentUser,
  query: PagedListQuery,
): Promise<PagedList<AuditRow>> {
  const page = await fetchPagedList(auditList, query, {
    where: whereAuditVisible(viewer),
    count: (fields, where) => q.countAuditRows(db, fields, where),
    page: (p) => q.selectAuditPage(db, p),
  });
  return {
    ...page,
    results: page.results.map((r) => ({
      ...r,
      occurredAt: r.occurredAt.toISOString(),
      before: r.before as AuditRow['before'],
      after: r.after as AuditRow['after'],
    })),
  };
}

export async function findAuditFacets(db: DbOrTx, viewer: CurrentUser): Promise<AuditFacets> {
  const where = whereAuditVisible(viewer);
  const [entities, actions] = await Promise.all([
    q.selectDistinct(db, auditLog.entity, where),
    q.selectDistinct(db, auditLog.action, where),
  ]);
  return { entities, actions };
}
