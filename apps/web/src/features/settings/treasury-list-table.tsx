import { useCallback, useState } from 'react';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import {
  TREASURY_LIST_MSG,
  TREASURY_LISTS,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { SelectOption } from '../../components/controlled-select';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, RowAction } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import type { TreasuryListConfig, TreasuryListRow } from './treasury-list-configs';
import { TreasuryListFormDialog } from './treasury-list-form-dialog';
import { useDeleteTreasuryListEntry } from './treasury-lists.mutations';

const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');

function columnsOf(config: TreasuryListConfig): DataTableColumn<TreasuryListRow>[] {
  const noun = TREASURY_LISTS[config.kind].noun;
  const has = (field: TreasuryListConfig['fields'][number]) => config.fields.includes(field);
  return [
    ...(has('categoryId') ? [{ id: 'categoryName', header: 'Fee Category' }] : []),
    ...(has('code')
      ? [
          {
            id: 'code',
            header: config.codeLabel ?? 'Code',
            accessor: (r: TreasuryListRow) => r.code ?? '---',
          },
        ]
      : []),
    { id: 'name', header: `${noun} Name` },
    ...(has('description') ? [{ id: 'description', header: 'Description' }] : []),
    ...(has('isRate')
      ? [{ id: 'isRate', header: 'Rate', accessor: (r: TreasuryListRow) => yesNo(r.isRate) }]
      : []),
    ...(config.kind === 'feeCategory'
      ? [{ id: 'subCategoryCount', header: 'Sub Categories', align: 'right' as const }]
      : []),
    {
      id: 'usageCount',
      header: 'Used By',
      headerTooltip: TREASURY_LIST_MSG.inUseHint,
      align: 'right',
      cell: (r) =>
        r.usageCount === 0 ? '---' : `${r.usageCount} ${r.usageCount === 1 ? 'record' : 'records'}`,
    },
  ];
}

type Editing = { row: TreasuryListRow | null } | null;

/**
 * One treasury list on Global Settings: Add, Edit and Delete, each with EDIT_GLOBAL_SETTINGS. Delete is
 * offered only on an entry no staging row or booked record carries; the server refuses the others too.
 */
export function TreasuryListTable({
  config,
  rows,
  isLoading,
  categories,
}: {
  config: TreasuryListConfig;
  rows: readonly TreasuryListRow[] | undefined;
  isLoading: boolean;
  categories: readonly SelectOption[];
}) {
  const d = TREASURY_LISTS[config.kind];
  const canEdit = useCan('EDIT_GLOBAL_SETTINGS');
  const remove = useDeleteTreasuryListEntry(config.kind);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TreasuryListRow | null>(null);
  const closeEditing = useCallback(() => setEditing(null), []);

  const rowActions: readonly RowAction<TreasuryListRow>[] = [
    { label: 'Edit', permissions: ['EDIT_GLOBAL_SETTINGS'], onClick: (row) => setEditing({ row }) },
    {
      label: 'Delete',
      permissions: ['EDIT_GLOBAL_SETTINGS'],
      disabled: (row) => row.usageCount > 0,
      onClick: setDeleting,
    },
  ];
  const confirmDelete = (row: TreasuryListRow) =>
    remove.mutate(row.id, {
      onSuccess: (msg) => enqueueSnackbar(msg ?? d.msg.deleted, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(failureMessage(error, d.msg.deleteFailed), { variant: 'error' }),
      onSettled: () => setDeleting(null),
    });

  return (
    <>
      <DataTable
        title={config.title}
        columns={columnsOf(config)}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        mode={{ kind: 'client', rows, isLoading }}
        rowActions={rowActions}
        toolbarActions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ row: null })}>
              {`Add ${d.noun}`}
            </Button>
          )
        }
      />
      {editing && (
        <TreasuryListFormDialog
          config={config}
          row={editing.row}
          categories={categories}
          onClose={closeEditing}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${d.noun}`}
        message={deleting ? TREASURY_LIST_MSG.deleteConfirm(deleting.name) : undefined}
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
