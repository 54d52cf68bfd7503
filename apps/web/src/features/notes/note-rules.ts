import type { Note } from '@tideline/contracts/notes/notes.schemas';

/**
 * platform.md 4.4: the author or a tagged user may resolve and restore a note without the permission.
 * Only hides buttons; the server decides.
 */
export function isOwnNote(note: Note, userId: number | undefined): boolean {
  return userId !== undefined && (note.authorId === userId || note.taggedUserIds.includes(userId));
}
