import { NOTE_MSG, type NoteComment } from '@tideline/contracts/notes/notes.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { notFound } from '../../platform/http/app-error';
import { assertActive, assertMayChangeComment, assertReadable } from './note-rules';
import * as q from './notes.queries';

async function lockNote(tx: DbOrTx, user: CurrentUser, noteId: number, missingMsg: string) {
  const [locked] = await q.selectNotesForUpdate(tx, [noteId], q.whereNoteVisible(user));
  if (!locked) throw notFound(missingMsg);
  assertReadable(user, locked);
  return locked;
}

async function describeComment(db: DbOrTx, commentId: number): Promise<NoteComment> {
  const [row] = await q.selectComments(db, q.commentById(commentId));
  return { ...row!, updatedAt: row!.updatedAt.toISOString() };
}

// platform.md 2.10, 4.4: anyone who can see an active note may comment; the comment's author, or a
// holder of EDIT_COMMENTS / DELETE_COMMENTS, may change or remove it; resolved notes are read-only.
export function createNoteCommentsService(deps: { db: Db }) {
  const { db } = deps;

  /** The comment and its note, locked, if the user can see the note; 'Comment not found.' otherwise. */
  async function lockComment(tx: DbOrTx, user: CurrentUser, commentId: number) {
    const comment = await q.selectCommentForUpdate(tx, commentId);
    if (!comment) throw notFound(NOTE_MSG.commentNotFound);
    const note = await lockNote(tx, user, comment.noteId, NOTE_MSG.commentNotFound);
    assertActive(note);
    return comment;
  }

  return {
    /** GET /comments/all/{noteId}: newest first. */
    async listComments(user: CurrentUser, noteId: number): Promise<NoteComment[]> {
      const [note] = await q.selectNoteFacts(db, [noteId], q.whereNoteVisible(user));
      assertReadable(user, note);
      const rows = await q.selectComments(db, q.commentsOfNote(noteId));
      return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
    },

    async addComment(
      user: CurrentUser,
      input: { noteId: number; comment: string },
      ctx: AuditContext,
    ): Promise<NoteComment> {
      const commentId = await db.transaction(async (tx) => {
        assertActive(await lockNote(tx, user, input.noteId, NOTE_MSG.notFound));
        const row = await q.insertComment(tx, { ...input, authorId: user.userId });
        await writeAudit(tx, ctx, {
          action: 'note-comment.created',
          entity: 'note_comment',
          entityId: row.commentId,
          after: { noteId: row.noteId, comment: row.comment },
        });
        return row.commentId;
      });
      return describeComment(db, commentId);
    },

    async editComment(user: CurrentUser, commentId: number, text: string, ctx: AuditContext) {
      await db.transaction(async (tx) => {
        const before = await lockComment(tx, user, commentId);
        assertMayChangeComment(user, before, 'EDIT_COMMENTS');
        await q.updateComment(tx, commentId, text);
        await writeAudit(tx, ctx, {
          action: 'note-comment.updated',
          entity: 'note_comment',
          entityId: commentId,
          before: { comment: before.comment },
          after: { comment: text },
        });
      });
      return describeComment(db, commentId);
    },

    async deleteComment(user: CurrentUser, commentId: number, ctx: AuditContext): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockComment(tx, user, commentId);
        assertMayChangeComment(user, before, 'DELETE_COMMENTS');
        await q.deleteComment(tx, commentId);
        await writeAudit(tx, ctx, {
          action: 'note-comment.deleted',
          entity: 'note_comment',
          entityId: commentId,
          before: { noteId: before.noteId, authorId: before.authorId, comment: before.comment },
        });
      });
    },
  };
}
