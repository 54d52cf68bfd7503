import { useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import {
  TREASURY_LIST_INPUTS,
  TREASURY_LISTS,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import { ControlledSelect, type SelectOption } from '../../components/controlled-select';
import { FormTextField } from '../../components/form-text-field';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/api-messages';
import type { TreasuryListConfig, TreasuryListRow } from './treasury-list-configs';
import { useSaveTreasuryListEntry } from './treasury-lists.mutations';

interface FormValues {
  name: string;
  isRate: boolean;
  description: string;
  code: string;
  categoryId: number | '';
}

/**
 * Add/Edit of one treasury list's entry: the name and the list's own fields. A sub category is added to
 * a category and stays there (edit shows no category).
 */
export function TreasuryListFormDialog({
  config,
  row,
  categories,
  onClose,
}: {
  config: TreasuryListConfig;
  row: TreasuryListRow | null;
  /** The fee categories, for a new sub category. */
  categories: readonly SelectOption[];
  onClose: () => void;
}) {
  const titleId = useId();
  const d = TREASURY_LISTS[config.kind];
  const save = useSaveTreasuryListEntry(config.kind);
  const mode = row ? 'edit' : 'create';
  const fields = config.fields.filter((f) => f !== 'categoryId' || !row);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(TREASURY_LIST_INPUTS[config.kind][mode]) as unknown as Resolver<FormValues>,
    defaultValues: {
      name: row?.name ?? '',
      isRate: row?.isRate ?? false,
      description: row?.description ?? '',
      code: row?.code ?? '',
      categoryId: row?.categoryId ?? '',
    },
  });

  // The resolver keeps only the list's own fields.
  const submit = (values: FormValues) =>
    save.mutate(
      { id: row?.id ?? null, values: values as unknown as Record<string, unknown> },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? (row ? d.msg.updated : d.msg.created), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const text = failureMessage(error, d.msg.saveFailed);
          // A taken name or code (409) points at its field.
          if (error instanceof ApiError && error.status === 409)
            setError(Object.keys(error.fieldErrors).some((k) => k.endsWith('.code')) ? 'code' : 'name', {
              message: text,
            });
          enqueueSnackbar(text, { variant: 'error' });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{`${row ? 'Edit' : 'Add'} ${d.noun}`}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          {fields.includes('categoryId') && (
            <ControlledSelect control={control} name="categoryId" label="Fee Category" options={categories} />
          )}
          {fields.includes('code') && (
            <FormTextField
              registration={register('code')}
              label={config.codeLabel ?? 'Code'}
              error={errors.code?.message}
              inputProps={{ maxLength: 20 }}
            />
          )}
          <FormTextField
            registration={register('name')}
            label={`${d.noun} Name`}
            autoFocus
            error={errors.name?.message}
            inputProps={{ maxLength: 120 }}
          />
          {fields.includes('description') && (
            <FormTextField
              registration={register('description')}
              label="Description"
              error={errors.description?.message}
              inputProps={{ maxLength: 500 }}
            />
          )}
          {fields.includes('isRate') && (
            <Controller
              control={control}
              name="isRate"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label="A rate (amounts shown as percentages)"
                />
              )}
            />
          )}
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={save.isPending} />
      </Box>
    </Dialog>
  );
}
