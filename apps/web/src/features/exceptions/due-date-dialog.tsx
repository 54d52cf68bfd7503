import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import { describeOutOfRange, findPickerLimits, isOutOfRange } from '../../components/date-limits';
import { ExceptionActionDialog } from './exception-action-dialog';
import { EXCEPTION_TEXTS } from './exception-texts';
import { useSetExceptionDueDate } from './exceptions.mutations';
import { useExceptionAction } from './use-exception-action';

/** Move an exception's due date, or clear it (an empty date). */
export function DueDateDialog({ exception, onClose }: { exception: ExceptionItem; onClose: () => void }) {
  const action = useExceptionAction(
    useSetExceptionDueDate(),
    exception.exceptionId,
    EXCEPTION_TEXTS.dueDate,
    onClose,
  );
  // platform.md 5: the picker offers 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const [dueDate, setDueDate] = useState(exception.dueDate?.slice(0, 10) ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const outside = isOutOfRange(dueDate, limits);
    setError(outside ? describeOutOfRange(limits) : null);
    if (!outside) action.run({ dueDate: dueDate === '' ? null : dueDate });
  };
  const shownError = error ?? action.serverFieldErrors.dueDate;
  return (
    <ExceptionActionDialog
      title="Due Date"
      submitLabel="Save"
      exception={exception}
      isPending={action.isPending}
      serverError={action.serverError}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Due date"
        type="date"
        value={dueDate}
        onChange={(e) => setDueDate(e.target.value)}
        autoFocus
        fullWidth
        margin="normal"
        error={Boolean(shownError)}
        helperText={shownError ?? 'Leave empty for no due date.'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
      />
    </ExceptionActionDialog>
  );
}
