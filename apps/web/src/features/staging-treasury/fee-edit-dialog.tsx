import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  STAGING_TREASURY_MSG as MSG,
  type StagingFee,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { failureMessage } from '../../lib/api-messages';
import { checkAmount } from './amount-fields';
import { FeeCategoryFields, type FeeCategoryValues } from './fee-category-fields';
import { PickSelect } from './pick-select';
import { useUpdateStagingFees } from './staging-treasury.mutations';
import type { BatchRef } from '../../lib/use-refresh-staging';
import { stagingTreasuryQueries } from './staging-treasury.queries';

interface FeeValues extends FeeCategoryValues {
  unitPrice: string;
  bankLevelException: number | null;
  clientLevelException: number | null;
}

interface FeeEditDialogProps {
  batch: BatchRef;
  fee: StagingFee;
  onClose: () => void;
}

/**
 * Spec 5 "Edit staging fee": Category and Sub Category required, Unit Price numeric (blank clears it),
 * the bank and client level exceptions from their lists.
 */
export function FeeEditDialog({ batch, fee, onClose }: FeeEditDialogProps) {
  const titleId = useId();
  const update = useUpdateStagingFees(batch);
  const categories = useQuery(stagingTreasuryQueries.feeCategories());
  const bankExceptions = useQuery(stagingTreasuryQueries.bankLevelExceptions());
  const clientExceptions = useQuery(stagingTreasuryQueries.clientLevelExceptions());
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<FeeValues>({
    defaultValues: {
      categoryId: fee.categoryId ?? '',
      subCategoryId: fee.subCategoryId ?? '',
      unitPrice: fee.unitPrice === null ? '' : String(fee.unitPrice),
      bankLevelException: fee.bankLevelExceptionId,
      clientLevelException: fee.clientLevelExceptionId,
    },
  });

  const submit = (values: FeeValues) =>
    update.mutate(
      {
        fees: {
          batchId: batch.batchId,
          categoryId: values.categoryId,
          subCategoryId: values.subCategoryId,
          unitPrice: values.unitPrice.trim() === '' ? null : values.unitPrice.trim(),
          bankLevelException: values.bankLevelException,
          clientLevelException: values.clientLevelException,
          feeIds: [fee.stagingFeeId],
        },
      },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg || MSG.feesUpdated, { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(failureMessage(error, MSG.editFeesFailed), { variant: 'error' }),
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit Staging Fee</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText>{fee.description}</DialogContentText>
          <FeeCategoryFields
            control={control}
            categories={categories.data ?? []}
            categoryId={watch('categoryId')}
            onCategoryChanged={() => setValue('subCategoryId', '')}
          />
          <TextField
            {...register('unitPrice', { validate: (text) => checkAmount(text, false, false) })}
            label="Unit Price"
            fullWidth
            margin="normal"
            error={Boolean(errors.unitPrice)}
            helperText={errors.unitPrice?.message}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal', maxLength: 24 },
            }}
          />
          <PickSelect
            control={control}
            name="bankLevelException"
            label="Bank Level Exception"
            blankLabel="None"
            options={(bankExceptions.data ?? []).map((e) => ({
              value: e.bankLevelExceptionId,
              label: e.name,
            }))}
          />
          <PickSelect
            control={control}
            name="clientLevelException"
            label="Client Level Exception"
            blankLabel="None"
            options={(clientExceptions.data ?? []).map((e) => ({
              value: e.clientLevelExceptionId,
              label: e.name,
            }))}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}
