import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type {
  ShortTermModelRow,
  ShortTermStep2Row,
} from '@tideline/contracts/short-term/short-term-results.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, RowAction } from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { accuracyFigures } from './model-accuracy';

const isUnderWay = (row: ShortTermModelRow) => row.state === 'queued' || row.state === 'running';

/** A step that is not done says so under the name: queued, running with its progress, or why not. */
function ModelName({ row }: { row: ShortTermModelRow }) {
  let state: ReactNode = null;
  if (row.state === 'queued') state = <Chip size="small" label="Queued" />;
  if (row.state === 'running')
    state = (
      <Box sx={{ minWidth: 120 }}>
        <LinearProgress
          variant="determinate"
          value={row.progress}
          aria-label={`${row.shortTermModelName}: ${row.progress}%`}
        />
      </Box>
    );
  if (row.message && !isUnderWay(row))
    state = (
      <Typography variant="caption" color={row.state === 'failed' ? 'error' : 'text.secondary'} component="p">
        {row.message}
      </Typography>
    );
  return (
    <>
      {row.shortTermModelName}
      {state}
    </>
  );
}

function commonColumns<T extends ShortTermModelRow>(readyHeader: string): DataTableColumn<T>[] {
  return [
    { id: 'createdAt', header: 'Date', accessor: (r) => r.createdAt, cell: (r) => formatDate(r.createdAt) },
    {
      id: 'dateRange',
      header: 'Date Range',
      accessor: (r) => `${r.startDateRange} ${r.endDateRange}`,
      cell: (r) => `${formatDate(r.startDateRange)} - ${formatDate(r.endDateRange)}`,
    },
    { id: 'groupName', header: 'Account Group' },
    {
      id: 'shortTermModelName',
      header: 'Name',
      exportValue: (r) => r.shortTermModelName,
      cell: (r) => <ModelName row={r} />,
    },
    { id: 'stepStatus', header: readyHeader },
    { id: 'dataHasChanged', header: 'Data Has Changed?' },
  ];
}

/**
 * The Step 1 Analysis table (spec 2): Date, Date Range, Account Group, Name, Step 1 Ready?, Data Has
 * Changed? and Actions (Run Step 2, Download PDF, Edit & Rerun, Delete), newest first.
 */
export function Step1Table({
  rows,
  isLoading,
  onRunStep2,
  onDownload,
  onRerun,
  onDelete,
  toolbarActions,
}: {
  rows: readonly ShortTermModelRow[] | undefined;
  isLoading: boolean;
  onRunStep2: (row: ShortTermModelRow) => void;
  onDownload: (row: ShortTermModelRow) => void;
  onRerun: (row: ShortTermModelRow) => void;
  onDelete: (row: ShortTermModelRow) => void;
  toolbarActions?: ReactNode;
}) {
  const rowActions: RowAction<ShortTermModelRow>[] = [
    {
      label: 'Run Step 2',
      permissions: ['RUN_SHORT_TERM_MODEL'],
      onClick: onRunStep2,
      disabled: (r) => r.stepStatus !== 'YES',
    },
    {
      label: 'Download PDF',
      permissions: ['DOWNLOAD_FILES'],
      onClick: onDownload,
      disabled: (r) => !r.fileUrl,
    },
    { label: 'Edit & Rerun', permissions: ['RUN_SHORT_TERM_MODEL'], onClick: onRerun, disabled: isUnderWay },
    { label: 'Delete', permissions: ['DELETE_SHORT_TERM_MODEL'], onClick: onDelete },
  ];
  return (
    <DataTable
      title="Step 1 Analysis"
      columns={commonColumns<ShortTermModelRow>('Step 1 Ready?')}
      getRowId={(r) => r.shortTermModelId}
      getRowLabel={(r) => r.shortTermModelName}
      mode={{ kind: 'client', rows, isLoading }}
      rowActions={rowActions}
      toolbarActions={toolbarActions}
      initialSort={{ id: 'createdAt', desc: true }}
      exportFileName="short-term-step-1"
    />
  );
}

/** Issue 18 point 7 in a cell: the mean weekly (7-day) error and the share of days inside the band. */
export function accuracySummary(row: ShortTermStep2Row): string {
  // Issue 41: the back-test's MASE, WAPE and bias first, and whether the naive forecast is used.
  const backTest = row.modelAccuracy
    ? `Back-test ${accuracyFigures(row.modelAccuracy)}${row.modelAccuracy.usesNaive ? ' (naive forecast used: the model did not beat it)' : ''}; `
    : '';
  return backTest + sinceSummary(row);
}

/** Issue 18 point 7: the mean weekly (7-day) error since, and the share of days inside the band. */
function sinceSummary(row: ShortTermStep2Row): string {
  const accuracy = row.accuracy;
  if (!accuracy) return row.state === 'done' ? 'Not yet measurable' : '---';
  const weekly = accuracy.sevenDay.meanAbsoluteError;
  const parts = [`7-day error ${formatCurrency(weekly)} (${accuracy.sevenDay.comparedDays} days)`];
  if (accuracy.band?.shareInside != null)
    parts.push(`${Math.round(accuracy.band.shareInside * 100)}% in band`);
  return parts.join(', ');
}

/**
 * The Step 2 Analysis table (spec 2): the same columns with Step 2 Ready?, how the forecast did since
 * (ours, point 7), the Viewing checkbox and a trash icon to delete step 2.
 */
export function Step2Table({
  rows,
  isLoading,
  isViewed,
  onToggleViewed,
  onDelete,
}: {
  rows: readonly ShortTermStep2Row[] | undefined;
  isLoading: boolean;
  isViewed: (id: number) => boolean;
  onToggleViewed: (id: number) => void;
  onDelete: (row: ShortTermStep2Row) => void;
}) {
  const canDelete = useCan('DELETE_SHORT_TERM_MODEL');
  const columns: DataTableColumn<ShortTermStep2Row>[] = [
    ...commonColumns<ShortTermStep2Row>('Step 2 Ready?'),
    {
      id: 'accuracy',
      header: 'Forecast Accuracy',
      headerTooltip:
        'The back-test (MASE, WAPE, bias over rolling origins, 13 weeks ahead) and, once the forecast days have happened, the mean error of the 7-day change of balance',
      accessor: accuracySummary,
    },
    {
      id: 'viewing',
      header: 'Viewing',
      sortable: false,
      searchable: false,
      accessor: (r) => isViewed(r.shortTermModelId),
      exportValue: (r) => (isViewed(r.shortTermModelId) ? 'Yes' : 'No'),
      cell: (r) => (
        <Checkbox
          checked={isViewed(r.shortTermModelId)}
          disabled={r.state !== 'done'}
          onChange={() => onToggleViewed(r.shortTermModelId)}
          slotProps={{ input: { 'aria-label': `View ${r.shortTermModelName}` } }}
        />
      ),
    },
    ...(canDelete
      ? [
          {
            id: 'delete',
            header: 'Delete',
            sortable: false,
            searchable: false,
            accessor: () => null,
            exportValue: () => null,
            cell: (r: ShortTermStep2Row) => (
              <IconButton aria-label={`Delete step 2 of ${r.shortTermModelName}`} onClick={() => onDelete(r)}>
                <DeleteOutlineIcon />
              </IconButton>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      title="Step 2 Analysis"
      columns={columns}
      getRowId={(r) => r.shortTermModelId}
      getRowLabel={(r) => r.shortTermModelName}
      mode={{ kind: 'client', rows, isLoading }}
      initialSort={{ id: 'createdAt', desc: true }}
      exportFileName="short-term-step-2"
    />
  );
}
