import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ClientReportStatus } from '@tideline/contracts/clients/clients.schemas';
import {
  GenerateReportSchema,
  REPORT_MSG,
  type GenerateReportPayload,
  type GenerateReportResult,
} from '@tideline/contracts/reports/reports.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { MultiPickField } from '../../components/multi-pick-field';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import { formatDate } from '../../lib/format';
import { zodResolver } from '../../lib/zod-resolver';
import {
  FLAG_PARAMETERS,
  GROUP_LIST_PARAMETERS,
  PARAMETER_LABELS,
  type FlagParameter,
  type GroupListParameter,
} from './report-parameter-labels';
import { useGenerateReport } from './reports.mutations';
import { reportQueries } from './reports.queries';

/** The form's own shape: switches are booleans, selects hold '' when nothing is chosen. */
type GenerateValues = { clientId: number } & Record<GroupListParameter, number[]> &
  Record<FlagParameter, boolean> & {
    liquidTargetAccount: boolean;
    highYieldTargetAccountId: number | '';
    highYieldLiquidBenchmarkOverride: string;
    minTransacForClosureGroupId: number | '';
  };

const FIELDS = [
  ...GROUP_LIST_PARAMETERS,
  ...FLAG_PARAMETERS,
  'liquidTargetAccount',
  'highYieldTargetAccountId',
  'highYieldLiquidBenchmarkOverride',
  'minTransacForClosureGroupId',
] as const;

/** The payload's defaults (contracts: the liquidity and short-term tables on, the rest off). */
function defaultsOf(clientId: number): GenerateValues {
  return {
    clientId,
    allAccountsGraph: [],
    stackedAreaAndStats: [],
    stressTestResult: [],
    includeAllGraphs: [],
    shortTermLiquidity: [],
    liquidityLevelAmounts: true,
    stmNetGraph: true,
    stmMinTable: true,
    stmPrevQuarterResults: false,
    zbaAccountStructure: false,
    electronicTransacTemplate: false,
    liquidTargetAccount: false,
    highYieldTargetAccountId: '',
    highYieldLiquidBenchmarkOverride: '',
    minTransacForClosureGroupId: '',
  };
}

function SwitchField({
  control,
  name,
  label,
  onToggled,
}: {
  control: Control<GenerateValues>;
  name: FlagParameter | 'liquidTargetAccount';
  label: string;
  onToggled?: (isOn: boolean) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              name={field.name}
              inputRef={field.ref}
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(_e, isOn) => {
                field.onChange(isOn);
                onToggled?.(isOn);
              }}
            />
          }
        />
      )}
    />
  );
}

/**
 * Generate Report (GENERATE_REPORTS; spec 3 "Generate-report payload", 5): the account groups each
 * section draws, the 0/1 sections, the high-yield target ('Required!' while Liquid Target Account is on,
 * cleared when it is turned off), the benchmark override and the closure group. The period is the open
 * cycle's, shown read-only. A refused form keeps what was typed, the server's reasons under its fields.
 */
export function GenerateReportDialog({
  clientId,
  reportStatus,
  onStarted,
  onClose,
}: {
  clientId: number;
  reportStatus: ClientReportStatus | null | undefined;
  onStarted: (started: GenerateReportResult) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const groups = useQuery(reportQueries.groupOptions(clientId));
  const accounts = useQuery(reportQueries.accountOptions(clientId));
  const generate = useGenerateReport(clientId);
  const resolver = useMemo(
    () =>
      zodResolver(GenerateReportSchema) as unknown as Resolver<
        GenerateValues,
        unknown,
        GenerateReportPayload
      >,
    [],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<GenerateValues, unknown, GenerateReportPayload>({
    resolver,
    defaultValues: defaultsOf(clientId),
  });
  // The fields' components take the form's values as they are typed, not the parsed payload.
  const fieldControl = control as unknown as Control<GenerateValues>;
  const isTargetOn = useWatch({ control, name: 'liquidTargetAccount' });

  const groupOptions = (groups.data ?? []).map((g) => ({ id: g.value, label: g.label }));
  const accountOptions = (accounts.data ?? []).map((a) => ({
    value: a.accountId,
    label: `${a.accountName} (${a.accountNumber})`,
  }));
  const closureOptions = [
    { value: '', label: 'None' },
    ...groupOptions.map((g) => ({ value: g.id, label: g.label })),
  ];

  const submit = (payload: GenerateReportPayload) =>
    generate.mutate(payload, {
      onSuccess: (started) => {
        enqueueSnackbar(started.msg, { variant: 'info' });
        onStarted(started);
        onClose();
      },
      onError: (error) => {
        showFieldErrors(error, FIELDS, setError, 'reports');
        enqueueSnackbar(failureMessage(error, REPORT_MSG.generateFailed), { variant: 'error' });
      },
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Generate Report</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={PARAMETER_LABELS.reportStartDate}
              value={formatDate(reportStatus?.reportStartDate)}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <TextField
              label={PARAMETER_LABELS.reportEndDate}
              value={formatDate(reportStatus?.reportEndDate)}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Account Groups
          </Typography>
          {GROUP_LIST_PARAMETERS.map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <MultiPickField
                  label={PARAMETER_LABELS[name]}
                  options={groupOptions}
                  value={field.value}
                  onChange={field.onChange}
                  isLoading={groups.isLoading}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Sections
          </Typography>
          <FormGroup>
            {FLAG_PARAMETERS.map((name) => (
              <SwitchField key={name} control={fieldControl} name={name} label={PARAMETER_LABELS[name]} />
            ))}
          </FormGroup>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            High Yield
          </Typography>
          <FormGroup>
            <SwitchField
              control={fieldControl}
              name="liquidTargetAccount"
              label={PARAMETER_LABELS.liquidTargetAccount}
              onToggled={(isOn) => {
                // Spec 5: when off, the target is cleared.
                if (isOn) return;
                setValue('highYieldTargetAccountId', '');
                clearErrors('highYieldTargetAccountId');
              }}
            />
          </FormGroup>
          <ControlledSelect
            control={fieldControl}
            name="highYieldTargetAccountId"
            label={PARAMETER_LABELS.highYieldTargetAccountId}
            options={accountOptions}
            disabled={!isTargetOn}
          />
          <TextField
            {...register('highYieldLiquidBenchmarkOverride')}
            label={PARAMETER_LABELS.highYieldLiquidBenchmarkOverride}
            fullWidth
            margin="normal"
            error={Boolean(errors.highYieldLiquidBenchmarkOverride)}
            helperText={errors.highYieldLiquidBenchmarkOverride?.message}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <ControlledSelect
            control={fieldControl}
            name="minTransacForClosureGroupId"
            label={PARAMETER_LABELS.minTransacForClosureGroupId}
            options={closureOptions}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={generate.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={generate.isPending}>
            Generate Report
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
