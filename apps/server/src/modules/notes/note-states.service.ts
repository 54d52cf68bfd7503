import type { Db, DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { assertAllFound, assertMayResolve, assertReadable, assertState } from './note-rules';
import * as q from './notes.queries';

/** Locks every note named, all or nothing: an id the user cannot see fails the whole action with 404. */
async function lockNotes(tx: DbOrTx, user: CurrentUser, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await q.selectNotesForUpdate(tx, unique, q.whereNoteVisible(user));
  assertAllFound(unique, found);
  for (const n of found) assertReadable(user, n);
  return found;
}

// platform.md 4.4: active -> resolved -> restored (active again) or deleted, in bulk.
export function createNoteStatesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** PUT /resolve: active notes only; RESOLVE_NOTES, or the author, or a tagged user. */
    async resolveNotes(user: CurrentUser, ids: readonly number[], ctx: AuditContext): Promise<number> {
      return db.transaction(async (tx) => {
        const found = await lockNotes(tx, user, ids);
        assertState(found, false);
        for (const n of found) assertMayResolve(user, n, 'RESOLVE_NOTES');
        const noteIds = found.map((n) => n.note.noteId);
        await q.setResolved(tx, noteIds, user.userId);
        for (const id of noteIds)
          await writeAudit(tx, ctx, {
            action: 'note.resolved',
            entity: 'note',
            entityId: id,
            before: { isResolved: false },
            after: { isResolved: true },
          });
        return noteIds.length;
      });
    },

    /** PUT /restore: resolved notes only; RESTORE_NOTES, or the author, or a tagged user. */
    async restoreNotes(user: CurrentUser, ids: readonly number[], ctx: AuditContext): Promise<number> {
      return db.transaction(async (tx) => {
        const found = await lockNotes(tx, user, ids);
        assertState(found, true);
        for (const n of found) assertMayResolve(user, n, 'RESTORE_NOTES');
        const noteIds = found.map((n) => n.note.noteId);
        await q.setResolved(tx, noteIds, null);
        for (const id of noteIds)
          await writeAudit(tx, ctx, {
            action: 'note.restored',
            entity: 'note',
            entityId: id,
            before: { isResolved: true },
            after: { isResolved: false },
          });
        return noteIds.length;
      });
    },

    /** DELETE /remove (DELETE_NOTES): only resolved notes, i.e. only from the resolved list. */
    async deleteNotes(user: CurrentUser, ids: readonly number[], ctx: AuditContext): Promise<number> {
      return db.transaction(async (tx) => {
        const found = await lockNotes(tx, user, ids);
        assertState(found, true);
        for (const { note, taggedUserIds } of found)
          await writeAudit(tx, ctx, {
            action: 'note.deleted',
            entity: 'note',
            entityId: note.noteId,
            before: {
              noteTitle: note.noteTitle,
              noteDescription: note.noteDescription,
              authorId: note.authorId,
              tableLinkedTo: note.tableLinkedTo,
              linkedId: note.linkedId,
              taggedUserIds,
            },
          });
        await q.deleteNotes(
          tx,
          found.map((n) => n.note.noteId),
        );
        return found.length;
      });
    },
  };
}
