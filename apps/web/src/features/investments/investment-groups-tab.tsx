import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import {
  INVESTMENT_GROUP_MSG,
  type InvestmentGroup,
} from '@tideline/contracts/investments/investment-groups.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  BulkAction,
  DataTableColumn,
  FilterDefinition,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatCurrency, formatDate } from '../../lib/format';
import { InvestmentGroupFormDialog } from './investment-group-form-dialog';
import { useDeleteInvestmentGroups } from './investments.mutations';
import { investmentGroupQueries } from './investments.queries';
import { toastOutcome } from '../../lib/mutation-toasts';

/** Spec 4: deleting a group is irreversible; its investments are kept. */
export const DELETE_GROUPS_WARNING =
  'The group(s) will be deleted; their investments are kept. This action cannot be undone.';

const COLUMNS: readonly DataTableColumn<InvestmentGroup>[] = [
  { id: 'groupId', header: 'Group ID', align: 'right' },
  {
    id: 'groupName',
    header: 'Group Name',
    cell: (g) => (
      <Link component={RouterLink} to={`/investment-management/investment-group/${g.groupId}`}>
        {g.groupName}
      </Link>
    ),
  },
  { id: 'countInvestments', header: 'Investments', align: 'right' },
  {
    id: 'settlementAmountSum',
    header: 'Settlement Total',
    align: 'right',
    cell: (g) => formatCurrency(g.settlementAmountSum),
  },
  { id: 'updatedAt', header: 'Updated At', cell: (g) => formatDate(g.updatedAt) },
];

/** platform.md 2.8: a filter for each column. */
const FILTERS: readonly FilterDefinition<InvestmentGroup>[] = [
  { id: 'groupId', label: 'Group ID', kind: 'number' },
  { id: 'groupName', label: 'Group Name', kind: 'text' },
  { id: 'countInvestments', label: 'Investments', kind: 'number' },
  { id: 'settlementAmountSum', label: 'Settlement Total', kind: 'money' },
  { id: 'updatedAt', label: 'Updated At', kind: 'dateRange' },
];

type OpenDialog =
  | { kind: 'edit'; group: InvestmentGroup }
  | { kind: 'delete'; groups: InvestmentGroup[]; done?: () => void }
  | null;

/** Tab 1 of the Investments page: the 'Investment Groups' table (spec 2). */
export function InvestmentGroupsTab() {
  const groups = useQuery(investmentGroupQueries.all());
  const remove = useDeleteInvestmentGroups();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const rowActions: readonly RowAction<InvestmentGroup>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_INVESTMENT_GROUPS'],
      onClick: (group) => setDialog({ kind: 'edit', group }),
    },
    {
      label: 'Delete',
      permissions: ['DELETE_INVESTMENT_GROUPS'],
      onClick: (group) => setDialog({ kind: 'delete', groups: [group] }),
    },
  ];
  const bulkActions: readonly BulkAction<InvestmentGroup>[] = [
    {
      label: 'Delete',
      permissions: ['DELETE_INVESTMENT_GROUPS'],
      color: 'error',
      onClick: (rows, { clearSelection }) =>
        setDialog({ kind: 'delete', groups: rows, done: clearSelection }),
    },
  ];

  const confirmDelete = (target: Extract<OpenDialog, { kind: 'delete' }>) =>
    remove.mutate(
      target.groups.map((g) => g.groupId),
      toastOutcome(
        { success: INVESTMENT_GROUP_MSG.deleted, failure: INVESTMENT_GROUP_MSG.deleteFailed },
        () => {
          target.done?.();
          close();
        },
      ),
    );

  return (
    <>
      <DataTable
        title="Investment Groups"
        columns={COLUMNS}
        filters={FILTERS}
        getRowId={(g) => g.groupId}
        getRowLabel={(g) => g.groupName}
        mode={{ kind: 'client', rows: groups.data, isLoading: groups.isLoading }}
        rowActions={rowActions}
        bulkActions={bulkActions}
      />
      {dialog?.kind === 'edit' && <InvestmentGroupFormDialog group={dialog.group} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Investment Groups"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.groups.map((g) => `"${g.groupName}"`).join(', ')}? ${DELETE_GROUPS_WARNING}`
            : undefined
        }
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog)}
        onCancel={close}
      />
    </>
  );
}
