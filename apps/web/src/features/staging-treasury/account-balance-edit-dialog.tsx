import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  STAGING_TREASURY_MSG as MSG,
  type StagingAccountBalance,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { failureMessage } from '../../lib/api-messages';
import { AmountFields, checkAmount } from './amount-fields';
import { useUpdateStagingAccountBalance } from './staging-treasury.mutations';
import type { BatchRef } from '../../lib/use-refresh-staging';
import { editTextOf, isRate, savedValueOf, usedAmounts } from './treasury-amounts';

interface AccountBalanceEditDialogProps {
  batch: BatchRef;
  row: StagingAccountBalance;
  onClose: () => void;
}

/** Spec 5 "Edit staging account balance": every amount required; an ECR row's never below 0%. */
export function AccountBalanceEditDialog({ batch, row, onClose }: AccountBalanceEditDialogProps) {
  const titleId = useId();
  const update = useUpdateStagingAccountBalance(batch);
  const rate = isRate(row);
  const fields = usedAmounts(row.amounts, row.headers);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ amounts: string[] }>({
    defaultValues: { amounts: fields.map((f) => editTextOf(f.value, rate)) },
  });

  const submit = ({ amounts }: { amounts: string[] }) =>
    update.mutate(
      {
        balance: {
          batchId: batch.batchId,
          stagingAccountBalanceId: row.stagingAccountBalanceId,
          accountBalanceAmounts: fields.map((f, i) => [f.index, savedValueOf(amounts[i] ?? '', rate)]),
        },
      },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg || MSG.accountBalanceUpdated, { variant: 'success' });
          onClose();
        },
        onError: (error) =>
          enqueueSnackbar(failureMessage(error, MSG.editAccountBalanceFailed), { variant: 'error' }),
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit Staging Account Balance</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText>{`${row.accountNumber} - ${row.description}`}</DialogContentText>
          <AmountFields
            fields={fields}
            rate={rate}
            registerAt={(i) =>
              register(`amounts.${i}`, { validate: (text) => checkAmount(text, rate, true) })
            }
            errorAt={(i) => errors.amounts?.[i]?.message}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}
