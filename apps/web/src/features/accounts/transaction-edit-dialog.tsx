import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  TRANSACTION_MSG,
  TransactionEditBodySchema,
  type KeywordOption,
  type Transaction,
} from '@tideline/contracts/transactions/transactions.schemas';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useUpdateTransaction } from './accounts.mutations';
import type { TransactionEdit } from './transactions.api';
import { KeywordSelect } from '../../components/keyword-select';
import { SaveCancelActions } from '../../components/save-cancel-actions';

const EditSchema = TransactionEditBodySchema.shape.transaction;
const FIELDS = ['transactionDate', 'transactionDescription', 'amount', 'keyword'] as const;

interface TransactionEditDialogProps {
  clientId: number;
  transaction: Transaction;
  keywords: readonly KeywordOption[];
  onClose: () => void;
}

/** Edit a transaction (EDIT_TRANSACTIONS): date, description, amount and keyword. */
export function TransactionEditDialog({
  clientId,
  transaction,
  keywords,
  onClose,
}: TransactionEditDialogProps) {
  const titleId = useId();
  const update = useUpdateTransaction(clientId, transaction.accountId);
  // platform.md 5: the date picker offers 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TransactionEdit, unknown, z.output<typeof EditSchema>>({
    resolver: withDateLimits(zodResolver(EditSchema), ['transactionDate'], limits),
    defaultValues: {
      transactionDate: transaction.transactionDate,
      transactionDescription: transaction.transactionDescription,
      amount: transaction.amount.toFixed(2),
      keyword: transaction.keywordId,
    },
  });

  const submit = (values: z.output<typeof EditSchema>) =>
    update.mutate(
      { id: transaction.transactionId, transaction: values },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? TRANSACTION_MSG.updated, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, 'transaction');
          for (const field of FIELDS)
            if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
          enqueueSnackbar(failureMessage(error, TRANSACTION_MSG.editFailed), { variant: 'error' });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit Transaction</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <TextField
            {...register('transactionDate')}
            label="Date"
            type="date"
            fullWidth
            margin="normal"
            error={Boolean(errors.transactionDate)}
            helperText={errors.transactionDate?.message}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
          />
          <TextField
            {...register('transactionDescription')}
            label="Description"
            fullWidth
            margin="normal"
            multiline
            error={Boolean(errors.transactionDescription)}
            helperText={errors.transactionDescription?.message}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            {...register('amount')}
            label="Amount"
            fullWidth
            margin="normal"
            error={Boolean(errors.amount)}
            helperText={errors.amount?.message}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
          />
          <KeywordSelect
            control={control}
            name="keyword"
            keywords={keywords}
            blankLabel="None"
            blankValue={null}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}
