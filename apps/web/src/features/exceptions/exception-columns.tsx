import { EXCEPTION_KIND_LABELS, type ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { DataTableColumn } from '../../components/data-table/data-table.types';
import { RouteLink } from '../../components/route-link';
import { formatDate } from '../../lib/format';
import { DueDate, SeverityChip } from './exception-chips';
import { linkOfException } from './exception-link';

/** How a status reads: a snooze says until when and why, a resolution by whom and with what note. */
export function describeStatus(e: ExceptionItem): string {
  if (e.status === 'Snoozed') return `Snoozed until ${formatDate(e.snoozedUntil)}: ${e.snoozeReason ?? ''}`;
  if (e.status === 'Resolved')
    return e.resolvedAutomatically
      ? (e.resolutionNote ?? 'Resolved itself.')
      : `Resolved by ${e.resolvedByName ?? '---'}: ${e.resolutionNote ?? ''}`;
  return 'Open';
}

/** The queue's columns; ids are the server's sortable columns (the list's, exceptions.schemas.ts). */
export const EXCEPTION_COLUMNS: readonly DataTableColumn<ExceptionItem>[] = [
  { id: 'severity', header: 'Severity', cell: (e) => <SeverityChip severity={e.severity} /> },
  { id: 'clientName', header: 'Client' },
  { id: 'kind', header: 'Kind', accessor: (e) => EXCEPTION_KIND_LABELS[e.kind] },
  { id: 'summary', header: 'What was found', sortable: false, maxWidth: 420 },
  { id: 'ageDays', header: 'Age (days)', align: 'right' },
  { id: 'assigneeName', header: 'Owner', accessor: (e) => e.assigneeName ?? '---' },
  {
    id: 'dueDate',
    header: 'Due',
    cell: (e) => <DueDate dueDate={e.dueDate} />,
    exportValue: (e) => formatDate(e.dueDate),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (e) => <span title={describeStatus(e)}>{e.status}</span>,
  },
  {
    id: 'fix',
    header: 'Fix',
    sortable: false,
    accessor: (e) => linkOfException(e.link).to,
    cell: (e) => {
      const { to, state } = linkOfException(e.link);
      return (
        <RouteLink to={to} state={state} title="Open the screen that fixes it">
          Fix
        </RouteLink>
      );
    },
  },
];
