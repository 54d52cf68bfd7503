import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { enqueueSnackbar } from '../../lib/toast-host';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { STAGING_TRANSACTION_MSG } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type { KeywordOption } from '@tideline/contracts/transactions/transactions.schemas';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { failureMessage } from '../../lib/api-messages';
import {
  BulkEditFormSchema,
  bulkEditBodyOf,
  EMPTY_BULK_EDIT,
  yearChoices,
  type BulkEditOutput,
  type BulkEditValues,
} from './bulk-edit-body';
import { KeywordSelect } from '../../components/keyword-select';
import { useBulkUpdateStagingTransactions, type BatchRef } from './staging-transactions.mutations';

const resolver = zodResolver(BulkEditFormSchema) as unknown as Resolver<
  BulkEditValues,
  unknown,
  BulkEditOutput
>;

interface BulkEditDialogProps {
  batch: BatchRef;
  stagingTransactionIds: number[];
  keywords: readonly KeywordOption[];
  onDone: () => void;
  onClose: () => void;
}

/** Bulk edit of the selected rows: only the fields filled in change (spec 5). */
export function StagingTransactionsBulkEditDialog({
  batch,
  stagingTransactionIds,
  keywords,
  onDone,
  onClose,
}: BulkEditDialogProps) {
  const titleId = useId();
  const update = useBulkUpdateStagingTransactions(batch);
  // platform.md 5: the date picker offers 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<BulkEditValues, unknown, BulkEditOutput>({
    resolver: withDateLimits(resolver, ['date'], limits),
    defaultValues: EMPTY_BULK_EDIT,
  });

  const submit = (values: BulkEditOutput) =>
    update.mutate(bulkEditBodyOf(values, stagingTransactionIds), {
      onSuccess: (msg) => {
        enqueueSnackbar(msg || STAGING_TRANSACTION_MSG.updated, { variant: 'success' });
        onDone();
      },
      onError: (error) =>
        enqueueSnackbar(failureMessage(error, STAGING_TRANSACTION_MSG.bulkEditFailed), { variant: 'error' }),
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Bulk Edit Transactions</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText>
            {`${stagingTransactionIds.length} selected. Only the fields filled in change.`}
          </DialogContentText>
          <TextField
            {...register('amount')}
            label="Amount"
            autoFocus
            fullWidth
            margin="normal"
            error={Boolean(errors.amount)}
            helperText={errors.amount?.message}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
          />
          <TextField
            {...register('description')}
            label="Description"
            fullWidth
            margin="normal"
            error={Boolean(errors.description)}
            helperText={errors.description?.message}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <KeywordSelect control={control} name="keyword" keywords={keywords} blankLabel="No change" />
          <TextField
            {...register('date')}
            label="Date"
            type="date"
            fullWidth
            margin="normal"
            error={Boolean(errors.date)}
            helperText={errors.date?.message}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
          />
          <Controller
            control={control}
            name="year"
            render={({ field, fieldState }) => (
              <Autocomplete
                freeSolo
                options={yearChoices()}
                inputValue={field.value}
                onInputChange={(_event, value) => field.onChange(value)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    label="Year"
                    margin="normal"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: { ...params.inputProps, inputMode: 'numeric', maxLength: 4 } }}
                  />
                )}
              />
            )}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}
