import { useQuery } from '@tanstack/react-query';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import type { AnalysisOpenReportRow } from '@tideline/contracts/analysis/analysis.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { analysisQueries } from './analysis.queries';
import { AnalysisStatusChip } from './analysis-status-chip';

const COLUMNS: readonly DataTableColumn<AnalysisOpenReportRow>[] = [
  { id: 'clientName', header: 'Clients' },
  {
    id: 'createdAt',
    header: 'Created Date',
    accessor: (r) => new Date(r.createdAt),
    cell: (r) => formatDate(r.createdAt),
    exportValue: (r) => formatDate(r.createdAt),
  },
  {
    id: 'period',
    header: 'Report Period',
    accessor: (r) => r.reportStartDate,
    cell: (r) => `${formatDate(r.reportStartDate)} - ${formatDate(r.reportEndDate)}`,
    exportValue: (r) => `${formatDate(r.reportStartDate)} - ${formatDate(r.reportEndDate)}`,
  },
  {
    id: 'dueDate',
    header: 'Due Date',
    accessor: (r) => (r.dueDate ? new Date(r.dueDate) : null),
    cell: (r) => (r.dueDate ? formatDate(r.dueDate) : '---'),
    exportValue: (r) => (r.dueDate ? formatDate(r.dueDate) : ''),
  },
  {
    id: 'lastAnalysisDate',
    header: 'Last Analysis',
    accessor: (r) => (r.lastAnalysisDate ? new Date(r.lastAnalysisDate) : null),
    cell: (r) => (r.lastAnalysisDate ? formatDate(r.lastAnalysisDate) : '---'),
    exportValue: (r) => (r.lastAnalysisDate ? formatDate(r.lastAnalysisDate) : ''),
  },
  { id: 'status', header: 'Status', cell: (r) => <AnalysisStatusChip status={r.status} /> },
];

const FILTERS: readonly FilterDefinition<AnalysisOpenReportRow>[] = [
  { id: 'clientName', label: 'Clients', kind: 'text' },
  { id: 'createdAt', label: 'Created Date', kind: 'dateRange' },
  { id: 'dueDate', label: 'Due Date', kind: 'dateRange' },
  { id: 'status', label: 'Status', kind: 'text' },
];

// Spec 2: 'Clients with Open Reports' sorts by creation date, newest first.
const NEWEST_FIRST = { id: 'createdAt', desc: true } as const;

/** 'Clients with Open Reports': Go to Analysis opens the client's analysis view. */
export function AnalysisOpenReportsTable({ onOpen }: { onOpen: (clientId: number) => void }) {
  const reports = useQuery(analysisQueries.openReports());
  const rowActions: readonly RowAction<AnalysisOpenReportRow>[] = [
    {
      label: 'Go to Analysis',
      permissions: ['VIEW_ANALYSIS'],
      icon: <ArrowForwardIcon fontSize="small" />,
      onClick: (r) => onOpen(r.clientId),
    },
  ];
  return (
    <DataTable
      title="Clients with Open Reports"
      columns={COLUMNS}
      filters={FILTERS}
      initialSort={NEWEST_FIRST}
      getRowId={(r) => r.openReportId}
      getRowLabel={(r) => r.clientName}
      mode={{ kind: 'client', rows: reports.data, isLoading: reports.isLoading }}
      rowActions={rowActions}
    />
  );
}
