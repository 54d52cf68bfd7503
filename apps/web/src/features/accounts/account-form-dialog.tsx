import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACCOUNT_MSG,
  AccountInputSchema,
  type Account,
  type AccountInput,
  type AccountInputParsed,
} from '@tideline/contracts/accounts/accounts.schemas';
import { COLLECTION_TYPES, DATA_GATHERING_FREQUENCIES } from '@tideline/contracts/banks/bank-lists';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { accountQueries, clientContextQueries } from './accounts.queries';
import { useSaveAccount } from './accounts.mutations';
import { contractResolver } from './contract-resolver';
import { InheritableSelect } from './inheritable-select';
import { SaveCancelActions } from '../../components/save-cancel-actions';

const FORM_FIELDS = [
  'accountName',
  'accountNumber',
  'accountAlias',
  'accountType',
  'accountCategory',
  'bankId',
  'accountBalance',
  'accountBalanceDate',
  'accountClosed',
  'accountDateClosed',
  'dataGatheringFrequency',
  'collectionType',
] as const;
const DATE_FIELDS = ['accountBalanceDate', 'accountDateClosed'] as const;

const MENU = { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } };
const FREQUENCY_OPTIONS = DATA_GATHERING_FREQUENCIES.map((n) => ({
  value: n,
  label: n === 1 ? '1 month' : `${n} months`,
}));
const COLLECTION_OPTIONS = COLLECTION_TYPES.map((c) => ({ value: c, label: c }));
const frequencyLabel = (n: number | null | undefined) =>
  n == null ? null : (FREQUENCY_OPTIONS.find((o) => o.value === n)?.label ?? `${n} months`);

function defaultsOf(clientId: number, account: Account | undefined): DefaultValues<AccountInput> {
  return {
    clientId,
    accountName: account?.accountName ?? '',
    accountNumber: account?.accountNumber ?? '',
    accountAlias: account?.accountAlias ?? '',
    accountType: account?.accountType ?? '',
    accountCategory: account?.accountCategory ?? '',
    bankId: account?.bankId ?? '',
    accountBalance: account?.accountBalance == null ? '' : account.accountBalance.toFixed(2),
    accountBalanceDate: account?.accountBalanceDate ?? '',
    accountClosed: account?.accountClosed ?? '',
    accountDateClosed: account?.accountDateClosed ?? '',
    dataGatheringFrequency: account?.dataGatheringFrequency ?? null,
    // The account's own collection type only; an inherited one is shown as the default.
    collectionType: account && !account.inheritedCollectionType ? account.collectionType : null,
  };
}

interface AccountFormDialogProps {
  clientId: number;
  /** The account to edit or complete; none for 'Add New Account'. */
  account?: Account;
  onClose: () => void;
}

/** The Add/Edit Account dialog (spec 3, 4, 5): every rule comes from AccountInputSchema. */
export function AccountFormDialog({ clientId, account, onClose }: AccountFormDialogProps) {
  const titleId = useId();
  const types = useQuery(accountQueries.types());
  const categories = useQuery(accountQueries.categories());
  const banks = useQuery(clientContextQueries.banks(clientId));
  const frequencies = useQuery(clientContextQueries.bankFrequencies());
  const save = useSaveAccount(clientId);
  // platform.md 5: the date pickers offer 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<AccountInput, unknown, AccountInputParsed>({
    resolver: withDateLimits(contractResolver(AccountInputSchema), DATE_FIELDS, limits),
    defaultValues: defaultsOf(clientId, account),
  });
  const accountClosed = useWatch({ control, name: 'accountClosed' });
  const bankId = useWatch({ control, name: 'bankId' });
  const isClosed = accountClosed === 1;

  // What the account inherits from its bank: the relationship's collection type, the bank's frequency.
  const chosenBankId = typeof bankId === 'number' ? bankId : null;
  const relationship = banks.data?.find((b) => b.bankId === chosenBankId);
  const isSavedBank = account !== undefined && account.bankId === chosenBankId;
  const defaultCollection =
    relationship?.collectionType ?? (isSavedBank ? account.defaultCollectionType : null);
  const defaultFrequency =
    (chosenBankId !== null ? frequencies.data?.get(chosenBankId) : undefined) ??
    (isSavedBank ? account.bankDataGatheringFrequency : null);
  // A saved bank the relationships list no longer holds stays choosable.
  const bankOptions = [
    ...(banks.data ?? []).map((b) => ({ value: b.bankId, label: b.bankName })),
    ...(account?.bankId && account.bankName && !banks.data?.some((b) => b.bankId === account.bankId)
      ? [{ value: account.bankId, label: account.bankName }]
      : []),
  ];

  const submit = (values: AccountInputParsed) => {
    const fallback = account ? ACCOUNT_MSG.editFailed : ACCOUNT_MSG.createFailed;
    save.mutate(
      { accountId: account?.accountId, account: values },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? (account ? ACCOUNT_MSG.updated : ACCOUNT_MSG.created), {
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, 'account');
          for (const field of FORM_FIELDS) {
            if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
          }
          enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' });
        },
      },
    );
  };

  const choiceField = (
    name: 'accountType' | 'accountCategory' | 'bankId' | 'accountClosed',
    label: string,
    options: readonly { value: string | number; label: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="normal"
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(e) => {
            const chosen = options.find((o) => String(o.value) === String(e.target.value));
            field.onChange(chosen ? chosen.value : '');
            // Spec 4: the closed date is only there while the account is closed.
            if (name === 'accountClosed' && chosen?.value !== 1) setValue('accountDateClosed', '');
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ select: MENU }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const toOptions = (list: readonly string[] | undefined, saved: string | null | undefined) =>
    [...new Set([...(list ?? []), ...(saved ? [saved] : [])])].map((v) => ({ value: v, label: v }));

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{account ? 'Edit Account' : 'Add New Account'}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...register('accountName')}
              label="Account Name"
              fullWidth
              margin="normal"
              autoFocus
              error={Boolean(errors.accountName)}
              helperText={errors.accountName?.message}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <TextField
              {...register('accountNumber')}
              label="Account Number"
              fullWidth
              margin="normal"
              error={Boolean(errors.accountNumber)}
              helperText={errors.accountNumber?.message}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...register('accountAlias')}
              label="Account Alias"
              fullWidth
              margin="normal"
              error={Boolean(errors.accountAlias)}
              helperText={errors.accountAlias?.message}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            {choiceField('bankId', 'Bank', bankOptions)}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            {choiceField('accountType', 'Account Type', toOptions(types.data, account?.accountType))}
            {choiceField(
              'accountCategory',
              'Account Category',
              toOptions(categories.data, account?.accountCategory),
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...register('accountBalance')}
              label="Start Balance"
              fullWidth
              margin="normal"
              error={Boolean(errors.accountBalance)}
              helperText={errors.accountBalance?.message}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
            />
            <TextField
              {...register('accountBalanceDate')}
              label="Balance Date"
              type="date"
              fullWidth
              margin="normal"
              error={Boolean(errors.accountBalanceDate)}
              helperText={errors.accountBalanceDate?.message}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            {choiceField('accountClosed', 'Account Closed', [
              { value: 1, label: 'Yes' },
              { value: 0, label: 'No' },
            ])}
            <TextField
              {...register('accountDateClosed')}
              label="Account Closed Date"
              type="date"
              fullWidth
              margin="normal"
              disabled={!isClosed}
              error={Boolean(errors.accountDateClosed)}
              helperText={errors.accountDateClosed?.message}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <Controller
              control={control}
              name="dataGatheringFrequency"
              render={({ field, fieldState }) => (
                <InheritableSelect
                  label="Data Gathering Frequency"
                  name={field.name}
                  value={(field.value as number | null | undefined) ?? null}
                  options={FREQUENCY_OPTIONS}
                  defaultLabel={frequencyLabel(defaultFrequency)}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="collectionType"
              render={({ field, fieldState }) => (
                <InheritableSelect
                  label="Collection Type"
                  name={field.name}
                  value={(field.value as string | null | undefined) ?? null}
                  options={COLLECTION_OPTIONS}
                  defaultLabel={defaultCollection}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={save.isPending} />
      </Box>
    </Dialog>
  );
}
