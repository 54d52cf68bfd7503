import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import {
  CASH_VEST_MAX_TOTAL,
  type CashVestHistoryRow,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { ReactNode } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, RowAction } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { formatDateRange, formatScore } from './cash-vest-format';
import { ScoreStars } from './score-stars';

// Spec 2 "cashVest tab": history columns Date, Date Range, Score with stars, Viewing, and Edit (needs
// EDIT_CASH_VEST_SCORES). Newest first.
const NEWEST_FIRST = { id: 'createdAt', desc: true } as const;

interface CashVestHistoryTableProps {
  rows: readonly CashVestHistoryRow[] | undefined;
  isLoading: boolean;
  viewed: readonly number[];
  onToggleViewed: (cashVestId: number) => void;
  onEdit: (row: CashVestHistoryRow) => void;
  toolbarActions?: ReactNode;
}

export function CashVestHistoryTable({
  rows,
  isLoading,
  viewed,
  onToggleViewed,
  onEdit,
  toolbarActions,
}: CashVestHistoryTableProps) {
  const columns: readonly DataTableColumn<CashVestHistoryRow>[] = [
    {
      id: 'createdAt',
      header: 'Date',
      accessor: (r) => new Date(r.createdAt),
      cell: (r) => formatDate(r.createdAt),
      exportValue: (r) => formatDate(r.createdAt),
    },
    {
      id: 'dateRange',
      header: 'Date Range',
      accessor: (r) => r.startDate,
      cell: formatDateRange,
      exportValue: formatDateRange,
    },
    {
      id: 'totalScore',
      header: 'Score',
      cell: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{formatScore(r.totalScore, CASH_VEST_MAX_TOTAL)}</span>
          <ScoreStars stars={r.totalStar} size="small" />
        </Stack>
      ),
      exportValue: (r) => r.totalScore,
    },
    {
      id: 'viewing',
      header: 'Viewing',
      sortable: false,
      searchable: false,
      accessor: (r) => viewed.includes(r.cashVestId),
      cell: (r) => (
        <Checkbox
          checked={viewed.includes(r.cashVestId)}
          onChange={() => onToggleViewed(r.cashVestId)}
          slotProps={{ input: { 'aria-label': `View the cashVest score of ${formatDate(r.createdAt)}` } }}
        />
      ),
      exportValue: (r) => (viewed.includes(r.cashVestId) ? 'Yes' : 'No'),
    },
  ];
  const rowActions: readonly RowAction<CashVestHistoryRow>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_CASH_VEST_SCORES'],
      icon: <EditIcon fontSize="small" />,
      onClick: onEdit,
    },
  ];
  return (
    <DataTable
      title="cashVest Scores"
      columns={columns}
      initialSort={NEWEST_FIRST}
      getRowId={(r) => r.cashVestId}
      getRowLabel={(r) => `cashVest score of ${formatDate(r.createdAt)}`}
      mode={{ kind: 'client', rows, isLoading }}
      rowActions={rowActions}
      toolbarActions={toolbarActions}
      exportFileName="cashVest Scores"
    />
  );
}
