import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_AVAILABILITY_DAYS, ordinalBusinessDay } from '@tideline/contracts/banks/bank-lists';
import {
  GLOBAL_SETTING_IDS,
  GLOBAL_SETTING_MSG,
  GlobalSettingBodySchema,
  MinTransactionsValueSchema,
} from '@tideline/contracts/settings/global-settings.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { FormTextField } from '../../components/form-text-field';
import { PageLoader } from '../../components/page-loader';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { useUpdateGlobalSetting } from './settings.mutations';
import { settingsQueries } from './settings.queries';

// platform.md 2.12 tabs 0 and 2, 5 "Upload date" and "Maturity range", 8; the minimum of transactions a
// month (tab 0) is ours, read by the report's "Accounts to close" (design/reports.md).
const SETTINGS = {
  uploadDate: {
    id: GLOBAL_SETTING_IDS.uploadDate,
    title: 'Data Ingestion Upload Date',
    label: 'Upload Date',
    hint: 'Business day of the month',
    failed: GLOBAL_SETTING_MSG.uploadDateFailed,
  },
  maturityLimit: {
    id: GLOBAL_SETTING_IDS.maturityLimit,
    title: 'Maturing Investment Date Range',
    label: 'Days',
    hint: 'Investments maturing within this many days from today',
    failed: GLOBAL_SETTING_MSG.maturityLimitFailed,
  },
  minTransactionsPerMonth: {
    id: GLOBAL_SETTING_IDS.minTransactionsPerMonth,
    title: 'Minimum Transactions a Month',
    label: 'Transactions a Month',
    hint: "Accounts with fewer are listed in a report's Accounts to Close (0 to 1000)",
    failed: GLOBAL_SETTING_MSG.minTransactionsFailed,
  },
} as const;

const UPLOAD_DAYS = DATA_AVAILABILITY_DAYS.map((d) => ({ value: d, label: ordinalBusinessDay(d) }));

interface SettingValues {
  value: number | string;
}
const ValueSchema = GlobalSettingBodySchema.shape.globalSetting;
const VALUE_SCHEMAS = {
  uploadDate: ValueSchema,
  maturityLimit: ValueSchema,
  minTransactionsPerMonth: MinTransactionsValueSchema,
} as const;

/**
 * One global setting: the upload date as one of 24 ordinals, the maturity range in days (min 0), or the
 * minimum of transactions a month (0 to 1000).
 */
export function GlobalSettingForm({ setting }: { setting: keyof typeof SETTINGS }) {
  const s = SETTINGS[setting];
  const titleId = useId();
  const canEdit = useCan('EDIT_GLOBAL_SETTINGS');
  const current = useQuery(settingsQueries.globalSetting(s.id));
  const update = useUpdateGlobalSetting(s.id);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingValues>({
    resolver: zodResolver(VALUE_SCHEMAS[setting]) as unknown as Resolver<SettingValues>,
    defaultValues: { value: '' },
  });
  const loaded = current.data?.globalSettingValue;
  useEffect(() => {
    if (loaded !== undefined) reset({ value: loaded });
  }, [loaded, reset]);

  const save = ({ value }: SettingValues) =>
    update.mutate(Number(value), {
      onSuccess: (msg) => {
        enqueueSnackbar(msg ?? GLOBAL_SETTING_MSG.updated, { variant: 'success' });
        reset({ value: Number(value) });
      },
      onError: (error) => {
        const field = fieldErrorsOf(error, 'globalSetting').value;
        if (field) setError('value', { message: field });
        enqueueSnackbar(failureMessage(error, s.failed), { variant: 'error' });
      },
    });

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {s.title}
      </Typography>
      {current.isLoading ? (
        <PageLoader />
      ) : (
        <Stack
          component="form"
          noValidate
          onSubmit={handleSubmit(save)}
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', maxWidth: 480 }}
        >
          {setting === 'uploadDate' ? (
            <ControlledSelect
              control={control}
              name="value"
              label={s.label}
              options={UPLOAD_DAYS}
              disabled={!canEdit}
              helperText={s.hint}
            />
          ) : (
            <FormTextField
              registration={register('value')}
              label={s.label}
              error={errors.value?.message}
              helperText={s.hint}
              inputProps={{ inputMode: 'numeric', maxLength: 15, readOnly: !canEdit }}
            />
          )}
          {canEdit && (
            <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
              Save
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
