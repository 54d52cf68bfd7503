import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import { EXCEPTION_TEXTS } from './exception-texts';
import { ExceptionActionDialog } from './exception-action-dialog';
import { useAssignException } from './exceptions.mutations';
import { exceptionQueries } from './exceptions.queries';
import { useExceptionAction } from './use-exception-action';

const NOBODY = '';

/** Give an exception an owner among those who may act on its client's exceptions, or nobody. */
export function AssignExceptionDialog({
  exception,
  onClose,
}: {
  exception: ExceptionItem;
  onClose: () => void;
}) {
  const action = useExceptionAction(
    useAssignException(),
    exception.exceptionId,
    EXCEPTION_TEXTS.assign,
    onClose,
  );
  const assignees = useQuery(exceptionQueries.assignees(exception.clientId));
  const [assigneeId, setAssigneeId] = useState<string>(
    exception.assigneeId === null ? NOBODY : String(exception.assigneeId),
  );
  const options = [...(assignees.data ?? [])];
  // The current owner stays shown even when they may no longer act, so the server can say so if kept.
  if (exception.assigneeId !== null && !options.some((o) => o.userId === exception.assigneeId))
    options.unshift({
      userId: exception.assigneeId,
      name: exception.assigneeName ?? String(exception.assigneeId),
    });
  const error = action.serverFieldErrors.assigneeId;
  return (
    <ExceptionActionDialog
      title="Assign Exception"
      submitLabel="Save"
      exception={exception}
      isPending={action.isPending}
      serverError={action.serverError}
      onSubmit={() => action.run({ assigneeId: assigneeId === NOBODY ? null : Number(assigneeId) })}
      onClose={onClose}
    >
      <TextField
        select
        label="Owner"
        value={assigneeId}
        onChange={(e) => setAssigneeId(e.target.value)}
        disabled={assignees.isLoading}
        fullWidth
        margin="normal"
        error={Boolean(error)}
        helperText={error}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
      >
        <MenuItem value={NOBODY}>Nobody</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.userId} value={String(o.userId)}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    </ExceptionActionDialog>
  );
}
