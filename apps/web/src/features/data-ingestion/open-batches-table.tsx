import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import {
  INGESTION_STATUS,
  OPEN_REPORT_MSG,
  type OpenReportRow,
} from '@tideline/contracts/data-ingestion/open-reports.schemas';
import { BATCH_MSG } from '@tideline/contracts/data-ingestion/batches.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { toastOutcome } from '../../lib/mutation-toasts';
import { NameWithNotes } from './has-notes-icon';
import type { IngestionView } from './ingestion-header';
import { useDeleteOpenReport } from './data-ingestion.mutations';
import { ingestionQueries } from './data-ingestion.queries';
import { IngestionStatusChip } from './status-chip';

// Spec 2 "Data ingestion: open batches": 'Clients with Reports in Progress'.
const COLUMNS: readonly DataTableColumn<OpenReportRow>[] = [
  {
    id: 'clientName',
    header: 'Clients',
    cell: (r) => <NameWithNotes name={r.clientName} hasNotes={r.hasNotes} />,
  },
  {
    id: 'createdAt',
    header: 'Created Date',
    accessor: (r) => new Date(r.createdAt),
    cell: (r) => formatDate(r.createdAt),
    exportValue: (r) => formatDate(r.createdAt),
  },
  { id: 'sourcesRequired', header: 'Sources Required', align: 'right' },
  { id: 'collectionType', header: 'Collection Type', cell: (r) => r.collectionType ?? '---' },
  { id: 'status', header: 'Status', cell: (r) => <IngestionStatusChip status={r.status} /> },
];

const FILTERS: readonly FilterDefinition<OpenReportRow>[] = [
  { id: 'clientName', label: 'Clients', kind: 'text' },
  { id: 'createdAt', label: 'Created Date', kind: 'dateRange' },
  { id: 'collectionType', label: 'Collection Type', kind: 'text' },
  {
    id: 'status',
    label: 'Status',
    kind: 'select',
    options: [
      { value: INGESTION_STATUS.notStarted, label: 'Not Started' },
      { value: INGESTION_STATUS.inProgress, label: 'In Progress' },
    ],
  },
];

// Spec 2: the list opens sorted by Created Date, newest first.
const NEWEST_FIRST = { id: 'createdAt', desc: true } as const;

/**
 * 'Clients with Reports in Progress': View Dashboard (VIEW_BATCHES) opens the client's upload dashboard
 * on the view chosen above the table; Delete Batch (DELETE_OPEN_REPORTS) removes the client's open
 * report with its batches, after the spec's question.
 */
export function OpenBatchesTable({ view }: { view: IngestionView | null }) {
  const reports = useQuery(ingestionQueries.openReports());
  const navigate = useNavigate();
  const remove = useDeleteOpenReport();
  const [deleting, setDeleting] = useState<OpenReportRow | null>(null);

  const rowActions: readonly RowAction<OpenReportRow>[] = [
    {
      label: 'View Dashboard',
      permissions: ['VIEW_BATCHES'],
      icon: <DashboardOutlinedIcon fontSize="small" />,
      onClick: (r) =>
        void navigate(`/data-ingestion/${r.clientId}${view === 'history' ? '?view=history' : ''}`),
    },
    {
      label: 'Delete Batch',
      permissions: ['DELETE_OPEN_REPORTS'],
      icon: <DeleteOutlineIcon fontSize="small" />,
      onClick: setDeleting,
    },
  ];

  const confirmDelete = (row: OpenReportRow) =>
    remove.mutate(
      row.clientId,
      toastOutcome({ success: OPEN_REPORT_MSG.deleted, failure: OPEN_REPORT_MSG.deleteFailed }, () =>
        setDeleting(null),
      ),
    );

  return (
    <>
      <DataTable
        title="Clients with Reports in Progress"
        columns={COLUMNS}
        filters={FILTERS}
        initialSort={NEWEST_FIRST}
        getRowId={(r) => r.openReportId}
        getRowLabel={(r) => r.clientName}
        mode={{ kind: 'client', rows: reports.data, isLoading: reports.isLoading }}
        rowActions={rowActions}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={OPEN_REPORT_MSG.deleteTitle}
        message={
          deleting && (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {OPEN_REPORT_MSG.deleteQuestion(deleting.clientName)}
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 1 }}>
                {BATCH_MSG.deleteWarning}
              </Box>
            </>
          )
        }
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
