import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CASH_VEST_MAX_TOTAL,
  CASH_VEST_MSG,
  CASH_VEST_SUB_SCORES,
  CashVestInputSchema,
  starsOfTotal,
  type CashVestHistoryRow,
  type CashVestInputParsed,
  type CashVestSubScores,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useUpdateCashVest } from './cash-vest.mutations';
import { cashVestQueries } from './cash-vest.queries';
import { ScoreStars } from './score-stars';
import { WizardPage } from './wizard-page';
import { suggestionQueryOf, totalOf, valuesOf, type WizardValues } from './wizard-values';

// The contract's preprocessors take any input; the form's own shape is WizardValues.
const resolver = zodResolver(CashVestInputSchema) as unknown as Resolver<
  WizardValues,
  unknown,
  CashVestInputParsed
>;

const PAGE_OF = new Map<string, number>(
  CASH_VEST_SUB_SCORES.flatMap((def, index) => [
    [def.key, index],
    [def.comments, index],
  ]),
);

/** The first page holding an error, to show it (the dates sit above the pages). */
function firstPageWithError(fields: Iterable<string>): number | null {
  const pages = [...fields].map((f) => PAGE_OF.get(f)).filter((p): p is number => p !== undefined);
  return pages.length ? Math.min(...pages) : null;
}

interface WizardProps {
  clientId: number;
  row: CashVestHistoryRow;
  onClose: () => void;
}

function WizardForm({ clientId, row, saved, onClose }: WizardProps & { saved: CashVestSubScores }) {
  const [step, setStep] = useState(0);
  const update = useUpdateCashVest(clientId, row.cashVestId);
  const groups = useQuery(cashVestQueries.groups(clientId));
  // platform.md 5: the date pickers offer 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const { control, handleSubmit, setError, setValue, getValues, getFieldState, register, formState } =
    useForm<WizardValues, unknown, CashVestInputParsed>({
      resolver: withDateLimits(resolver, ['startDate', 'endDate'], limits),
      defaultValues: valuesOf(saved),
    });
  // The selects and pages read and write the form's values; the parsed output type does not concern them.
  const fieldControl = control as unknown as Control<WizardValues>;
  const watched = useWatch({ control });
  const values = { ...valuesOf(saved), ...watched } as WizardValues;
  const suggestion = useQuery(cashVestQueries.suggestion(row.cashVestId, suggestionQueryOf(values)));
  const suggested = suggestion.data?.subScores;

  // Prefill with the model's suggestion the scores not chosen yet (a saved or typed one stays).
  useEffect(() => {
    for (const s of suggested ?? []) {
      if (s.score !== null && getValues(s.key) === '' && !getFieldState(s.key).isDirty)
        setValue(s.key, s.score);
    }
  }, [suggested, getValues, getFieldState, setValue]);

  const showFirstError = (fields: Iterable<string>) => {
    const page = firstPageWithError(fields);
    if (page !== null) setStep(page);
  };
  const submit = (parsed: CashVestInputParsed) =>
    update.mutate(parsed, {
      onSuccess: (result) => {
        enqueueSnackbar(result.msg || CASH_VEST_MSG.updated, { variant: 'success' });
        onClose();
      },
      // The wizard stays open with what was typed (spec 8: the server's msg, else the default).
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error, 'cashVest');
        for (const [name, message] of Object.entries(fieldErrors))
          setError(name as keyof WizardValues, { message });
        showFirstError(Object.keys(fieldErrors));
        enqueueSnackbar(failureMessage(error, CASH_VEST_MSG.editFailed), { variant: 'error' });
      },
    });
  const invalid = (errors: FieldErrors<WizardValues>) => showFirstError(Object.keys(errors));

  const total = totalOf(values);
  const def = CASH_VEST_SUB_SCORES[step]!;
  const isLast = step === CASH_VEST_SUB_SCORES.length - 1;
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.value, label: g.label }));
  const dateError = (name: 'startDate' | 'endDate') => formState.errors[name]?.message;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit, invalid)}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          {(['startDate', 'endDate'] as const).map((name) => (
            <TextField
              key={name}
              {...register(name)}
              type="date"
              label={name === 'startDate' ? 'Start Date' : 'End Date'}
              required
              margin="normal"
              error={Boolean(dateError(name))}
              helperText={dateError(name) ?? (row.startDate ? undefined : CASH_VEST_MSG.noDateRange)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            />
          ))}
          <Box sx={{ minWidth: 220 }}>
            <ControlledSelect
              control={fieldControl}
              name="accountGroupId"
              label="Account Group"
              options={groupOptions}
              helperText="Whose balances the suggestions read (default All Accounts)."
            />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Box aria-live="polite">
            <Typography variant="body2" color="text.secondary">
              Overall Score
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h5" component="p">
                {total === null ? '---' : total} / {CASH_VEST_MAX_TOTAL}
              </Typography>
              <ScoreStars stars={total === null ? null : starsOfTotal(total)} size="small" />
            </Stack>
          </Box>
        </Stack>
        <Stepper nonLinear activeStep={step} sx={{ my: 2 }} aria-label="cashVest pages">
          {CASH_VEST_SUB_SCORES.map((page, index) => (
            <Step key={page.key} completed={typeof values[page.key] === 'number'}>
              <StepButton onClick={() => setStep(index)}>{page.title}</StepButton>
            </Step>
          ))}
        </Stepper>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Page {step + 1} of {CASH_VEST_SUB_SCORES.length}: {def.title}
        </Typography>
        {suggestion.data?.missing.map((text) => (
          <Typography key={text} variant="body2" color="warning.main">
            {text}
          </Typography>
        ))}
        <WizardPage
          key={def.key}
          def={def}
          control={fieldControl}
          suggestion={suggested?.find((s) => s.key === def.key)}
          isSuggesting={suggestion.isFetching}
          onUseSuggestion={(score) => setValue(def.key, score, { shouldDirty: true, shouldValidate: true })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button onClick={() => setStep(step - 1)} disabled={step === 0}>
          Back
        </Button>
        <Button onClick={() => setStep(step + 1)} disabled={isLast}>
          Next
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * The edit dialog of spec 2: a 5-page wizard, one sub-score a page, each a whole number of its range
 * (spec 5), prefilled with the model's suggestion and showing the figures behind it; the pages total
 * up to the overall score. A failed save keeps what was typed.
 */
export function CashVestWizard(props: WizardProps) {
  const titleId = useId();
  const saved = useQuery(cashVestQueries.subScores(props.row.cashVestId));
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>Edit cashVest Score</DialogTitle>
      {saved.data ? (
        <WizardForm {...props} saved={saved.data} />
      ) : (
        <DialogContent>
          {saved.isError ? (
            <Typography color="error">The cashVest score could not be loaded.</Typography>
          ) : (
            <CircularProgress aria-label="Loading the cashVest score" />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
