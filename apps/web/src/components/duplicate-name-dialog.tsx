import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { duplicateNameWarning } from '@tideline/contracts/common/duplicate-name';

export interface DuplicateNameDialogProps {
  kind: 'Client' | 'Bank' | 'Investment Group';
  name: string;
  /** Saving after CONTINUE: the button spins and the dialog cannot be dismissed. */
  isPending?: boolean;
  /** BACK: return to the form, nothing is saved. */
  onBack: () => void;
  /** CONTINUE: save with the name anyway. */
  onContinue: () => void;
}

/**
 * platform.md 5 "Duplicate-name warning" (clients, banks, investment groups): another item already has
 * the name, ignoring case. The form decides when to ask (on edit only if the name changed).
 */
export function DuplicateNameDialog({
  kind,
  name,
  isPending = false,
  onBack,
  onContinue,
}: DuplicateNameDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open
      onClose={() => {
        if (!isPending) onBack();
      }}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Duplicate Name</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{duplicateNameWarning(kind, name)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={isPending}>
          BACK
        </Button>
        <Button variant="contained" onClick={onContinue} loading={isPending} autoFocus>
          CONTINUE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
