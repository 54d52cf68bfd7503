import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PROPOSED_HISTORY_YEARS,
  proposeMonteCarloEnd,
  proposeRunName,
} from '@tideline/contracts/analysis/run-defaults';
import { isIsoDay, localIsoToday, subtractYears } from '@tideline/contracts/monte-carlo/monte-carlo-dates';
import {
  buildMonteCarloSettingsSchema,
  MONTE_CARLO_MAX_YEARS,
  MONTE_CARLO_MSG,
  type MonteCarloRun,
  type MonteCarloRunStarted,
  type MonteCarloSettings,
  type MonteCarloValidation,
} from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import {
  findPickerLimits,
  isOutOfRange,
  withDateLimits,
  type DateLimits,
} from '../../components/date-limits';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import { formatCurrency, formatDate } from '../../lib/format';
import { reportStatusQuery } from '../../lib/report-status-query';
import { useRunMonteCarlo } from './monte-carlo.mutations';
import { monteCarloQueries } from './monte-carlo.queries';

interface SettingsValues {
  name: string;
  accountGroupId: number | '';
  endRange: string;
  numberOfYears: string;
}
const FIELDS = ['name', 'accountGroupId', 'endRange', 'numberOfYears'] as const;

/** The window the run button's check asks about, once the group, the end date and the years are readable. */
function checkableWindow(values: SettingsValues, limits: DateLimits) {
  const years = /^\d+$/.test(values.numberOfYears.trim()) ? Number(values.numberOfYears) : NaN;
  if (typeof values.accountGroupId !== 'number') return null;
  if (!isIsoDay(values.endRange) || isOutOfRange(values.endRange, limits)) return null;
  if (!(years >= 1 && years <= MONTE_CARLO_MAX_YEARS)) return null;
  return { groupId: values.accountGroupId, endDate: values.endRange, numberOfYears: years };
}

/**
 * What a new run starts from while a report is open (issue 42 point 2): the period's end, three years,
 * the All Accounts group and a name for the period; null until both are read.
 */
function useProposedSettings(clientId: number, isWanted: boolean, today: string): SettingsValues | null {
  const groups = useQuery({ ...monteCarloQueries.groupOptions(clientId), enabled: isWanted });
  const status = useQuery({ ...reportStatusQuery(clientId), enabled: isWanted });
  return useMemo(() => {
    if (!isWanted || !groups.data || status.data === undefined) return null;
    const group = groups.data.find((g) => g.isAllAccounts) ?? groups.data[0];
    const period = {
      startDate: status.data?.reportStartDate ?? null,
      endDate: status.data?.reportEndDate ?? null,
    };
    return {
      name: proposeRunName(period, group?.label ?? null),
      accountGroupId: group?.value ?? '',
      endRange: proposeMonteCarloEnd(period, today),
      numberOfYears: String(PROPOSED_HISTORY_YEARS),
    };
  }, [isWanted, groups.data, status.data, today]);
}

/**
 * The Settings (run) dialog (spec 2, 5 "Monte Carlo run"): name, account group, end date (not after
 * today) and number of years (digits), the start date shown as the end date minus the years. The run
 * button waits for the group's account-validation check of that window (the model's own rules, asked
 * of the server), and stays disabled while it fails. On failure the form keeps what was typed.
 */
export function MonteCarloSettingsDialog({
  clientId,
  rerun,
  onStarted,
  onClose,
}: {
  clientId: number;
  /** Edit and Rerun: the row whose values the form starts from. */
  rerun?: MonteCarloRun;
  onStarted: (started: MonteCarloRunStarted, name: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const today = localIsoToday();
  const groups = useQuery(monteCarloQueries.groupOptions(clientId));
  const run = useRunMonteCarlo();
  // platform.md 5: the picker offers 20 years back; the end date is not after today (spec 5).
  const [pickerLimits] = useState(() => findPickerLimits());
  const limits = useMemo(() => ({ min: pickerLimits.min, max: today }), [pickerLimits, today]);
  const resolver = useMemo((): Resolver<SettingsValues, unknown, MonteCarloSettings> => {
    const checked = zodResolver(buildMonteCarloSettingsSchema(today)) as unknown as Resolver<
      SettingsValues,
      unknown,
      MonteCarloSettings
    >;
    const limited = withDateLimits(checked, ['endRange'], limits);
    // A date after today keeps the spec's own sentence; only one too far back is told the range.
    return (values, context, options) =>
      (values.endRange > today ? checked : limited)(values, context, options);
  }, [today, limits]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<SettingsValues, unknown, MonteCarloSettings>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      name: rerun?.monteCarloName ?? '',
      accountGroupId: rerun?.groupId ?? '',
      endRange: rerun?.endDateRange ?? '',
      numberOfYears: rerun ? String(rerun.numberOfYears) : '',
    },
  });
  const proposed = useProposedSettings(clientId, !rerun, today);
  useEffect(() => {
    // Only into an untouched form: what the user typed is never replaced.
    if (proposed && !isDirty) reset(proposed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the proposal is read
  }, [proposed]);
  const values = useWatch({ control }) as SettingsValues;
  const window = checkableWindow(values, limits);
  const check = useQuery({
    ...monteCarloQueries.validation(window?.groupId ?? 0, window?.endDate ?? '', window?.numberOfYears ?? 0),
    enabled: window !== null,
  });
  const years = /^\d+$/.test(values.numberOfYears.trim()) ? Number(values.numberOfYears) : null;
  const startDate = years !== null && years >= 1 ? subtractYears(values.endRange, years) : '';
  const isBlocked = window !== null && check.data?.isValid !== true;

  const submit = (settings: MonteCarloSettings) =>
    run.mutate(
      {
        name: settings.name,
        accountGroupId: settings.accountGroupId,
        clientId,
        startRange: subtractYears(settings.endRange, settings.numberOfYears),
        endRange: settings.endRange,
        numberOfYears: settings.numberOfYears,
        ...(rerun ? { monteCarloId: rerun.monteCarloId } : {}),
      },
      {
        onSuccess: (started) => {
          enqueueSnackbar(started.msg, { variant: 'success' });
          onStarted(started, settings.name);
          onClose();
        },
        onError: (error) => {
          showFieldErrors(error, FIELDS, setError, 'monteCarlo');
          enqueueSnackbar(failureMessage(error, MONTE_CARLO_MSG.runFailed), { variant: 'error' });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Settings</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <TextField
            {...register('name')}
            label="Name"
            fullWidth
            margin="normal"
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <ControlledSelect
            control={control as unknown as Control<SettingsValues>}
            name="accountGroupId"
            label="Account Group"
            options={groups.data ?? []}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...register('endRange')}
              label="End Date"
              type="date"
              fullWidth
              margin="normal"
              error={Boolean(errors.endRange)}
              helperText={errors.endRange?.message}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            />
            <TextField
              {...register('numberOfYears')}
              label="Number of Years"
              fullWidth
              margin="normal"
              error={Boolean(errors.numberOfYears)}
              helperText={
                errors.numberOfYears?.message ??
                (years === 1
                  ? 'One year cannot show how much a year moves the levels; use two or three.'
                  : undefined)
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            />
          </Stack>
          <TextField
            label="Start Date"
            value={startDate ? formatDate(startDate) : ''}
            fullWidth
            margin="normal"
            helperText="The end date minus the number of years."
            slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
          />
          <ValidationNote check={check} isAsked={window !== null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={run.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={run.isPending} disabled={isBlocked}>
            Run
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** What the account-validation check said about the window. */
function ValidationNote({
  check,
  isAsked,
}: {
  check: { data?: MonteCarloValidation; isFetching: boolean; isError: boolean; error: unknown };
  isAsked: boolean;
}) {
  if (!isAsked) return null;
  if (check.isFetching && !check.data)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <CircularProgress size={16} aria-hidden="true" />
        <Typography variant="body2">Checking the account group’s history…</Typography>
      </Stack>
    );
  if (check.isError)
    return (
      <Alert severity="error" sx={{ mt: 1 }}>
        {failureMessage(check.error, 'The account group could not be checked.')}
      </Alert>
    );
  if (!check.data) return null;
  return check.data.isValid ? (
    <Alert severity="success" sx={{ mt: 1 }}>
      Ready to run: history from {formatDate(check.data.historyStartDate)}, balance{' '}
      {formatCurrency(check.data.startBalance)} on {formatDate(check.data.endDate)}.
    </Alert>
  ) : (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {check.data.msg}
    </Alert>
  );
}
