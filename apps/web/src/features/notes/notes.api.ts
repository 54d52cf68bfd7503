import { MessageSchema } from '@tideline/contracts/common/errors';
import {
  NoteCategoryOptionSchema,
  NoteCommentSchema,
  NoteSchema,
  type Note,
  type NoteComment,
  type NoteInput,
} from '@tideline/contracts/notes/notes.schemas';
import { UserOptionSchema, type UserOption } from '@tideline/contracts/users/users.schemas';
import { apiRequest } from '../../lib/api-client';

// platform.md 7 "Notes" (prefix /api/notes). Writes answer the server's msg for the success toast.

/** Which notes a table lists: every active note, a client's, an account's, a batch's, or the resolved ones. */
export type NotesScope =
  | { kind: 'all' }
  | { kind: 'client'; clientId: number }
  | { kind: 'account'; accountId: number }
  | { kind: 'batch'; batchId: number }
  | { kind: 'resolved' };

function messageOf(answer: unknown): string | undefined {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
}

function pathOf(scope: NotesScope): string {
  switch (scope.kind) {
    case 'all':
      return '/notes/all';
    case 'client':
      return `/notes/client/${scope.clientId}`;
    case 'account':
      return `/notes/account/${scope.accountId}`;
    case 'batch':
      return `/notes/batch/${scope.batchId}`;
    case 'resolved':
      return '/notes/resolve';
  }
}

export async function fetchNotes(scope: NotesScope): Promise<Note[]> {
  return NoteSchema.array().parse(await apiRequest(pathOf(scope)));
}

export async function addNote(note: NoteInput): Promise<string | undefined> {
  return messageOf(await apiRequest('/notes/add', { method: 'POST', body: { note } }));
}

export async function updateNote(noteId: number, note: NoteInput): Promise<string | undefined> {
  return messageOf(await apiRequest(`/notes/${noteId}`, { method: 'PUT', body: { note } }));
}

export async function resolveNotes(ids: number[]): Promise<string | undefined> {
  return messageOf(await apiRequest('/notes/resolve', { method: 'PUT', body: { note: { ids } } }));
}

export async function restoreNotes(ids: number[]): Promise<string | undefined> {
  return messageOf(await apiRequest('/notes/restore', { method: 'PUT', body: { note: { ids } } }));
}

export async function deleteNotes(noteIds: number[]): Promise<string | undefined> {
  return messageOf(await apiRequest('/notes/remove', { method: 'DELETE', body: { note: { noteIds } } }));
}

export async function fetchComments(noteId: number): Promise<NoteComment[]> {
  return NoteCommentSchema.array().parse(await apiRequest(`/notes/comments/all/${noteId}`));
}

export async function addComment(noteId: number, comment: string): Promise<string | undefined> {
  return messageOf(
    await apiRequest('/notes/comments', { method: 'POST', body: { note: { comment, noteId } } }),
  );
}

export async function updateComment(commentId: number, comment: string): Promise<string | undefined> {
  return messageOf(
    await apiRequest(`/notes/comments/${commentId}`, { method: 'PUT', body: { note: { comment } } }),
  );
}

export async function deleteComment(commentId: number): Promise<string | undefined> {
  return messageOf(await apiRequest(`/notes/comments/${commentId}`, { method: 'DELETE' }));
}

/** The active note categories a note can be given. */
export async function fetchCategoryOptions() {
  return NoteCategoryOptionSchema.array().parse(await apiRequest('/notes/categories/list'));
}

/** Who can be tagged (the server refuses users who could not see the note). */
export async function fetchUserOptions(): Promise<UserOption[]> {
  return UserOptionSchema.array().parse(await apiRequest('/users/list'));
}
