import { useCallback, useState } from 'react';
import {
  DUPLICATE_MSG,
  type DuplicateChoice,
} from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import {
  STAGING_TRANSACTION_MSG,
  type StagingTransaction,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type { KeywordOption } from '@tideline/contracts/transactions/transactions.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { BulkAction, RowAction } from '../../components/data-table/data-table.types';
import { toastOutcome } from '../../lib/mutation-toasts';
import { validationActions, type ValidationChange } from '../../lib/staging-rows';
import { enqueueSnackbar } from '../../lib/toast-host';
import { StagingTransactionEditDialog } from './staging-transaction-edit-dialog';
import { BOOKED_REASON, isFlagged } from './staging-transaction-columns';
import { StagingTransactionsBulkEditDialog } from './staging-transactions-bulk-edit-dialog';
import {
  useChangeStagingValidation,
  useDecideStagingDuplicates,
  useDeleteStagingTransactions,
  type BatchRef,
} from './staging-transactions.mutations';
import {
  countOf,
  decisionBodyOf,
  deleteBodyOf,
  validationBodiesOf,
  type StagingSelection,
} from './staging-selection';

type Target = StagingSelection & { done?: () => void };
type OpenDialog =
  | { kind: 'edit'; transaction: StagingTransaction }
  | ({ kind: 'bulkEdit' } & Target)
  | ({ kind: 'delete' } & Target)
  | null;

const VALIDATION_TEXTS: Record<ValidationChange, { success: string; failure: string }> = {
  validate: { success: STAGING_TRANSACTION_MSG.validated, failure: STAGING_TRANSACTION_MSG.validateFailed },
  invalidate: {
    success: STAGING_TRANSACTION_MSG.invalidated,
    failure: STAGING_TRANSACTION_MSG.invalidateFailed,
  },
};

const DECISION_TEXTS: Record<DuplicateChoice, string> = {
  keep: DUPLICATE_MSG.kept,
  drop: DUPLICATE_MSG.dropped,
  undecided: DUPLICATE_MSG.undecided,
};

/** Issue 39 point 4: a booked row is changed in the account's Transactions, never here. */
const bookedReason = (t: StagingTransaction) => (t.isBooked ? BOOKED_REASON : undefined);
export const isChangeable = (t: StagingTransaction) => !t.isBooked;

/**
 * The inspect list's row and bulk actions (spec 2 and 4; issue 39: possible duplicates kept or
 * dropped, every matching row at once) and the dialogs they open.
 */
export function useStagingTransactionActions(
  batch: BatchRef,
  batchAccountIds: number[],
  keywords: readonly KeywordOption[],
) {
  const validate = useChangeStagingValidation(batch, 'validate');
  const invalidate = useChangeStagingValidation(batch, 'invalidate');
  const remove = useDeleteStagingTransactions(batch);
  const decide = useDecideStagingDuplicates(batch);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  // Spec 4: Validate sends only the rows that are No, Invalidate only the rows that are Yes.
  const changeValidation = (change: ValidationChange, target: Target) => {
    const requests = validationBodiesOf(change, target, batchAccountIds);
    if (requests.length === 0) return;
    const mutation = change === 'validate' ? validate : invalidate;
    mutation.mutate(requests, toastOutcome(VALIDATION_TEXTS[change], target.done));
  };
  const decideDuplicates = (decision: DuplicateChoice, target: Target) => {
    const body = decisionBodyOf(decision, target, batchAccountIds);
    if (!body) {
      enqueueSnackbar('None of the selected rows is a possible duplicate.', { variant: 'info' });
      return;
    }
    decide.mutate(
      body,
      toastOutcome({ success: DECISION_TEXTS[decision], failure: DUPLICATE_MSG.decideFailed }, target.done),
    );
  };

  const validating = validationActions<StagingTransaction>(
    { validate: 'VALIDATE_STAGING_TRANSACTIONS', invalidate: 'INVALIDATE_STAGING_TRANSACTIONS' },
    (change, rows, done, matching) => changeValidation(change, { rows, matching: matching ?? null, done }),
  );
  const decisionAction = (label: string, decision: DuplicateChoice): RowAction<StagingTransaction> => ({
    label,
    permissions: ['EDIT_STAGING_TRANSACTIONS'],
    hidden: (t) => !isFlagged(t) || (t.duplicateDecision ?? 'undecided') === decision,
    disabledReason: bookedReason,
    onClick: (t) => decideDuplicates(decision, { rows: [t], matching: null }),
  });
  const rowActions: readonly RowAction<StagingTransaction>[] = [
    {
      label: 'Edit',
      permissions: ['EDIT_STAGING_TRANSACTIONS'],
      disabledReason: bookedReason,
      onClick: (transaction) => setDialog({ kind: 'edit', transaction }),
    },
    ...validating.rowActions.map((a) => ({ ...a, disabledReason: bookedReason })),
    decisionAction('Keep', 'keep'),
    decisionAction('Drop', 'drop'),
    decisionAction('Mark Undecided', 'undecided'),
  ];

  const bulkDecision = (label: string, decision: DuplicateChoice): BulkAction<StagingTransaction> => ({
    label,
    permissions: ['EDIT_STAGING_TRANSACTIONS'],
    takesMatching: true,
    onClick: (rows, { clearSelection, matching }) =>
      decideDuplicates(decision, { rows, matching, done: clearSelection }),
  });
  const bulkActions: readonly BulkAction<StagingTransaction>[] = [
    {
      label: 'Bulk Edit',
      permissions: ['EDIT_STAGING_TRANSACTIONS'],
      // PUT /update takes at most 500 ids: on every matching row the table reads them first.
      maxRows: 500,
      onClick: (rows, { clearSelection }) =>
        setDialog({ kind: 'bulkEdit', rows, matching: null, done: clearSelection }),
    },
    ...validating.bulkActions.map((a) => ({ ...a, takesMatching: true })),
    bulkDecision('Keep all', 'keep'),
    bulkDecision('Drop all', 'drop'),
    {
      label: 'Delete',
      permissions: ['DELETE_STAGING_TRANSACTIONS'],
      color: 'error',
      takesMatching: true,
      onClick: (rows, { clearSelection, matching }) =>
        setDialog({ kind: 'delete', rows, matching, done: clearSelection }),
    },
  ];

  const finish = (target: Target) => () => {
    target.done?.();
    close();
  };
  const confirmDelete = (target: Target) =>
    remove.mutate(
      deleteBodyOf(target, batchAccountIds),
      toastOutcome(
        { success: STAGING_TRANSACTION_MSG.deleted, failure: STAGING_TRANSACTION_MSG.deleteFailed },
        finish(target),
      ),
    );

  const dialogs = (
    <>
      {dialog?.kind === 'edit' && (
        <StagingTransactionEditDialog
          batch={batch}
          transaction={dialog.transaction}
          keywords={keywords}
          onClose={close}
        />
      )}
      {dialog?.kind === 'bulkEdit' && (
        <StagingTransactionsBulkEditDialog
          batch={batch}
          stagingTransactionIds={dialog.rows.map((t) => t.stagingTransactionId)}
          keywords={keywords}
          onDone={finish(dialog)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Transactions"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${countOf(dialog)} transaction(s)${dialog.matching ? ' matching the filter' : ''}? This action cannot be undone.`
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

  return { rowActions, bulkActions, dialogs };
}
