import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import {
  INGESTION_ACCOUNT_TYPES,
  INGESTION_TYPE_LABELS,
  START_INGESTION_MSG,
  StartIngestionBodySchema,
  type IngestionAccountType,
  type StartIngestionBody,
  type StartIngestionBodyParsed,
  type StartIngestionResult,
} from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import type { IngestionTarget } from './data-ingestion.api';
import { useStartIngestion } from './data-ingestion.mutations';

const DATE_FIELDS = [
  ['startDate', 'Start Date'],
  ['endDate', 'End Date'],
] as const;

/** Spec 8's scope word: a relationship and a bank's clients fail 'for bank', the client 'for client'. */
const scopeOf = (target: IngestionTarget) => (target.kind === 'client' ? 'client' : 'bank');

/**
 * A type with nothing to ingest did not fail: every type is ticked by default (spec 9), so a client
 * without Hybrid or Analysis accounts would read two 'Failed ...' toasts after a good start (issue 42
 * point 1). Those are said once, as information, with the reason; other failures stay warnings.
 */
const NOTHING_TO_START: ReadonlySet<string> = new Set([
  START_INGESTION_MSG.noAccounts,
  START_INGESTION_MSG.alreadyStarted,
]);

function toastOutcome(target: IngestionTarget, result: StartIngestionResult) {
  enqueueSnackbar(result.msg, { variant: 'success' });
  const named = (clientName: string, text: string) =>
    target.kind === 'bank-clients' ? `${clientName}: ${text}` : text;
  const skipped = new Map<string, { clientName: string; reason: string; labels: string[] }>();
  for (const f of result.failures) {
    if (!NOTHING_TO_START.has(f.reason)) {
      enqueueSnackbar(named(f.clientName, `${f.msg} ${f.reason}`), { variant: 'warning' });
      continue;
    }
    const key = `${f.clientId} ${f.reason}`;
    const entry = skipped.get(key) ?? { clientName: f.clientName, reason: f.reason, labels: [] };
    entry.labels.push(INGESTION_TYPE_LABELS[f.type]);
    skipped.set(key, entry);
  }
  for (const { clientName, reason, labels } of skipped.values()) {
    enqueueSnackbar(named(clientName, `${joinLabels(labels)}: ${reason}`), { variant: 'info' });
  }
}

/** 'Hybrid', 'Hybrid and Analysis', 'Transaction, Hybrid and Analysis'. */
function joinLabels(labels: string[]): string {
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * Start Ingestion (START_REPORT): the period and the account types, all chosen by default (spec 9);
 * Treasury is shown as 'Analysis'. Dates are required and the end not before the start, and at least
 * one type must be chosen (spec 5). Batches are made for each chosen type that has accounts.
 */
export function StartIngestionDialog({
  target,
  defaults,
  onStarted,
  onClose,
}: {
  target: IngestionTarget;
  /** The open report's period, when the page knows it. */
  defaults?: { startDate: string | null; endDate: string | null };
  onStarted?: () => unknown;
  onClose: () => void;
}) {
  const titleId = useId();
  const typesLabelId = useId();
  const mutation = useStartIngestion(onStarted);
  // platform.md 5: the date pickers offer 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StartIngestionBody, unknown, StartIngestionBodyParsed>({
    resolver: withDateLimits(zodResolver(StartIngestionBodySchema), ['startDate', 'endDate'], limits),
    defaultValues: {
      startDate: defaults?.startDate ?? '',
      endDate: defaults?.endDate ?? '',
      types: [...INGESTION_ACCOUNT_TYPES],
    },
  });

  const submit = (body: StartIngestionBodyParsed) =>
    mutation.mutate(
      { target, body },
      {
        onSuccess: (result) => {
          toastOutcome(target, result);
          onClose();
        },
        onError: (error) => {
          showFieldErrors(error, ['startDate', 'endDate', 'types'] as const, setError);
          const serverMsg = failureMessage(error, '');
          const texts = serverMsg
            ? [serverMsg]
            : body.types.map((t) => START_INGESTION_MSG.failed(t, scopeOf(target)));
          for (const text of texts) enqueueSnackbar(text, { variant: 'error' });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {START_INGESTION_MSG.title}: {target.name}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          {DATE_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              {...register(field)}
              label={label}
              type="date"
              required
              fullWidth
              margin="normal"
              error={Boolean(errors[field])}
              helperText={errors[field]?.message}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            />
          ))}
          <Controller
            control={control}
            name="types"
            render={({ field }) => (
              <FormControl component="fieldset" margin="normal" error={Boolean(errors.types)}>
                <FormLabel component="legend" id={typesLabelId}>
                  Account Types
                </FormLabel>
                <FormGroup aria-labelledby={typesLabelId}>
                  {INGESTION_ACCOUNT_TYPES.map((type) => {
                    const chosen = field.value.includes(type);
                    const toggle = () =>
                      field.onChange(
                        chosen
                          ? field.value.filter((t: IngestionAccountType) => t !== type)
                          : INGESTION_ACCOUNT_TYPES.filter((t) => t === type || field.value.includes(t)),
                      );
                    return (
                      <FormControlLabel
                        key={type}
                        label={INGESTION_TYPE_LABELS[type]}
                        control={<Checkbox checked={chosen} onChange={toggle} />}
                      />
                    );
                  })}
                </FormGroup>
                {errors.types && <FormHelperText>{errors.types.message}</FormHelperText>}
              </FormControl>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Start Ingestion
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
