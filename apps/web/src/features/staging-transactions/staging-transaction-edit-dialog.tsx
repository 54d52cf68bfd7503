import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  STAGING_TRANSACTION_MSG,
  StagingTransactionEditBodySchema,
  type StagingTransaction,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import type { KeywordOption } from '@tideline/contracts/transactions/transactions.schemas';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import { KeywordSelect } from '../../components/keyword-select';
import { useUpdateStagingTransaction, type BatchRef } from './staging-transactions.mutations';

const EditSchema = StagingTransactionEditBodySchema.omit({ stagingTransactionId: true });
type EditOutput = z.output<typeof EditSchema>;
export interface StagingEditValues {
  amount: string;
  description: string;
  keyword: number | '' | null;
  date: string;
}
const FIELDS = ['amount', 'description', 'keyword', 'date'] as const;
// The contract's preprocessors take any input; the form's own shape is the one above.
const resolver = zodResolver(EditSchema) as unknown as Resolver<StagingEditValues, unknown, EditOutput>;

interface StagingTransactionEditDialogProps {
  batch: BatchRef;
  transaction: StagingTransaction;
  keywords: readonly KeywordOption[];
  onClose: () => void;
}

/** Spec 5 "Edit staging transaction": amount (a number), description, keyword and date, all required. */
export function StagingTransactionEditDialog({
  batch,
  transaction,
  keywords,
  onClose,
}: StagingTransactionEditDialogProps) {
  const titleId = useId();
  const update = useUpdateStagingTransaction(batch);
  // platform.md 5: the date picker offers 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StagingEditValues, unknown, EditOutput>({
    resolver: withDateLimits(resolver, ['date'], limits),
    defaultValues: {
      amount: transaction.amount.toFixed(2),
      description: transaction.transactionDescription,
      keyword: transaction.keywordId,
      date: transaction.transactionDate,
    },
  });

  const submit = (body: EditOutput) =>
    update.mutate(
      { id: transaction.stagingTransactionId, body },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg || STAGING_TRANSACTION_MSG.updated, { variant: 'success' });
          onClose();
        },
        // The form stays open with what was typed (spec 8: the server's msg, else the default).
        onError: (error) => {
          showFieldErrors(error, FIELDS, setError);
          enqueueSnackbar(failureMessage(error, STAGING_TRANSACTION_MSG.editFailed), { variant: 'error' });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit Transaction</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
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
          <KeywordSelect control={control} name="keyword" keywords={keywords} />
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
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}
