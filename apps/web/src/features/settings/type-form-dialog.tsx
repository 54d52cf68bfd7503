import { useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  KeywordCategoryFormSchema,
  settingTypeFormSchema,
} from '@tideline/contracts/settings/setting-types.schemas';
import { ControlledSelect, type SelectOption } from '../../components/controlled-select';
import { FormTextField } from '../../components/form-text-field';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { useSaveSettingType } from './settings.mutations';
import type { SettingTypeRow } from './settings.api';
import type { TypesTableConfig } from './types-tables';
import { SaveCancelActions } from '../../components/save-cancel-actions';

interface TypeFormValues {
  name: string;
  status: 0 | 1;
  rank?: number | string;
  callable?: boolean;
}

const STATUS_OPTIONS: SelectOption[] = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];

/**
 * Add/Edit of every types table. Creation sends the name only; edit sends the status too, which only
 * a user who may deactivate can change (platform.md 4.5).
 */
export function TypeFormDialog({
  config,
  row,
  onClose,
}: {
  config: TypesTableConfig;
  row: SettingTypeRow | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const canChangeStatus = useCan(config.permissions.deactivate);
  const save = useSaveSettingType(config);
  const schema = config.hasRank ? KeywordCategoryFormSchema : settingTypeFormSchema(config.nameRequired);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TypeFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<TypeFormValues>,
    defaultValues: {
      name: row?.name ?? '',
      status: row?.status ?? 1,
      rank: row?.rank ?? '',
      callable: row?.callable ?? false,
    },
  });

  const submit = (values: TypeFormValues) => {
    const fallback = row ? config.msg.editFailed : config.msg.createFailed;
    save.mutate(
      {
        id: row?.id ?? null,
        values: {
          name: values.name,
          status: values.status,
          rank: config.hasRank ? Number(values.rank) : undefined,
          callable: config.hasCallable ? Boolean(values.callable) : undefined,
        },
      },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? (row ? config.msg.updated : config.msg.created), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const text = failureMessage(error, fallback);
          // A taken name (409) or a refused status (keyword category with keywords) points at its field.
          if (error instanceof ApiError && error.status === 409)
            setError(Object.keys(error.fieldErrors).some((k) => k.endsWith('status')) ? 'status' : 'name', {
              message: text,
            });
          enqueueSnackbar(text, { variant: 'error' });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{`${row ? 'Edit' : 'Add'} ${config.noun}`}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <FormTextField
            registration={register('name')}
            label={`${config.noun} Name`}
            autoFocus
            error={errors.name?.message}
            inputProps={{ maxLength: 120 }}
          />
          {config.hasRank && (
            <FormTextField
              registration={register('rank')}
              label="Rank"
              error={errors.rank?.message}
              inputProps={{ inputMode: 'numeric', maxLength: 15 }}
            />
          )}
          {config.hasCallable && (
            <FormControlLabel
              control={
                <Controller
                  control={control}
                  name="callable"
                  render={({ field }) => (
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    />
                  )}
                />
              }
              label="Callable"
            />
          )}
          {row && (
            <ControlledSelect
              control={control}
              name="status"
              label="Status"
              options={STATUS_OPTIONS}
              disabled={!canChangeStatus}
            />
          )}
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={save.isPending} />
      </Box>
    </Dialog>
  );
}
