import { Controller, useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DATA_AVAILABILITY_DAYS,
  DATA_AVAILABILITY_NOT_SET,
  DATA_GATHERING_FREQUENCIES,
  ordinalBusinessDay,
} from '@tideline/contracts/banks/bank-lists';
import {
  BANK_MSG,
  BankInputSchema,
  type Bank,
  type BankInput,
  type BankInputParsed,
} from '@tideline/contracts/banks/banks.schemas';
import { DEFAULT_DATA_GATHERING_FREQUENCY } from '@tideline/contracts/clients/client-lists';
import { ControlledSelect, type SelectOption } from '../../components/controlled-select';
import { DuplicateNameDialog } from '../../components/duplicate-name-dialog';
import { useDuplicateNameCheck } from '../../components/use-duplicate-name-check';
import { FormTextField } from '../../components/form-text-field';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { useCreateBank, useUpdateBank } from './banks.mutations';
import { bankQueries } from './banks.queries';
import { SaveCancelActions } from '../../components/save-cancel-actions';

const FORM_FIELDS = [
  'bankName',
  'assetSize',
  'status',
  'defaultDataGatheringFrequency',
  'dataAvailabilityDate',
  'fdicCode',
  'institutionTypeId',
] as const satisfies readonly (keyof BankInput)[];

const NOT_SET = 'not-set';
const STATUS_OPTIONS: SelectOption[] = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];
const MENU_PROPS = { slotProps: { paper: { sx: { maxHeight: 200 } } } };

function defaultsOf(bank: Bank | undefined): DefaultValues<BankInput> {
  if (!bank) {
    return {
      bankName: '',
      assetSize: '',
      status: 1,
      defaultDataGatheringFrequency: DEFAULT_DATA_GATHERING_FREQUENCY,
      dataAvailabilityDate: '',
      fdicCode: '',
      institutionTypeId: null,
    };
  }
  return {
    bankName: bank.bankName,
    assetSize: String(bank.assetSize),
    status: bank.status,
    defaultDataGatheringFrequency: bank.defaultDataGatheringFrequency,
    dataAvailabilityDate: bank.dataAvailabilityDate,
    fdicCode: bank.fdicCode ?? '',
    institutionTypeId: bank.institutionTypeId,
  };
}

/** The fields of the Add/Edit Bank dialog (spec 3, 5) and what saving does. */
export function BankForm({ bank, onDone }: { bank?: Bank; onDone: () => void }) {
  const canDeactivate = useCan('DEACTIVATE_BANKS');
  const queryClient = useQueryClient();
  const frequencies = useQuery(bankQueries.dataGatheringValues());
  const institutionTypes = useQuery(bankQueries.institutionTypes());
  const createBank = useCreateBank();
  const updateBank = useUpdateBank();
  const isPending = createBank.isPending || updateBank.isPending;
  const sameName = useDuplicateNameCheck<BankInput>({
    what: 'banks',
    loadOthers: async () =>
      (await queryClient.fetchQuery(bankQueries.all())).map((b) => ({ id: b.bankId, name: b.bankName })),
    current: bank && { id: bank.bankId, name: bank.bankName },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankInput, unknown, BankInputParsed>({
    resolver: zodResolver(BankInputSchema),
    defaultValues: defaultsOf(bank),
  });

  const send = (body: BankInput) => {
    const fallback = bank ? BANK_MSG.editFailed : BANK_MSG.createFailed;
    const onError = (error: unknown) => {
      sameName.release();
      const fieldErrors = fieldErrorsOf(error, 'bank');
      for (const field of FORM_FIELDS) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' });
    };
    const onSuccess = ({ msg }: { msg?: string }) => {
      enqueueSnackbar(msg ?? (bank ? BANK_MSG.updated : BANK_MSG.created), { variant: 'success' });
      onDone();
    };
    if (bank) updateBank.mutate({ bankId: bank.bankId, bank: body }, { onSuccess, onError });
    else createBank.mutate(body, { onSuccess, onError });
  };

  const save = async (values: BankInputParsed) => {
    const body: BankInput = { ...values, status: canDeactivate ? values.status : undefined };
    // platform.md 5: a case-insensitive clash asks first; on edit only if the name changed.
    await sameName.checkThenSend(values.bankName, body, send);
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(save)}>
      <DialogContent sx={{ pt: 0 }}>
        <FormTextField
          registration={register('bankName')}
          label="Bank Name"
          autoFocus
          error={errors.bankName?.message}
          inputProps={{ maxLength: 120 }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <FormTextField
            registration={register('assetSize')}
            label="Asset Size (m)"
            error={errors.assetSize?.message}
            inputProps={{ inputMode: 'decimal', maxLength: 15 }}
          />
          <FormTextField
            registration={register('fdicCode')}
            label="FDIC Code"
            error={errors.fdicCode?.message}
            inputProps={{ maxLength: 20 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <ControlledSelect
            control={control}
            name="defaultDataGatheringFrequency"
            label="Default Data Gathering Frequency"
            options={(frequencies.data ?? DATA_GATHERING_FREQUENCIES).map((n) => ({
              value: n,
              label: `${n} ${n === 1 ? 'month' : 'months'}`,
            }))}
          />
          <Controller
            control={control}
            name="dataAvailabilityDate"
            render={({ field, fieldState }) => (
              <TextField
                select
                fullWidth
                margin="normal"
                label="Data Availability Date"
                name={field.name}
                inputRef={field.ref}
                value={field.value === null ? NOT_SET : ((field.value as number | string | undefined) ?? '')}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value === NOT_SET ? null : Number(e.target.value))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Business day of the month'}
                slotProps={{ select: { MenuProps: MENU_PROPS } }}
              >
                <MenuItem value={NOT_SET}>{DATA_AVAILABILITY_NOT_SET}</MenuItem>
                {DATA_AVAILABILITY_DAYS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {ordinalBusinessDay(d)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <Controller
          control={control}
          name="institutionTypeId"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              margin="normal"
              label="Institution Type"
              name={field.name}
              inputRef={field.ref}
              value={(field.value as number | null | undefined) ?? ''}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              slotProps={{ select: { MenuProps: MENU_PROPS } }}
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {(institutionTypes.data ?? []).map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
              {bank?.institutionTypeId != null &&
                !(institutionTypes.data ?? []).some((t) => t.value === bank.institutionTypeId) && (
                  <MenuItem value={bank.institutionTypeId}>{bank.institutionType ?? 'Current type'}</MenuItem>
                )}
            </TextField>
          )}
        />
        {canDeactivate && (
          <ControlledSelect control={control} name="status" label="Status" options={STATUS_OPTIONS} />
        )}
      </DialogContent>
      <SaveCancelActions onCancel={onDone} isSaving={isPending} isBusy={sameName.isChecking} />
      {sameName.heldBack && (
        <DuplicateNameDialog
          kind="Bank"
          name={sameName.heldBack.bankName.trim()}
          isPending={isPending}
          onBack={sameName.release}
          onContinue={() => send(sameName.heldBack!)}
        />
      )}
    </Box>
  );
}
