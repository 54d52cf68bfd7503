import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import LinearProgress from '@mui/material/LinearProgress';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import {
  BATCH_VALIDATION_MSG,
  isEligibleForPromotion,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import { BATCH_MSG, type ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useCan } from '../../lib/use-can';
import { useDeleteBatch, useValidateBatch } from './batch-validation.mutations';

/**
 * The Validate Batch dialog's footer (spec 2): DELETE BATCH (DELETE_BATCHES) after its warning, CLOSE,
 * and VALIDATE THIS BATCH (VALIDATE_BATCHES), disabled while no account is eligible or an action of
 * the dialog runs. Either one, once it succeeds, closes the dialog.
 */
export function BatchValidationFooter({
  batch,
  accounts,
  isBusy,
  onClose,
}: {
  batch: ClientBatch;
  accounts: readonly BatchAccount[] | undefined;
  /** An action of the dialog is running (an account's or the batch's). */
  isBusy: boolean;
  onClose: () => void;
}) {
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const canDeleteBatch = useCan('DELETE_BATCHES');
  const canValidateBatch = useCan('VALIDATE_BATCHES');
  const validate = useValidateBatch(batch);
  const remove = useDeleteBatch(batch);
  const hasEligible = accounts?.some(isEligibleForPromotion) ?? false;

  const validateBatch = () =>
    validate.mutate(
      undefined,
      toastOutcome(
        { success: BATCH_VALIDATION_MSG.batchesValidated, failure: BATCH_VALIDATION_MSG.validateBatchFailed },
        onClose,
      ),
    );
  const deleteBatch = () =>
    remove.mutate(undefined, {
      ...toastOutcome({ success: BATCH_MSG.deleted, failure: BATCH_MSG.deleteFailed }, onClose),
      onSettled: () => setIsDeleteOpen(false),
    });

  return (
    <>
      <Box sx={{ height: 4 }}>
        {validate.isPending && <LinearProgress aria-label="Validating the batch" />}
      </Box>
      <DialogActions>
        {canDeleteBatch && (
          <Button color="error" disabled={isBusy} onClick={() => setIsDeleteOpen(true)} sx={{ mr: 'auto' }}>
            DELETE BATCH
          </Button>
        )}
        <Button variant={canValidateBatch ? 'outlined' : 'contained'} disabled={isBusy} onClick={onClose}>
          CLOSE
        </Button>
        {canValidateBatch && (
          <Button
            variant="contained"
            disabled={!hasEligible || isBusy}
            loading={validate.isPending}
            onClick={validateBatch}
          >
            VALIDATE THIS BATCH
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={isDeleteOpen}
        title="Delete Batch"
        message={BATCH_VALIDATION_MSG.deleteBatchWarning}
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={deleteBatch}
        onCancel={() => setIsDeleteOpen(false)}
      />
    </>
  );
}
