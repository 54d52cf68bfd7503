import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  earliestShortTermEnd,
  isIsoDay,
  spansShortTermHistory,
} from '@tideline/contracts/short-term/short-term-dates';
import {
  buildShortTermSettingsSchema,
  SHORT_TERM_MSG,
  type ShortTermRunStarted,
  type ShortTermSettingsParsed,
} from '@tideline/contracts/short-term/short-term.schemas';
import { proposeRunName, proposeShortTermWindow } from '@tideline/contracts/analysis/run-defaults';
import type { ShortTermModelRow } from '@tideline/contracts/short-term/short-term-results.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { findPickerLimits } from '../../components/date-limits';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { reportStatusQuery } from '../../lib/report-status-query';
import { useRunStep1 } from './short-term.mutations';
import { pickLaterDay, withStep1DateLimits } from './step1-date-limits';
import { shortTermQueries } from './short-term.queries';

export interface Step1Values {
  addAnalysisName: string;
  accountGroupId: number | '';
  startRange: string;
  endRange: string;
  balanceAdjustments: { date: string; amount: string }[];
}
const FIELDS = ['addAnalysisName', 'accountGroupId', 'startRange', 'endRange'] as const;

/**
 * Spec 5 "Short term step 1", the checks Save waits for: a group picked, a start date not before its
 * minDate and an end date at least 24 months after the start. Null when they pass.
 */
export function dateCheckOf(values: Step1Values, minDate: string | null | undefined): string | null {
  if (values.accountGroupId === '') return null;
  if (!isIsoDay(values.startRange) || !isIsoDay(values.endRange)) return null;
  if (minDate && values.startRange < minDate) return SHORT_TERM_MSG.startBeforeMinDate(minDate);
  return spansShortTermHistory(values.startRange, values.endRange) ? null : SHORT_TERM_MSG.twentyFourMonths;
}

/**
 * What a new model starts from while a report is open (issue 42 point 2): the All Accounts group, the
 * three years before the period's end (not before the group's first day) and a name for the period.
 */
function useProposedValues(clientId: number, isWanted: boolean): Step1Values | null {
  const groups = useQuery({ ...shortTermQueries.accountGroups(clientId), enabled: isWanted });
  const status = useQuery({ ...reportStatusQuery(clientId), enabled: isWanted });
  return useMemo(() => {
    if (!isWanted || !groups.data || status.data === undefined) return null;
    const group = groups.data.find((g) => g.isAllAccounts) ?? groups.data[0];
    const period = {
      startDate: status.data?.reportStartDate ?? null,
      endDate: status.data?.reportEndDate ?? null,
    };
    return {
      addAnalysisName: proposeRunName(period, group?.groupName ?? null),
      accountGroupId: group?.groupID ?? '',
      ...proposeShortTermWindow(period, group?.minDate ?? null),
      balanceAdjustments: [],
    };
  }, [isWanted, groups.data, status.data]);
}

const valuesOf = (rerun: ShortTermModelRow | undefined): Step1Values => ({
  addAnalysisName: rerun?.shortTermModelName ?? '',
  accountGroupId: rerun?.groupId ?? '',
  startRange: rerun?.startDateRange ?? '',
  endRange: rerun?.endDateRange ?? '',
  balanceAdjustments: (rerun?.balanceAdjustments ?? []).map((a) => ({
    date: a.date,
    amount: String(a.amount),
  })),
});

/**
 * The step 1 Settings dialog (spec 2, 4, 5): name, account group (picked before the start date, whose
 * minimum is the group's minDate), start and end date (at least 24 months apart, said under the dates),
 * and balance adjustments (a date and a number each). Save stays disabled while the date check fails.
 * Edit & Rerun opens it prefilled. On failure the form keeps what was typed.
 */
export function Step1SettingsDialog({
  clientId,
  rerun,
  onStarted,
  onClose,
}: {
  clientId: number;
  rerun?: ShortTermModelRow;
  onStarted: (started: ShortTermRunStarted, name: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const groups = useQuery(shortTermQueries.accountGroups(clientId));
  const run = useRunStep1();
  const minDateOf = (groupId: number | '') =>
    groups.data?.find((g) => g.groupID === groupId)?.minDate ?? null;
  // platform.md 5: the date pickers offer 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  // The schema needs the chosen group's minDate, so it is built from the values being checked.
  const resolver = withStep1DateLimits<Step1Values, unknown, ShortTermSettingsParsed>(
    (values, context, options) =>
      (
        zodResolver(buildShortTermSettingsSchema(minDateOf(values.accountGroupId))) as unknown as Resolver<
          Step1Values,
          unknown,
          ShortTermSettingsParsed
        >
      )(values, context, options),
    limits,
  );
  const { control, register, handleSubmit, setError, reset, formState } = useForm<
    Step1Values,
    unknown,
    ShortTermSettingsParsed
  >({ resolver, mode: 'onTouched', defaultValues: valuesOf(rerun) });
  const proposed = useProposedValues(clientId, !rerun);
  useEffect(() => {
    // Only into an untouched form: what the user typed is never replaced.
    if (proposed && !formState.isDirty) reset(proposed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the proposal is read
  }, [proposed]);
  const adjustments = useFieldArray({ control, name: 'balanceAdjustments' });
  const values = useWatch({ control }) as Step1Values;
  const group = groups.data?.find((g) => g.groupID === values.accountGroupId);
  const minDate = group?.minDate ?? null;
  const dateProblem = dateCheckOf(values, minDate);
  const hasGroup = values.accountGroupId !== '';
  const errors = formState.errors;

  const submit = (settings: ShortTermSettingsParsed) =>
    run.mutate(
      {
        ...settings,
        clientId,
        balanceAdjustments: settings.balanceAdjustments.map((a) => ({ date: a.date, amount: a.amount })),
        ...(rerun ? { shortTermModelId: rerun.shortTermModelId } : {}),
      },
      {
        onSuccess: (started) => {
          enqueueSnackbar(started.msg, { variant: 'success' });
          onStarted(started, settings.addAnalysisName);
          onClose();
        },
        onError: (error) => {
          showFieldErrors(error, FIELDS, setError, 'shortTerm');
          enqueueSnackbar(failureMessage(error, SHORT_TERM_MSG.step1Failed), { variant: 'error' });
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Settings</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <TextField
            {...register('addAnalysisName')}
            label="Name"
            fullWidth
            margin="normal"
            error={Boolean(errors.addAnalysisName)}
            helperText={errors.addAnalysisName?.message}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <ControlledSelect
            control={control as unknown as Control<Step1Values>}
            name="accountGroupId"
            label="Account Group"
            options={(groups.data ?? []).map((g) => ({ value: g.groupID, label: g.groupName }))}
            helperText={
              group
                ? minDate
                  ? `Data from ${formatDate(minDate)}.`
                  : SHORT_TERM_MSG.groupWithoutData
                : undefined
            }
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...register('startRange')}
              label="Start Date"
              type="date"
              fullWidth
              margin="normal"
              disabled={!hasGroup}
              error={Boolean(errors.startRange)}
              helperText={
                errors.startRange?.message ?? (hasGroup ? undefined : 'Pick the account group first.')
              }
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: pickLaterDay(minDate, limits.min), max: limits.max },
              }}
            />
            <TextField
              {...register('endRange')}
              label="End Date"
              type="date"
              fullWidth
              margin="normal"
              error={Boolean(errors.endRange)}
              helperText={errors.endRange?.message}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: {
                  min: pickLaterDay(
                    isIsoDay(values.startRange) ? earliestShortTermEnd(values.startRange) : null,
                    limits.min,
                  ),
                  max: limits.max,
                },
              }}
            />
          </Stack>
          <Typography
            variant="body2"
            color={dateProblem ? 'error' : 'text.secondary'}
            role={dateProblem ? 'alert' : undefined}
          >
            {dateProblem ?? SHORT_TERM_MSG.twentyFourMonths}
          </Typography>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            Balance Adjustments
          </Typography>
          {adjustments.fields.map((field, index) => (
            <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                {...register(`balanceAdjustments.${index}.date`)}
                label={`Adjustment ${index + 1} Date`}
                type="date"
                margin="dense"
                error={Boolean(errors.balanceAdjustments?.[index]?.date)}
                helperText={errors.balanceAdjustments?.[index]?.date?.message}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
              />
              <TextField
                {...register(`balanceAdjustments.${index}.amount`)}
                label={`Adjustment ${index + 1} Amount`}
                margin="dense"
                error={Boolean(errors.balanceAdjustments?.[index]?.amount)}
                helperText={errors.balanceAdjustments?.[index]?.amount?.message}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <IconButton
                aria-label={`Remove adjustment ${index + 1}`}
                onClick={() => adjustments.remove(index)}
                sx={{ mt: 2 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Button startIcon={<AddIcon />} onClick={() => adjustments.append({ date: '', amount: '' })}>
            Add Balance Adjustment
          </Button>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={run.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={run.isPending} disabled={dateProblem !== null}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
