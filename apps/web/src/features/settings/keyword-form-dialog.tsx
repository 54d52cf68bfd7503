import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  KEYWORD_MSG,
  KeywordInputSchema,
  type Keyword,
  type KeywordInput,
  type KeywordInputParsed,
} from '@tideline/contracts/settings/keywords.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { FormTextField } from '../../components/form-text-field';
import { ApiError } from '../../lib/api-client';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useSaveKeyword } from './settings.mutations';
import { settingsQueries } from './settings.queries';
import { SaveCancelActions } from '../../components/save-cancel-actions';

/** Add/Edit Keyword (platform.md 5: keywordName and keywordCategory required). */
export function KeywordFormDialog({ keyword, onClose }: { keyword: Keyword | null; onClose: () => void }) {
  const titleId = useId();
  const categories = useQuery(settingsQueries.keywordCategories());
  const save = useSaveKeyword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<KeywordInput, unknown, KeywordInputParsed>({
    resolver: zodResolver(KeywordInputSchema),
    defaultValues: {
      keywordName: keyword?.keywordName ?? '',
      keywordCategoryId: keyword?.keywordCategoryId ?? '',
    },
  });
  // Inactive categories leave the choices, except the one the keyword already has.
  const options = (categories.data ?? [])
    .filter((c) => c.status === 1 || c.id === keyword?.keywordCategoryId)
    .map((c) => ({ value: c.id, label: c.name }));

  const submit = (values: KeywordInputParsed) =>
    save.mutate(
      { keywordId: keyword?.keywordId ?? null, keyword: values },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg ?? (keyword ? KEYWORD_MSG.updated : KEYWORD_MSG.created), {
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          const text = failureMessage(error, keyword ? KEYWORD_MSG.editFailed : KEYWORD_MSG.createFailed);
          const fields = fieldErrorsOf(error, 'keyword');
          if (error instanceof ApiError && error.status === 409) setError('keywordName', { message: text });
          if (fields.keywordCategoryId) setError('keywordCategoryId', { message: fields.keywordCategoryId });
          enqueueSnackbar(text, { variant: 'error' });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{keyword ? 'Edit Keyword' : 'Add Keyword'}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <FormTextField
            registration={register('keywordName')}
            label="Keyword Name"
            autoFocus
            error={errors.keywordName?.message}
            inputProps={{ maxLength: 120 }}
          />
          <ControlledSelect
            control={control}
            name="keywordCategoryId"
            label="Keyword Category"
            options={options}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={save.isPending} />
      </Box>
    </Dialog>
  );
}
