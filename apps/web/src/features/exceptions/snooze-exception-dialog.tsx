import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { MSG } from '@tideline/contracts/common/messages';
import { SnoozeExceptionSchema, type ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import { describeOutOfRange, findPickerLimits, isOutOfRange } from '../../components/date-limits';
import { ExceptionActionDialog } from './exception-action-dialog';
import { EXCEPTION_TEXTS } from './exception-texts';
import { useSnoozeException } from './exceptions.mutations';
import { messagesByField, useExceptionAction } from './use-exception-action';

/** Snooze until a day with a reason, both required (issue 43 point 2); it comes back on that day. */
export function SnoozeExceptionDialog({
  exception,
  onClose,
}: {
  exception: ExceptionItem;
  onClose: () => void;
}) {
  const action = useExceptionAction(
    useSnoozeException(),
    exception.exceptionId,
    EXCEPTION_TEXTS.snooze,
    onClose,
  );
  // platform.md 5: the picker offers 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const [until, setUntil] = useState(exception.snoozedUntil?.slice(0, 10) ?? '');
  const [reason, setReason] = useState(exception.snoozeReason ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = SnoozeExceptionSchema.safeParse({ until, reason });
    const found = parsed.success ? {} : messagesByField(parsed.error);
    if (until === '') found.until = MSG.required;
    else if (isOutOfRange(until, limits)) found.until = describeOutOfRange(limits);
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) action.run(parsed.data);
  };
  const untilError = errors.until ?? action.serverFieldErrors.until;
  const reasonError = errors.reason ?? action.serverFieldErrors.reason;
  return (
    <ExceptionActionDialog
      title="Snooze Exception"
      submitLabel="Snooze"
      exception={exception}
      isPending={action.isPending}
      serverError={action.serverError}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Until"
        type="date"
        value={until}
        onChange={(e) => setUntil(e.target.value)}
        required
        autoFocus
        fullWidth
        margin="normal"
        error={Boolean(untilError)}
        helperText={untilError}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
      />
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        error={Boolean(reasonError)}
        helperText={reasonError}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </ExceptionActionDialog>
  );
}
