import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import {
  STAGING_TRANSACTION_MSG,
  STAGING_TRANSACTION_PAGE_SIZES,
  type StagingTransaction,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { formatDate } from '../../lib/format';
import { validationActions } from '../../lib/staging-rows';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useCan } from '../../lib/use-can';
import { STAGING_TRANSACTION_TABLE_COLUMNS, stagingTransactionFilters } from './staging-transaction-columns';
import { StagingTransactionEditDialog } from './staging-transaction-edit-dialog';
import { StagingTransactionsBulkEditDialog } from './staging-transactions-bulk-edit-dialog';
import { inspectStagingTransactions, type ValidationChange } from './staging-transactions.api';
import {
  useChangeStagingValidation,
  useDeleteStagingTransactions,
  type BatchRef,
} from './staging-transactions.mutations';
import { stagingTransactionKeys, stagingTransactionQueries } from './staging-transactions.queries';
import { validationRequestsOf } from './staging-validation';

type Selection = { rows: StagingTransaction[]; done?: () => void };
type OpenDialog =
  | { kind: 'edit'; transaction: StagingTransaction }
  | ({ kind: 'bulkEdit' } & Selection)
  | ({ kind: 'delete' } & Selection)
  | null;

const VALIDATION_TEXTS: Record<ValidationChange, { success: string; failure: string }> = {
  validate: { success: STAGING_TRANSACTION_MSG.validated, failure: STAGING_TRANSACTION_MSG.validateFailed },
  invalidate: {
    success: STAGING_TRANSACTION_MSG.invalidated,
    failure: STAGING_TRANSACTION_MSG.invalidateFailed,
  },
};

const labelOf = (t: StagingTransaction) => `${formatDate(t.transactionDate)} ${t.transactionDescription}`;

interface StagingTransactionsTableProps {
  batch: BatchRef;
  batchAccountIds: number[];
}

/** 'Inspect Staging Transactions' (spec 2): the batch accounts' staging rows, paged on the server. */
export function StagingTransactionsTable({ batch, batchAccountIds }: StagingTransactionsTableProps) {
  const canExport = useCan('DOWNLOAD_FILES');
  const keywords = useQuery(stagingTransactionQueries.keywords());
  const validate = useChangeStagingValidation(batch, 'validate');
  const invalidate = useChangeStagingValidation(batch, 'invalidate');
  const remove = useDeleteStagingTransactions(batch);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const mode = useMemo(
    () => ({
      kind: 'server' as const,
      queryKey: stagingTransactionKeys.lists(batchAccountIds),
      fetchPage: (request: PagedListRequest) => inspectStagingTransactions(batchAccountIds, request),
    }),
    [batchAccountIds],
  );
  const filters = useMemo(() => stagingTransactionFilters(keywords.data ?? []), [keywords.data]);

  // Spec 4: Validate sends only the rows that are No, Invalidate only the rows that are Yes.
  const changeValidation = (change: ValidationChange, rows: StagingTransaction[], done?: () => void) => {
    const requests = validationRequestsOf(change, rows);
    if (requests.length === 0) return;
    const mutation = change === 'validate' ? validate : invalidate;
    mutation.mutate(requests, toastOutcome(VALIDATION_TEXTS[change], done));
  };

  const validating = validationActions<StagingTransaction>(
    { validate: 'VALIDATE_STAGING_TRANSACTIONS', invalidate: 'INVALIDATE_STAGING_TRANSACTIONS' },
    changeValidation,
  );
  const rowActions: readonly RowAction<StagingTransaction>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_STAGING_TRANSACTIONS'],
      onClick: (transaction) => setDialog({ kind: 'edit', transaction }),
    },
    ...validating.rowActions,
  ];
  const bulkActions: readonly BulkAction<StagingTransaction>[] = [
    {
      label: 'Bulk Edit',
      permissions: ['EDIT_STAGING_TRANSACTIONS'],
      onClick: (rows, { clearSelection }) => setDialog({ kind: 'bulkEdit', rows, done: clearSelection }),
    },
    ...validating.bulkActions,
    {
      label: 'Delete',
      permissions: ['DELETE_STAGING_TRANSACTIONS'],
      color: 'error',
      onClick: (rows, { clearSelection }) => setDialog({ kind: 'delete', rows, done: clearSelection }),
    },
  ];

  const finish = (target: Selection) => () => {
    target.done?.();
    close();
  };
  const confirmDelete = (target: Selection) =>
    remove.mutate(
      target.rows.map((t) => t.stagingTransactionId),
      toastOutcome(
        { success: STAGING_TRANSACTION_MSG.deleted, failure: STAGING_TRANSACTION_MSG.deleteFailed },
        finish(target),
      ),
    );

  return (
    <>
      <DataTable
        title="Inspect Staging Transactions"
        columns={STAGING_TRANSACTION_TABLE_COLUMNS}
        filters={filters}
        getRowId={(t) => t.stagingTransactionId}
        getRowLabel={labelOf}
        mode={mode}
        pageSizes={STAGING_TRANSACTION_PAGE_SIZES}
        rowActions={rowActions}
        bulkActions={bulkActions}
        exportFileName={canExport ? 'Staging Transactions' : false}
      />
      {dialog?.kind === 'edit' && (
        <StagingTransactionEditDialog
          batch={batch}
          transaction={dialog.transaction}
          keywords={keywords.data ?? []}
          onClose={close}
        />
      )}
      {dialog?.kind === 'bulkEdit' && (
        <StagingTransactionsBulkEditDialog
          batch={batch}
          stagingTransactionIds={dialog.rows.map((t) => t.stagingTransactionId)}
          keywords={keywords.data ?? []}
          onDone={finish(dialog)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Transactions"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.rows.length} transaction(s)? This action cannot be undone.`
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
