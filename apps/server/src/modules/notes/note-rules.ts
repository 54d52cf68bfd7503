import type { Permission } from '@tideline/contracts';
import { NOTE_MSG } from '@tideline/contracts/notes/notes.schemas';
import type { CurrentUser } from '../../platform/access/route-access';
import { conflict, forbidden, notFound } from '../../platform/http/app-error';

// platform.md 4.4, the per-note rules; the routes' permissions are the first gate, these the second.

interface NoteFacts {
  note: { authorId: number; isResolved: boolean };
  taggedUserIds: readonly number[];
}

const holds = (user: CurrentUser, permission: Permission) => user.permList.includes(permission);
const isAuthor = (user: CurrentUser, n: NoteFacts) => n.note.authorId === user.userId;
const isTagged = (user: CurrentUser, n: NoteFacts) => n.taggedUserIds.includes(user.userId);

/** A resolved note is shown only from the resolved list (VIEW_RESOLVED_NOTES) or to its author and tagged users. */
export function canReadNote(user: CurrentUser, n: NoteFacts): boolean {
  return !n.note.isResolved || holds(user, 'VIEW_RESOLVED_NOTES') || isAuthor(user, n) || isTagged(user, n);
}

export function assertReadable<T extends NoteFacts>(user: CurrentUser, n: T | undefined): asserts n is T {
  if (!n || !canReadNote(user, n)) throw notFound(NOTE_MSG.notFound);
}

/** Resolved notes are read-only: no edit, no comment added, changed or removed. */
export function assertActive(n: NoteFacts): void {
  if (n.note.isResolved) throw conflict(NOTE_MSG.readOnly);
}

/**
 * 4.4: "A user may resolve or restore a note if they hold the resolve permission or authored it; a
 * note may also be selected when the user is tagged" — so the author and tagged users may, and
 * otherwise RESOLVE_NOTES (resolving) or RESTORE_NOTES (restoring) is needed.
 */
export function assertMayResolve(user: CurrentUser, n: NoteFacts, permission: Permission) {
  if (!holds(user, permission) && !isAuthor(user, n) && !isTagged(user, n)) throw forbidden();
}

/** 4.4: the comment's author, or a holder of EDIT_COMMENTS / DELETE_COMMENTS. */
export function assertMayChangeComment(
  user: CurrentUser,
  comment: { authorId: number },
  permission: 'EDIT_COMMENTS' | 'DELETE_COMMENTS',
) {
  if (comment.authorId !== user.userId && !holds(user, permission)) throw forbidden();
}

/** Every id of a bulk action must name a note the user can see; otherwise the whole action is refused. */
export function assertAllFound(ids: readonly number[], found: readonly { note: { noteId: number } }[]) {
  const seen = new Set(found.map((n) => n.note.noteId));
  if (ids.some((id) => !seen.has(id))) throw notFound(NOTE_MSG.notFound);
}

/** Resolve takes active notes; restore and delete take resolved ones (delete only from the resolved list). */
export function assertState(found: readonly NoteFacts[], resolved: boolean) {
  if (found.some((n) => n.note.isResolved !== resolved))
    throw conflict(resolved ? NOTE_MSG.notResolved : NOTE_MSG.alreadyResolved);
}
