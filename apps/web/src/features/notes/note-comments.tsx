import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTE_MSG, type NoteComment } from '@tideline/contracts/notes/notes.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDate } from '../../lib/format';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useSessionStore } from '../../lib/session-store';
import { useCan } from '../../lib/use-can';
import { useDeleteComment, useSaveComment } from './notes.mutations';
import { noteQueries } from './notes.queries';

// platform.md 9: the comments list is a scrolling area 330px high.
const COMMENTS_HEIGHT = 330;

function CommentItem({
  comment,
  isReadOnly,
  onDelete,
}: {
  comment: NoteComment;
  isReadOnly: boolean;
  onDelete: (comment: NoteComment) => void;
}) {
  const userId = useSessionStore((s) => s.user?.userId);
  const isAuthor = comment.authorId === userId;
  // platform.md 4.4: the comment's author, or the edit / delete comment permission.
  const canEdit = useCan('EDIT_COMMENTS') || isAuthor;
  const canDelete = useCan('DELETE_COMMENTS') || isAuthor;
  const save = useSaveComment(comment.noteId);
  const [draft, setDraft] = useState<string | null>(null);

  const submit = () =>
    draft !== null &&
    save.mutate(
      { commentId: comment.commentId, comment: draft.trim() },
      toastOutcome({ success: NOTE_MSG.commentUpdated, failure: NOTE_MSG.commentUpdateFailed }, () =>
        setDraft(null),
      ),
    );

  return (
    <ListItem divider sx={{ display: 'block' }} aria-label={`Comment by ${comment.author}`}>
      <Typography variant="subtitle2" component="div">
        {comment.author}{' '}
        <Typography variant="caption" color="text.secondary" component="span">
          {formatDate(comment.updatedAt)}
        </Typography>
      </Typography>
      {draft === null ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.comment}
        </Typography>
      ) : (
        <TextField
          fullWidth
          multiline
          size="small"
          label="Edit comment"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      )}
      {!isReadOnly && (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          {draft === null ? (
            <>
              {canEdit && (
                <Button size="small" onClick={() => setDraft(comment.comment)}>
                  Edit
                </Button>
              )}
              {canDelete && (
                <Button size="small" color="error" onClick={() => onDelete(comment)}>
                  Delete
                </Button>
              )}
            </>
          ) : (
            <>
              <Button size="small" onClick={() => setDraft(null)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button
                size="small"
                variant="contained"
                onClick={submit}
                loading={save.isPending}
                disabled={draft.trim() === ''}
              >
                Save
              </Button>
            </>
          )}
        </Stack>
      )}
    </ListItem>
  );
}

/**
 * View Note's comments (platform.md 2.10, 4.4): a new comment above a 330px scrolling list. A resolved
 * note is read-only: the input is disabled and comments can be neither changed nor removed.
 */
export function NoteComments({ noteId, isReadOnly }: { noteId: number; isReadOnly: boolean }) {
  const comments = useQuery(noteQueries.comments(noteId));
  const save = useSaveComment(noteId);
  const remove = useDeleteComment(noteId);
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<NoteComment | null>(null);

  const add = () =>
    save.mutate(
      { comment: text.trim() },
      toastOutcome({ success: NOTE_MSG.commentAdded, failure: NOTE_MSG.commentAddFailed }, () => setText('')),
    );
  const confirmDelete = (comment: NoteComment) =>
    remove.mutate(
      comment.commentId,
      toastOutcome({ success: NOTE_MSG.commentDeleted, failure: NOTE_MSG.commentDeleteFailed }, () =>
        setDeleting(null),
      ),
    );

  return (
    <Box component="section" aria-label="Comments">
      <Typography variant="h6" component="h3">
        Comments
      </Typography>
      <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ mt: 1 }}>
        <TextField
          fullWidth
          multiline
          size="small"
          label="Add a comment"
          value={text}
          disabled={isReadOnly}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button
          variant="contained"
          onClick={add}
          disabled={isReadOnly || text.trim() === ''}
          loading={save.isPending}
        >
          Add Comment
        </Button>
      </Stack>
      <Box sx={{ height: COMMENTS_HEIGHT, overflowY: 'auto', mt: 1 }} data-testid="note-comments-list">
        {comments.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 4 }}>
            <CircularProgress aria-label="Loading comments" />
          </Box>
        ) : comments.data && comments.data.length > 0 ? (
          <List dense disablePadding>
            {comments.data.map((c) => (
              <CommentItem key={c.commentId} comment={c} isReadOnly={isReadOnly} onDelete={setDeleting} />
            ))}
          </List>
        ) : (
          <Box sx={{ textAlign: 'center', pt: 4 }}>
            <Typography variant="subtitle1">No comments found.</Typography>
            <Typography variant="body2" color="text.secondary">
              Add a new comment above.
            </Typography>
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Comment"
        message="This action cannot be undone."
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
