import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { NotesScope } from './notes.api';
import { NotesTable } from './notes-table';

/** The Notes table of one record in a dialog (View Notes of a batch on the upload dashboard). */
export function NotesDialog({
  scope,
  title,
  onClose,
}: {
  scope: NotesScope;
  title: string;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <NotesTable scope={scope} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          CLOSE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
