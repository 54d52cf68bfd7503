import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { MonteCarloRun } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, RowAction } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { useCanOpen } from '../../lib/use-can-open';

/** A run that is not done says so under its name: queued, running with its progress, or why it failed. */
function RunName({ run }: { run: MonteCarloRun }) {
  let state: ReactNode = null;
  if (run.state === 'queued') state = <Chip size="small" label="Queued" />;
  if (run.state === 'running')
    state = (
      <Box sx={{ minWidth: 120 }}>
        <LinearProgress
          variant="determinate"
          value={run.progress}
          aria-label={`${run.monteCarloName}: ${run.progress}%`}
        />
      </Box>
    );
  if (run.state === 'failed')
    state = (
      <Typography variant="caption" color="error" component="p">
        Failed: {run.message ?? 'the analysis could not be run.'}
      </Typography>
    );
  return (
    <>
      {run.monteCarloName}
      {state}
    </>
  );
}

/**
 * The history table (spec 2 "Monte Carlo tab"): Date, Date Range, Analysis Group, Name, Data Has
 * Changed?, Viewing and Actions (Edit and Rerun, Edit Account Group, Delete), newest first.
 */
export function MonteCarloHistoryTable({
  clientId,
  rows,
  isLoading,
  isViewed,
  onToggleViewed,
  onRerun,
  onDelete,
  toolbarActions,
}: {
  clientId: number;
  rows: readonly MonteCarloRun[];
  isLoading: boolean;
  isViewed: (monteCarloId: number) => boolean;
  onToggleViewed: (monteCarloId: number) => void;
  onRerun: (run: MonteCarloRun) => void;
  onDelete: (run: MonteCarloRun) => void;
  toolbarActions?: ReactNode;
}) {
  const navigate = useNavigate();
  const canOpenGroups = useCanOpen(`/client-management/${clientId}/account-group/0`);
  const columns: DataTableColumn<MonteCarloRun>[] = [
    { id: 'createdAt', header: 'Date', accessor: (r) => r.createdAt, cell: (r) => formatDate(r.createdAt) },
    {
      id: 'dateRange',
      header: 'Date Range',
      accessor: (r) => `${r.startDateRange} ${r.endDateRange}`,
      cell: (r) => `${formatDate(r.startDateRange)} - ${formatDate(r.endDateRange)}`,
    },
    { id: 'groupName', header: 'Analysis Group' },
    { id: 'monteCarloName', header: 'Name', cell: (r) => <RunName run={r} /> },
    { id: 'dataHasChanged', header: 'Data Has Changed?' },
    {
      id: 'viewing',
      header: 'Viewing',
      sortable: false,
      searchable: false,
      accessor: (r) => isViewed(r.monteCarloId),
      exportValue: (r) => (isViewed(r.monteCarloId) ? 'Yes' : 'No'),
      cell: (r) => (
        <Checkbox
          checked={isViewed(r.monteCarloId)}
          disabled={r.state !== 'done'}
          onChange={() => onToggleViewed(r.monteCarloId)}
          slotProps={{ input: { 'aria-label': `View ${r.monteCarloName}` } }}
        />
      ),
    },
  ];
  const rowActions: RowAction<MonteCarloRun>[] = [
    {
      label: 'Edit and Rerun',
      permissions: ['RUN_MONTE_CARLO_MODEL'],
      onClick: onRerun,
      disabled: (r) => r.state === 'queued' || r.state === 'running',
    },
    {
      label: 'Edit Account Group',
      permissions: ['EDIT_ACCOUNT_GROUPS'],
      onClick: (r) => void navigate(`/client-management/${clientId}/account-group/${r.groupId}`),
      // The group page needs VIEW_ACCOUNT_GROUPS too (issue 20 point 2).
      hidden: () => !canOpenGroups,
    },
    { label: 'Delete', permissions: ['DELETE_MONTE_CARLO_MODEL'], onClick: onDelete },
  ];
  return (
    <DataTable
      title="Monté Carlo"
      columns={columns}
      getRowId={(r) => r.monteCarloId}
      getRowLabel={(r) => r.monteCarloName}
      mode={{ kind: 'client', rows, isLoading }}
      rowActions={rowActions}
      toolbarActions={toolbarActions}
      initialSort={{ id: 'createdAt', desc: true }}
      exportFileName="monte-carlo-history"
    />
  );
}
