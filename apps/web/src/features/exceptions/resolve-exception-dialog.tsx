import { useState } from 'react';
import TextField from '@mui/material/TextField';
import {
  ResolveExceptionSchema,
  type ExceptionItem,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import { ExceptionActionDialog } from './exception-action-dialog';
import { EXCEPTION_TEXTS } from './exception-texts';
import { useResolveException } from './exceptions.mutations';
import { messagesByField, useExceptionAction } from './use-exception-action';

/** Resolve with a note, required (issue 43 point 2); the note is kept in the exception's history. */
export function ResolveExceptionDialog({
  exception,
  onClose,
}: {
  exception: ExceptionItem;
  onClose: () => void;
}) {
  const action = useExceptionAction(
    useResolveException(),
    exception.exceptionId,
    EXCEPTION_TEXTS.resolve,
    onClose,
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = ResolveExceptionSchema.safeParse({ note });
    setErrors(parsed.success ? {} : messagesByField(parsed.error));
    if (parsed.success) action.run(parsed.data);
  };
  const noteError = errors.note ?? action.serverFieldErrors.note;
  return (
    <ExceptionActionDialog
      title="Resolve Exception"
      submitLabel="Resolve"
      exception={exception}
      isPending={action.isPending}
      serverError={action.serverError}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        required
        autoFocus
        fullWidth
        multiline
        minRows={3}
        margin="normal"
        error={Boolean(noteError)}
        helperText={noteError ?? 'What was done, kept in its history.'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </ExceptionActionDialog>
  );
}
