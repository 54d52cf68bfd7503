import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import { FormError } from '../../components/form-error';

interface ExceptionActionDialogProps {
  title: string;
  submitLabel: string;
  exception: ExceptionItem;
  isPending: boolean;
  /** The server's msg of a refused submit; the fields keep what was typed. */
  serverError: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of every action on one exception: what it is about, the fields, Cancel and the action. */
export function ExceptionActionDialog({
  title,
  submitLabel,
  exception,
  isPending,
  serverError,
  onSubmit,
  onClose,
  children,
}: ExceptionActionDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isPending) onSubmit();
  };
  return (
    <Dialog
      open
      onClose={() => {
        if (!isPending) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 0 }}>
          <FormError message={serverError} />
          <DialogContentText sx={{ mb: 1 }}>
            {exception.clientName}: {exception.summary}
          </DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isPending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
