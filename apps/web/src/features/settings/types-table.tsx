import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  BulkAction,
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { useDeactivateSettingTypes } from './settings.mutations';
import type { SettingTypeRow } from './settings.api';
import { TypeFormDialog } from './type-form-dialog';
import type { TypesTableConfig } from './types-tables';

const statusLabel = (row: SettingTypeRow) => (row.status === 1 ? 'ACTIVE' : 'INACTIVE');

function columnsOf(config: TypesTableConfig): DataTableColumn<SettingTypeRow>[] {
  return [
    { id: 'name', header: `${config.noun} Name` },
    ...(config.hasRank ? [{ id: 'rank', header: 'Rank', align: 'right' as const }] : []),
    ...(config.hasCallable ? [{ id: 'callable', header: 'Callable' }] : []),
    {
      id: 'status',
      header: 'Status',
      accessor: statusLabel,
      cell: (row) => (
        <Chip
          size="small"
          label={statusLabel(row)}
          color={row.status === 1 ? 'success' : 'default'}
          variant="outlined"
        />
      ),
    },
    {
      id: 'createdAt',
      header: 'Creation Date',
      accessor: (row) => new Date(row.createdAt),
      cell: (row) => formatDate(row.createdAt),
      exportValue: (row) => formatDate(row.createdAt),
    },
  ];
}

function filtersOf(config: TypesTableConfig): FilterDefinition<SettingTypeRow>[] {
  return [
    { id: 'name', label: `${config.noun} Name`, kind: 'text' },
    ...(config.hasCallable ? [{ id: 'callable', label: 'Callable', kind: 'boolean' as const }] : []),
    {
      id: 'status',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'ACTIVE', label: 'ACTIVE' },
        { value: 'INACTIVE', label: 'INACTIVE' },
      ],
    },
    { id: 'createdAt', label: 'Creation Date', kind: 'dateRange' },
  ];
}

type Editing = { row: SettingTypeRow | null } | null;
type Confirming = { rows: SettingTypeRow[]; clearSelection?: () => void } | null;

/**
 * The one types table of Global Settings (platform.md 2.12): select-all, name, Status badge, Creation
 * Date, Edit and Deactivate per row, Deactivate for the selection, Add, each gated by its permission.
 */
export function TypesTable({ config }: { config: TypesTableConfig }) {
  const list = useQuery({ queryKey: config.queryKey, queryFn: config.fetch });
  const deactivate = useDeactivateSettingTypes(config);
  const canAdd = useCan(config.permissions.add);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const closeEditing = useCallback(() => setEditing(null), []);

  const askToDeactivate = (rows: SettingTypeRow[], clearSelection?: () => void) => {
    const blocked = config.blockDeactivation?.(rows);
    if (blocked) enqueueSnackbar(blocked, { variant: 'error' });
    else setConfirming({ rows, clearSelection });
  };
  const rowActions: readonly RowAction<SettingTypeRow>[] = [
    { label: 'Edit', permissions: [config.permissions.edit], onClick: (row) => setEditing({ row }) },
    {
      label: 'Deactivate',
      permissions: [config.permissions.deactivate],
      onClick: (row) => askToDeactivate([row]),
      disabled: (row) => row.status === 0,
    },
  ];
  const bulkActions: readonly BulkAction<SettingTypeRow>[] = [
    {
      label: 'Deactivate',
      permissions: [config.permissions.deactivate],
      color: 'error',
      onClick: (rows, { clearSelection }) => askToDeactivate(rows, clearSelection),
    },
  ];

  const confirm = (current: NonNullable<Confirming>) =>
    deactivate.mutate(
      current.rows.map((r) => r.id),
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? config.msg.deactivated, { variant: 'success' });
          current.clearSelection?.();
          setConfirming(null);
        },
        onError: (error) => {
          enqueueSnackbar(failureMessage(error, config.msg.deactivateFailed), { variant: 'error' });
          setConfirming(null);
        },
      },
    );
  const count = confirming?.rows.length ?? 0;

  return (
    <>
      <DataTable
        title={config.title}
        columns={columnsOf(config)}
        filters={filtersOf(config)}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        mode={{ kind: 'client', rows: list.data, isLoading: list.isLoading }}
        rowActions={rowActions}
        bulkActions={bulkActions}
        toolbarActions={
          canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ row: null })}>
              {`Add ${config.noun}`}
            </Button>
          )
        }
      />
      {editing && <TypeFormDialog config={config} row={editing.row} onClose={closeEditing} />}
      <ConfirmDialog
        open={confirming !== null}
        title={`Deactivate ${config.noun}`}
        message={
          count === 1
            ? `Are you sure you want to deactivate ${confirming!.rows[0]!.name}?`
            : `Are you sure you want to deactivate these ${count} items?`
        }
        confirmLabel="Deactivate"
        isDestructive
        isPending={deactivate.isPending}
        onConfirm={() => confirming && confirm(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
