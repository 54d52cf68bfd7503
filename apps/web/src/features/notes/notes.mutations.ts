import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NoteInput } from '@tideline/contracts/notes/notes.schemas';
import {
  addComment,
  addNote,
  deleteComment,
  deleteNotes,
  resolveNotes,
  restoreNotes,
  updateComment,
  updateNote,
} from './notes.api';
import { noteQueries } from './notes.queries';

// platform.md 7: after a write the affected lists refresh. A note moves between the active lists and
// the resolved one, and its comment count shows in every list, so every notes list refreshes.
const refreshNotes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: noteQueries.lists() });

export function useSaveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, note }: { noteId?: number; note: NoteInput }) =>
      noteId === undefined ? addNote(note) : updateNote(noteId, note),
    onSuccess: () => refreshNotes(queryClient),
  });
}

/** Resolve, restore or delete several notes at once (all or nothing on the server). */
export function useChangeNotes(change: 'resolve' | 'restore' | 'delete') {
  const queryClient = useQueryClient();
  const request = { resolve: resolveNotes, restore: restoreNotes, delete: deleteNotes }[change];
  return useMutation({ mutationFn: request, onSuccess: () => refreshNotes(queryClient) });
}

export function useSaveComment(noteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, comment }: { commentId?: number; comment: string }) =>
      commentId === undefined ? addComment(noteId, comment) : updateComment(commentId, comment),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noteQueries.comments(noteId).queryKey }),
        refreshNotes(queryClient),
      ]),
  });
}

export function useDeleteComment(noteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(commentId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noteQueries.comments(noteId).queryKey }),
        refreshNotes(queryClient),
      ]),
  });
}
