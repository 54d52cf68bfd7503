import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import {
  NOTE_MSG,
  NoteInputSchema,
  type Note,
  type NoteInput,
  type NoteLinkTable,
} from '@tideline/contracts/notes/notes.schemas';
import { FormTextField } from '../../components/form-text-field';
import { fieldErrorsOf } from '../../lib/api-messages';
import { toastOutcome } from '../../lib/mutation-toasts';
import { MultiPickField, withSaved } from '../../components/multi-pick-field';
import { useSaveNote } from './notes.mutations';
import { noteQueries } from './notes.queries';
import { SaveCancelActions } from '../../components/save-cancel-actions';

type FormValues = z.input<typeof NoteInputSchema>;

/** The record a new note is linked to (platform.md 3 "Note": tableLinkedTo + linkedId). */
export interface NoteLink {
  tableLinkedTo: NoteLinkTable;
  linkedId: number;
}

const FORM_FIELDS = ['noteTitle', 'noteDescription', 'categoriesList', 'taggedUsersList'] as const;

function defaultsOf(note: Note | undefined, link: NoteLink | undefined): FormValues {
  if (!note) {
    return { ...link, noteTitle: '', noteDescription: '', categoriesList: [], taggedUsersList: [] };
  }
  // Editing keeps the note's link (the server ignores a change), so the note's own is sent back.
  return {
    tableLinkedTo: note.tableLinkedTo,
    linkedId: note.linkedId,
    noteTitle: note.noteTitle,
    noteDescription: note.noteDescription,
    categoriesList: note.noteCategoryIds,
    taggedUsersList: note.taggedUserIds,
  };
}

/** Add/Edit Note (platform.md 2.10, 5): title, description, categories and tagged users. */
export function NoteFormDialog({
  note,
  link,
  onClose,
}: {
  note?: Note;
  /** Where a new note is added from; none on the dashboard. */
  link?: NoteLink;
  onClose: () => void;
}) {
  const titleId = useId();
  const categories = useQuery(noteQueries.categoryOptions());
  const users = useQuery(noteQueries.userOptions());
  const saveNote = useSaveNote();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, NoteInput>({
    resolver: zodResolver(NoteInputSchema),
    defaultValues: defaultsOf(note, link),
  });

  const categoryOptions = withSaved(
    (categories.data ?? []).map((c) => ({ id: c.noteCategoryId, label: c.noteCategoryName })),
    note?.noteCategoryIds ?? [],
    note?.noteCategoryNames ?? [],
  );
  const userOptions = withSaved(
    (users.data ?? []).map((u) => ({ id: u.userId, label: `${u.firstName} ${u.lastName}` })),
    note?.taggedUserIds ?? [],
    note?.taggedUsers ?? [],
  );

  const save = (input: NoteInput) => {
    const texts = note
      ? { success: NOTE_MSG.updated, failure: NOTE_MSG.updateFailed }
      : { success: NOTE_MSG.added, failure: NOTE_MSG.addFailed };
    const outcome = toastOutcome(texts, onClose);
    saveNote.mutate(
      { noteId: note?.noteId, note: input },
      {
        onSuccess: outcome.onSuccess,
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, 'note');
          for (const field of FORM_FIELDS) {
            if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
          }
          outcome.onError(error);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{note ? 'Edit Note' : 'Add Note'}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(save)}>
        <DialogContent sx={{ pt: 0 }}>
          <FormTextField
            registration={register('noteTitle')}
            label="Title"
            error={errors.noteTitle?.message}
            inputProps={{ maxLength: 120 }}
          />
          <TextField
            {...register('noteDescription')}
            fullWidth
            multiline
            minRows={4}
            margin="normal"
            label="Description"
            error={Boolean(errors.noteDescription)}
            helperText={errors.noteDescription?.message}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <Controller
            control={control}
            name="categoriesList"
            render={({ field, fieldState }) => (
              <MultiPickField
                label="Categories"
                options={categoryOptions}
                value={field.value ?? []}
                onChange={field.onChange}
                isLoading={categories.isLoading}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="taggedUsersList"
            render={({ field, fieldState }) => (
              <MultiPickField
                label="Tag Users"
                options={userOptions}
                value={field.value ?? []}
                onChange={field.onChange}
                isLoading={users.isLoading}
                error={fieldState.error?.message}
              />
            )}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={saveNote.isPending} />
      </Box>
    </Dialog>
  );
}
