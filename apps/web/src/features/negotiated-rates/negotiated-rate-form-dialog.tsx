import { useId } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { US_STATES } from '@tideline/contracts/common/us-states';
import {
  NEGOTIATED_RATE_MSG,
  NegotiatedRateInputSchema,
  type NegotiatedRate,
  type NegotiatedRateInput,
} from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import { ControlledSelect, type SelectOption } from '../../components/controlled-select';
import { FormTextField } from '../../components/form-text-field';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useSessionStore } from '../../lib/session-store';
import { useCreateNegotiatedRate, useUpdateNegotiatedRate } from './negotiated-rates.mutations';
import { negotiatedRateQueries } from './negotiated-rates.queries';
import { SaveCancelActions } from '../../components/save-cancel-actions';

type FormValues = z.input<typeof NegotiatedRateInputSchema>;

const FORM_FIELDS = [
  'clientId',
  'bankId',
  'state',
  'amount',
  'term',
  'rate',
  'quoteTypeId',
  'realized',
  'comments',
] as const;

const STATE_OPTIONS: SelectOption[] = US_STATES.map((s) => ({ value: s, label: s }));
const REALIZED_OPTIONS: SelectOption[] = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
];
const NO_QUOTE_TYPE: SelectOption = { value: '', label: 'None' };

function defaultsOf(
  rate: NegotiatedRate | undefined,
  clientId: number | undefined,
): DefaultValues<FormValues> {
  if (!rate) {
    // platform.md 5: realized defaults to Yes.
    return {
      clientId: clientId ?? '',
      bankId: '',
      state: '',
      amount: '',
      term: '',
      rate: '',
      quoteTypeId: '',
      realized: 1,
      comments: '',
    };
  }
  return {
    clientId: rate.clientId,
    bankId: rate.bankId,
    state: rate.state,
    amount: rate.amount === null ? '' : String(rate.amount),
    term: rate.term === null ? '' : String(rate.term),
    rate: String(rate.rate),
    quoteTypeId: rate.quoteTypeId ?? '',
    realized: rate.realized,
    comments: rate.comments ?? '',
  };
}

/** Adds the record's own choice when the list no longer offers it (a deactivated quote type, say). */
function withCurrent(options: SelectOption[], value: number | null | undefined, label: string | null) {
  if (value == null || options.some((o) => o.value === value)) return options;
  return [...options, { value, label: label ?? String(value) }];
}

/**
 * The Add/Edit Rate dialog (platform.md 2.11, 5): who captured it is the signed-in user on a new rate
 * and the original one on an edit, read-only either way; the client is fixed when opened from a client.
 */
export function NegotiatedRateFormDialog({
  rate,
  clientId,
  onClose,
}: {
  rate?: NegotiatedRate;
  /** Set when opened from a client's page: the client is fixed. */
  clientId?: number;
  onClose: () => void;
}) {
  const titleId = useId();
  const me = useSessionStore((s) => s.user);
  const clients = useQuery(negotiatedRateQueries.clientOptions());
  const banks = useQuery(negotiatedRateQueries.bankOptions());
  const quoteTypes = useQuery(negotiatedRateQueries.quoteTypeOptions());
  const createRate = useCreateNegotiatedRate();
  const updateRate = useUpdateNegotiatedRate();
  const isPending = createRate.isPending || updateRate.isPending;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, NegotiatedRateInput>({
    resolver: zodResolver(NegotiatedRateInputSchema),
    defaultValues: defaultsOf(rate, clientId),
  });

  const capturedBy = rate ? rate.userName : `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim();
  const clientOptions = withCurrent(
    (clients.data ?? []).map((c) => ({ value: c.clientId, label: c.clientName })),
    rate?.clientId,
    rate?.clientName ?? null,
  );
  const bankOptions = withCurrent(
    (banks.data ?? []).map((b) => ({ value: b.bankId, label: b.bankName })),
    rate?.bankId,
    rate?.bankName ?? null,
  );
  const quoteTypeOptions = [
    NO_QUOTE_TYPE,
    ...withCurrent(quoteTypes.data ?? [], rate?.quoteTypeId, rate?.quoteType ?? null),
  ];

  const save = (input: NegotiatedRateInput) => {
    const onError = (error: unknown) => {
      const fieldErrors = fieldErrorsOf(error, 'negotiatedRates');
      for (const field of FORM_FIELDS) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      const fallback = rate ? NEGOTIATED_RATE_MSG.editFailed : NEGOTIATED_RATE_MSG.createFailed;
      enqueueSnackbar(failureMessage(error, fallback), {
        variant: 'error',
        anchorOrigin: { vertical: 'top', horizontal: 'right' },
      });
    };
    const onSuccess = ({ msg }: { msg: string }) => {
      enqueueSnackbar(msg, { variant: 'success' });
      onClose();
    };
    if (rate) updateRate.mutate({ id: rate.negotiatedRateId, input }, { onSuccess, onError });
    else createRate.mutate(input, { onSuccess, onError });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{rate ? 'Edit Rate' : 'Add Rate'}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(save)}>
        <DialogContent sx={{ pt: 0 }}>
          <ControlledSelect
            control={control}
            name="clientId"
            label="Client"
            options={clientOptions}
            disabled={clientId !== undefined}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <ControlledSelect control={control} name="bankId" label="Bank" options={bankOptions} />
            <ControlledSelect control={control} name="state" label="State" options={STATE_OPTIONS} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <FormTextField
              registration={register('amount')}
              label="Amount"
              error={errors.amount?.message}
              inputProps={{ inputMode: 'decimal', maxLength: 20 }}
            />
            <FormTextField
              registration={register('term')}
              label="Term (days)"
              error={errors.term?.message}
              inputProps={{ inputMode: 'decimal', maxLength: 15 }}
            />
            <FormTextField
              registration={register('rate')}
              label="Rate (%)"
              error={errors.rate?.message}
              inputProps={{ inputMode: 'decimal', maxLength: 15 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <ControlledSelect
              control={control}
              name="quoteTypeId"
              label="Quote Type"
              options={quoteTypeOptions}
            />
            <ControlledSelect control={control} name="realized" label="Realized" options={REALIZED_OPTIONS} />
          </Stack>
          <TextField
            fullWidth
            margin="normal"
            label="Who Captured"
            value={capturedBy}
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            {...register('comments')}
            fullWidth
            multiline
            minRows={3}
            margin="normal"
            label="Comments"
            error={Boolean(errors.comments)}
            helperText={errors.comments?.message}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={isPending} />
      </Box>
    </Dialog>
  );
}
