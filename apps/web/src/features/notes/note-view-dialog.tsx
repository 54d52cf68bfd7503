import { useId } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Note } from '@tideline/contracts/notes/notes.schemas';
import { formatDate } from '../../lib/format';
import { NoteComments } from './note-comments';

function ChipRow({ label, values }: { label: string; values: readonly string[] }) {
  if (values.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
      <Typography variant="body2" color="text.secondary">
        {label}:
      </Typography>
      {values.map((v) => (
        <Chip key={v} label={v} size="small" />
      ))}
    </Stack>
  );
}

/** What the user may do from the dialog; an absent handler hides its button. */
export interface NoteViewActions {
  onEdit?: () => void;
  onResolve?: () => void;
  onRestore?: () => void;
  onDelete?: () => void;
}

/**
 * View Note (platform.md 2.10, 4.4): the note, then its comments. A resolved note is read-only: the
 * comment input, Edit and Resolve are disabled; only Restore, Delete and Close are offered.
 */
export function NoteViewDialog({
  note,
  actions,
  onClose,
}: {
  note: Note;
  actions: NoteViewActions;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {note.noteTitle}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            {note.author} · {formatDate(note.createdAt)}
            {note.userReference ? ` · ${note.userReference}` : ''}
            {note.isResolved && ` · Resolved${note.resolvedBy ? ` by ${note.resolvedBy}` : ''}`}
          </Typography>
          {/* A long unbroken word (a URL, a reference) breaks anywhere rather than widening the dialog. */}
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.noteDescription}
          </Typography>
          <ChipRow label="Categories" values={note.noteCategoryNames} />
          <ChipRow label="User Tags" values={note.taggedUsers} />
          <Divider />
          <NoteComments noteId={note.noteId} isReadOnly={note.isResolved} />
        </Stack>
      </DialogContent>
      <DialogActions>
        {note.isResolved ? (
          <>
            {actions.onRestore && <Button onClick={actions.onRestore}>Restore</Button>}
            {actions.onDelete && (
              <Button color="error" onClick={actions.onDelete}>
                Delete
              </Button>
            )}
          </>
        ) : (
          <>
            {actions.onEdit && <Button onClick={actions.onEdit}>Edit</Button>}
            {actions.onResolve && <Button onClick={actions.onResolve}>Resolve</Button>}
          </>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
