import { useMemo, useState } from 'react';
import {
  STAGING_TREASURY_MSG as MSG,
  TREASURY_PAGE_SIZES,
  type StagingBalance,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useCan } from '../../lib/use-can';
import { BalanceEditDialog } from './balance-edit-dialog';
import type { BatchRef } from '../../lib/use-refresh-staging';
import { useChangeBalanceValidation, useDeleteStagingBalances } from './staging-treasury.mutations';
import { balanceColumns, headersOf } from './treasury-columns';
import { rowsToChange, validationActions, type ChangeValidation } from '../../lib/staging-rows';

// Spec 8: 'Failed to validate balances.' is also the default of invalidate.
const TEXTS = {
  validate: { success: MSG.balancesValidated, failure: MSG.validateBalancesFailed },
  invalidate: { success: MSG.balancesInvalidated, failure: MSG.validateBalancesFailed },
};

type Selection = { rows: StagingBalance[]; done?: () => void };
type OpenDialog = { kind: 'edit'; row: StagingBalance } | ({ kind: 'delete' } & Selection) | null;

interface BalancesTableProps {
  batch: BatchRef;
  rows: StagingBalance[] | undefined;
}

/** The Balance section (spec 2): Edit, Validate/Invalidate and Delete, each to its permission. */
export function BalancesTable({ batch, rows }: BalancesTableProps) {
  const canExport = useCan('DOWNLOAD_FILES');
  const validation = useChangeBalanceValidation(batch);
  const remove = useDeleteStagingBalances(batch);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const columns = useMemo(() => balanceColumns(headersOf(rows)), [rows]);

  const change: ChangeValidation<StagingBalance> = (to, selected, done) => {
    const ids = rowsToChange(to, selected).map((r) => r.stagingBalanceId);
    if (ids.length === 0) return;
    validation.mutate(
      { to, body: { balance: { batchId: batch.batchId, stagingBalanceIds: ids } } },
      toastOutcome(TEXTS[to], done),
    );
  };
  const validating = validationActions<StagingBalance>(
    { validate: 'VALIDATE_STAGING_BALANCES', invalidate: 'INVALIDATE_STAGING_BALANCES' },
    change,
  );
  const rowActions: RowAction<StagingBalance>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_STAGING_BALANCES'],
      onClick: (row) => setDialog({ kind: 'edit', row }),
    },
    ...validating.rowActions,
    {
      label: 'Delete',
      permissions: ['DELETE_STAGING_BALANCES'],
      onClick: (row) => setDialog({ kind: 'delete', rows: [row] }),
    },
  ];
  const bulkActions: BulkAction<StagingBalance>[] = [
    ...validating.bulkActions,
    {
      label: 'Delete',
      permissions: ['DELETE_STAGING_BALANCES'],
      color: 'error',
      onClick: (selected, { clearSelection }) =>
        setDialog({ kind: 'delete', rows: selected, done: clearSelection }),
    },
  ];

  // Spec 4 "Resetting the lists": the confirmation closes whatever the outcome.
  const confirmDelete = ({ rows: selected, done }: Selection) =>
    remove.mutate(
      { balance: { batchId: batch.batchId, stagingBalanceIds: selected.map((r) => r.stagingBalanceId) } },
      {
        ...toastOutcome({ success: MSG.balancesDeleted, failure: MSG.deleteBalanceFailed }, done),
        onSettled: close,
      },
    );

  return (
    <>
      <DataTable
        title="Inspect Staging Balances"
        columns={columns}
        getRowId={(r) => r.stagingBalanceId}
        getRowLabel={(r) => r.description}
        mode={{ kind: 'client', rows, isLoading: rows === undefined }}
        pageSizes={TREASURY_PAGE_SIZES}
        rowActions={rowActions}
        bulkActions={bulkActions}
        exportFileName={canExport ? 'Staging Balances' : false}
      />
      {dialog?.kind === 'edit' && <BalanceEditDialog batch={batch} row={dialog.row} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Staging Balance"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.rows.length} balance(s)? This action cannot be undone.`
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
