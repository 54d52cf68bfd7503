import { useMemo, useState } from 'react';
import {
  STAGING_TREASURY_MSG as MSG,
  TREASURY_PAGE_SIZES,
  type StagingFee,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useCan } from '../../lib/use-can';
import { FeeBulkCategoryDialog } from './fee-bulk-category-dialog';
import { FeeEditDialog } from './fee-edit-dialog';
import { useChangeFeeValidation, useDeleteStagingFees } from './staging-treasury.mutations';
import type { BatchRef } from '../../lib/use-refresh-staging';
import { feeColumns, headersOf } from './treasury-columns';
import { rowsToChange, validationActions, type ChangeValidation } from '../../lib/staging-rows';

// Spec 8 names no default for the fees' validation; ours follow the balances' wording.
export const FEE_VALIDATION_FAILED = 'Failed to validate fees.';
const TEXTS = {
  validate: { success: MSG.feesValidated, failure: FEE_VALIDATION_FAILED },
  invalidate: { success: MSG.feesInvalidated, failure: FEE_VALIDATION_FAILED },
};

type Selection = { rows: StagingFee[]; done?: () => void };
type OpenDialog =
  | { kind: 'edit'; fee: StagingFee }
  | ({ kind: 'bulkCategory' } & Selection)
  | ({ kind: 'delete' } & Selection)
  | null;

interface FeesTableProps {
  batch: BatchRef;
  rows: StagingFee[] | undefined;
}

/** The Fees section (spec 2): Edit, category bulk edit, Validate/Invalidate and Delete. */
export function FeesTable({ batch, rows }: FeesTableProps) {
  const canExport = useCan('DOWNLOAD_FILES');
  const validation = useChangeFeeValidation(batch);
  const remove = useDeleteStagingFees(batch);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const columns = useMemo(() => feeColumns(headersOf(rows)), [rows]);
  const idsOf = (selected: StagingFee[]) => selected.map((f) => f.stagingFeeId);

  const change: ChangeValidation<StagingFee> = (to, selected, done) => {
    const ids = idsOf(rowsToChange(to, selected));
    if (ids.length === 0) return;
    validation.mutate(
      { to, body: { fees: { batchId: batch.batchId, stagingFeesIds: ids } } },
      toastOutcome(TEXTS[to], done),
    );
  };
  const validating = validationActions<StagingFee>(
    { validate: 'VALIDATE_STAGING_FEES', invalidate: 'INVALIDATE_STAGING_FEES' },
    change,
  );
  const rowActions: RowAction<StagingFee>[] = [
    { label: 'Edit', permissions: ['EDIT_STAGING_FEES'], onClick: (fee) => setDialog({ kind: 'edit', fee }) },
    ...validating.rowActions,
    {
      label: 'Delete',
      permissions: ['DELETE_STAGING_FEES'],
      onClick: (fee) => setDialog({ kind: 'delete', rows: [fee] }),
    },
  ];
  const bulkActions: BulkAction<StagingFee>[] = [
    {
      label: 'Edit Category',
      permissions: ['EDIT_STAGING_FEES'],
      onClick: (selected, { clearSelection }) =>
        setDialog({ kind: 'bulkCategory', rows: selected, done: clearSelection }),
    },
    ...validating.bulkActions,
    {
      label: 'Delete',
      permissions: ['DELETE_STAGING_FEES'],
      color: 'error',
      onClick: (selected, { clearSelection }) =>
        setDialog({ kind: 'delete', rows: selected, done: clearSelection }),
    },
  ];

  const finish = (target: Selection) => () => {
    target.done?.();
    close();
  };
  // Spec 4 "Resetting the lists": the confirmation closes whatever the outcome.
  const confirmDelete = (target: Selection) =>
    remove.mutate(
      { fees: { batchId: batch.batchId, stagingFeesIds: idsOf(target.rows) } },
      {
        ...toastOutcome({ success: MSG.feesDeleted, failure: MSG.deleteFeeFailed }, target.done),
        onSettled: close,
      },
    );

  return (
    <>
      <DataTable
        title="Inspect Staging Fees"
        columns={columns}
        getRowId={(f) => f.stagingFeeId}
        getRowLabel={(f) => f.description}
        mode={{ kind: 'client', rows, isLoading: rows === undefined }}
        pageSizes={TREASURY_PAGE_SIZES}
        rowActions={rowActions}
        bulkActions={bulkActions}
        exportFileName={canExport ? 'Staging Fees' : false}
      />
      {dialog?.kind === 'edit' && <FeeEditDialog batch={batch} fee={dialog.fee} onClose={close} />}
      {dialog?.kind === 'bulkCategory' && (
        <FeeBulkCategoryDialog
          batch={batch}
          feeIds={idsOf(dialog.rows)}
          onDone={finish(dialog)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Staging Fee"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.rows.length} fee(s)? This action cannot be undone.`
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
