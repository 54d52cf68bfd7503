import type { AuditFacets, AuditRow, PagedList, PagedListQuery } from '@tideline/contracts';
import type { DbOrTx } from '../../db/open-database';
import { auditLog } from '../../db/schema';
import { definePagedList, fetchPagedList } from '../../platform/paging/paged-list';
import * as q from './audit.queries';

// The audit list (ours, issue 3): contracts' AUDIT_LIST_COLUMNS through the shared paged list.
const auditList = definePagedList({
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

export async function listAuditRows(db: DbOrTx, query: PagedListQuery): Promise<PagedList<AuditRow>> {
  const page = await fetchPagedList(auditList, query, {
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

export async function findAuditFacets(db: DbOrTx): Promise<AuditFacets> {
  const [entities, actions] = await Promise.all([
    q.selectDistinct(db, auditLog.entity),
    q.selectDistinct(db, auditLog.action),
  ]);
  return { entities, actions };
}
