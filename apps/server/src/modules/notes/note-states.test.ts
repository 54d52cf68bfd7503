import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNote, createNoteWorld, type NoteWorld, noteIds } from '../../../test/note-fixtures';
import { call, createTestContext, type TestContext } from '../../../test/test-context';
import { auditLog } from '../../db/schema';

let ctx: TestContext;
let w: NoteWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await createNoteWorld(ctx);
});
afterAll(() => ctx.close());

describe('notes: resolve, restore, delete', () => {
  it('lets the author, a tagged user or RESOLVE_NOTES resolve, and makes resolved notes read-only', async () => {
    const note = await addNote(ctx, w.author, { taggedUsersList: [w.tagged.userId] });
    const body = { note: { ids: [note.noteId] } };
    const byOther = await call(ctx, 'PUT', '/api/notes/resolve', w.other, body);
    expect(byOther.statusCode).toBe(403);
    const byTagged = await call(ctx, 'PUT', '/api/notes/resolve', w.tagged, body);
    expect(byTagged.json()).toEqual({ msg: 'Note(s) resolved successfully.', count: 1 });
    expect((await call(ctx, 'PUT', '/api/notes/resolve', w.resolver, body)).statusCode).toBe(409);

    expect(noteIds(await call(ctx, 'GET', '/api/notes/all', w.author))).not.toContain(note.noteId);
    const resolved = await call(ctx, 'GET', '/api/notes/resolve', w.resolver);
    expect(resolved.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ noteId: note.noteId, isResolved: true })]),
    );
    // Read-only: no edit, no comment.
    const edit = await call(ctx, 'PUT', `/api/notes/${note.noteId}`, w.admin, {
      note: { noteTitle: 'x', noteDescription: 'y' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe('Resolved notes are read-only.');
    const comment = await call(ctx, 'POST', '/api/notes/comments', w.author, {
      note: { noteId: note.noteId, comment: 'late' },
    });
    expect(comment.statusCode).toBe(409);
    // Only the resolved list, the w.author and w.tagged users see a resolved note.
    expect((await call(ctx, 'GET', `/api/notes/${note.noteId}`, w.other)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/${note.noteId}`, w.tagged)).json()).toMatchObject({
      isResolved: true,
      resolvedBy: expect.stringContaining('Test'),
    });

    expect((await call(ctx, 'PUT', '/api/notes/restore', w.author, body)).json().count).toBe(1);
    expect(noteIds(await call(ctx, 'GET', '/api/notes/all', w.author))).toContain(note.noteId);
  });

  it('deletes only resolved notes, all or nothing', async () => {
    const active = await addNote(ctx, w.author);
    const done = await addNote(ctx, w.author);
    await call(ctx, 'PUT', '/api/notes/resolve', w.resolver, { note: { ids: [done.noteId] } });
    const mixed = await call(ctx, 'DELETE', '/api/notes/remove', w.resolver, {
      note: { noteIds: [active.noteId, done.noteId] },
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().msg).toBe('Only resolved notes can be restored or deleted.');
    expect((await call(ctx, 'GET', `/api/notes/${done.noteId}`, w.resolver)).statusCode).toBe(200);
    const missing = await call(ctx, 'DELETE', '/api/notes/remove', w.resolver, {
      note: { noteIds: [done.noteId, 2147483000] },
    });
    expect(missing.statusCode).toBe(404);
    const del = await call(ctx, 'DELETE', '/api/notes/remove', w.resolver, {
      note: { noteIds: [done.noteId] },
    });
    expect(del.json()).toEqual({ msg: 'Note(s) deleted successfully.', count: 1 });
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'note'), eq(auditLog.entityId, String(done.noteId))));
    expect(audit.map((a) => a.action).sort()).toEqual(['note.created', 'note.deleted', 'note.resolved']);
    expect((await call(ctx, 'GET', `/api/notes/${done.noteId}`, w.admin)).statusCode).toBe(404);
    const restoreActive = await call(ctx, 'PUT', '/api/notes/restore', w.resolver, {
      note: { ids: [active.noteId] },
    });
    expect(restoreActive.statusCode).toBe(409);
    expect((await call(ctx, 'PUT', '/api/notes/restore', w.resolver, { note: { ids: [] } })).statusCode).toBe(
      400,
    );
  });
});
