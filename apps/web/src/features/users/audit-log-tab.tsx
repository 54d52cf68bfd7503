import { useQuery } from '@tanstack/react-query';
import type { AuditRow } from '@tideline/contracts/audit/audit.schemas';
import { SERVER_PAGE_SIZES } from '@tideline/contracts/paging/paging.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, FilterDefinition } from '../../components/data-table/data-table.types';
import { fetchAuditPage } from './audit.api';
import { auditQueries } from './audit.queries';
import { AuditChanges } from './audit-changes';
import { describeChanges, formatWhen } from './audit-format';

const COLUMNS: readonly DataTableColumn<AuditRow>[] = [
  {
    id: 'occurredAt',
    header: 'When',
    cell: (r) => formatWhen(r.occurredAt),
    exportValue: (r) => formatWhen(r.occurredAt),
  },
  { id: 'actorEmail', header: 'Who' },
  { id: 'action', header: 'Action' },
  { id: 'entity', header: 'Entity' },
  { id: 'entityId', header: 'Entity ID' },
  {
    id: 'changes',
    header: 'Changes',
    sortable: false,
    accessor: (r) => describeChanges(r.before, r.after).join('; '),
    cell: (r) => <AuditChanges row={r} />,
  },
];

const toOptions = (values: readonly string[] | undefined) =>
  (values ?? []).map((v) => ({ value: v, label: v }));

/** Ours (issue 3, VIEW_AUDIT_LOG): who changed what and when, paged on the server. */
export function AuditLogTab() {
  const facets = useQuery(auditQueries.facets());
  const filters: readonly FilterDefinition<AuditRow>[] = [
    { id: 'actorEmail', label: 'Who', kind: 'text' },
    { id: 'entity', label: 'Entity', kind: 'multiSelect', options: toOptions(facets.data?.entities) },
    { id: 'action', label: 'Action', kind: 'multiSelect', options: toOptions(facets.data?.actions) },
    { id: 'occurredAt', label: 'Date', kind: 'dateRange' },
  ];
  return (
    <DataTable
      title="Audit Log"
      columns={COLUMNS}
      filters={filters}
      pageSizes={SERVER_PAGE_SIZES}
      getRowId={(r) => r.auditId}
      getRowLabel={(r) => `${r.action} ${formatWhen(r.occurredAt)}`}
      mode={{ kind: 'server', queryKey: auditQueries.lists(), fetchPage: fetchAuditPage }}
    />
  );
}
