import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  STAGING_TREASURY_MSG as MSG,
  type StagingBalance,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { failureMessage } from '../../lib/api-messages';
import { AmountFields, checkAmount } from './amount-fields';
import { PickSelect } from './pick-select';
import { useUpdateStagingBalance } from './staging-treasury.mutations';
import type { BatchRef } from '../../lib/use-refresh-staging';
import { stagingTreasuryQueries } from './staging-treasury.queries';
import { editTextOf, isRate, savedValueOf, usedAmounts } from './treasury-amounts';

interface BalanceValues {
  standardDescriptionId: number | '';
  amounts: string[];
}

interface BalanceEditDialogProps {
  batch: BatchRef;
  row: StagingBalance;
  onClose: () => void;
}

/** Spec 5 "Edit staging balance": a standardized description from the list, numeric amounts. */
export function BalanceEditDialog({ batch, row, onClose }: BalanceEditDialogProps) {
  const titleId = useId();
  const update = useUpdateStagingBalance(batch);
  const descriptions = useQuery(stagingTreasuryQueries.standardizedDescriptions());
  const rate = isRate(row);
  const fields = usedAmounts(row.amounts, row.headers);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<BalanceValues>({
    defaultValues: {
      standardDescriptionId: row.standardDescriptionId ?? '',
      amounts: fields.map((f) => editTextOf(f.value, rate)),
    },
  });

  const submit = ({ standardDescriptionId, amounts }: BalanceValues) =>
    update.mutate(
      {
        balance: {
          batchId: batch.batchId,
          stagingBalanceId: row.stagingBalanceId,
          standardDescriptionId,
          balanceAmounts: fields.map((f, i) => [f.index, savedValueOf(amounts[i] ?? '', rate)]),
        },
      },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg || MSG.balanceUpdated, { variant: 'success' });
          onClose();
        },
        onError: (error) =>
          enqueueSnackbar(failureMessage(error, MSG.editBalanceFailed), { variant: 'error' }),
      },
    );

  const options = (descriptions.data ?? []).map((d) => ({ value: d.standardDescriptionId, label: d.name }));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit Staging Balance</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText>{row.description}</DialogContentText>
          <PickSelect
            control={control}
            name="standardDescriptionId"
            label="Standardized Description"
            options={options}
            isRequired
          />
          <AmountFields
            fields={fields}
            rate={rate}
            registerAt={(i) =>
              register(`amounts.${i}`, { validate: (text) => checkAmount(text, rate, false) })
            }
            errorAt={(i) => errors.amounts?.[i]?.message}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}
