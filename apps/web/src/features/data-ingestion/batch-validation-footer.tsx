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
import {
  hasDecisionsLeft,
  type BatchesValidatedInOneStep,
} from '@tideline/contracts/data-ingestion/batch-recovery.schemas';
import { BATCH_MSG, type ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-messages';
import { toastOutcome } from '../../lib/mutation-toasts';
import { enqueueSnackbar } from '../../lib/toast-host';
import { useCan } from '../../lib/use-can';
import { useDeleteBatch, useValidateBatch, useValidateBatchesInOneStep } from './batch-validation.mutations';
import { BatchFilesDialog } from './batch-files-dialog';
import { BatchValidationResultDialog } from './batch-validation-result-dialog';

/**
 * The Validate Batch dialog's footer (spec 2): DELETE BATCH (DELETE_BATCHES) after its warning, BATCH
 * FILES (ours, VIEW_DATA_EXTRACTION_STATUS), CLOSE,
 * and VALIDATE THIS BATCH (VALIDATE_BATCHES), disabled while no account is eligible or an action of
 * the dialog runs. Either one, once it succeeds, closes the dialog. Issue 42 point 2: with
 * VALIDATE_ACCOUNT_BATCHES too, VALIDATE THIS BATCH first validates every reconciled account, so a
 * Needs Validation account makes it eligible; what it leaves for a person is shown, and the dialog
 * stays open on it.
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
  const [result, setResult] = useState<BatchesValidatedInOneStep | null>(null);
  const [isFilesOpen, setIsFilesOpen] = useState(false);
  const canViewFiles = useCan('VIEW_DATA_EXTRACTION_STATUS');
  const canDeleteBatch = useCan('DELETE_BATCHES');
  const canValidateBatch = useCan('VALIDATE_BATCHES');
  const isOneStep = useCan('VALIDATE_ACCOUNT_BATCHES') && canValidateBatch;
  const validate = useValidateBatch(batch);
  const validateInOneStep = useValidateBatchesInOneStep(batch.clientId, batch.batchId);
  const remove = useDeleteBatch(batch);
  const hasEligible =
    accounts?.some((a) => isEligibleForPromotion(a) || (isOneStep && a.status === 'Needs Validation')) ??
    false;
  const failure = BATCH_VALIDATION_MSG.validateBatchFailed;

  const validateBatch = () => {
    if (!isOneStep) {
      validate.mutate(
        undefined,
        toastOutcome({ success: BATCH_VALIDATION_MSG.batchesValidated, failure }, onClose),
      );
      return;
    }
    validateInOneStep.mutate([batch.batchId], {
      onSuccess: (answer) => {
        if (hasDecisionsLeft(answer)) setResult(answer);
        else {
          enqueueSnackbar(answer.msg, { variant: 'success' });
          onClose();
        }
      },
      onError: (error) => enqueueSnackbar(failureMessage(error, failure), { variant: 'error' }),
    });
  };
  const isValidating = validate.isPending || validateInOneStep.isPending;
  const deleteBatch = () =>
    remove.mutate(undefined, {
      ...toastOutcome({ success: BATCH_MSG.deleted, failure: BATCH_MSG.deleteFailed }, onClose),
      onSettled: () => setIsDeleteOpen(false),
    });

  return (
    <>
      <Box sx={{ height: 4 }}>{isValidating && <LinearProgress aria-label="Validating the batch" />}</Box>
      <DialogActions>
        {canDeleteBatch && (
          <Button color="error" disabled={isBusy} onClick={() => setIsDeleteOpen(true)}>
            DELETE BATCH
          </Button>
        )}
        {/* Issue 42 point 3: where a file uploaded to the wrong batch is removed. */}
        {canViewFiles && (
          <Button disabled={isBusy} onClick={() => setIsFilesOpen(true)}>
            BATCH FILES
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button variant={canValidateBatch ? 'outlined' : 'contained'} disabled={isBusy} onClick={onClose}>
          CLOSE
        </Button>
        {canValidateBatch && (
          <Button
            variant="contained"
            disabled={!hasEligible || isBusy}
            loading={isValidating}
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
      {result && <BatchValidationResultDialog result={result} onClose={() => setResult(null)} />}
      {isFilesOpen && <BatchFilesDialog batch={batch} onClose={() => setIsFilesOpen(false)} />}
    </>
  );
}
