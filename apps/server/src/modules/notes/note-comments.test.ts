import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNote, createNoteWorld, type NoteWorld } from '../../../test/note-fixtures';
import { call, createTestContext, type TestContext } from '../../../test/test-context';

let ctx: TestContext;
let w: NoteWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await createNoteWorld(ctx);
});
afterAll(() => ctx.close());

describe('note comments', () => {
  it('lets anyone who sees the note comment, and the author or EDIT/DELETE_COMMENTS change it', async () => {
    const note = await addNote(ctx, w.author, { tableLinkedTo: 'clients', linkedId: w.clientA });
    const empty = await call(ctx, 'POST', '/api/notes/comments', w.other, {
      note: { noteId: note.noteId, comment: '' },
    });
    expect(empty.json().fieldErrors['note.comment']).toEqual(['Required!']);
    const add = await call(ctx, 'POST', '/api/notes/comments', w.other, {
      note: { noteId: note.noteId, comment: 'Bank called back.' },
    });
    expect(add.statusCode).toBe(201);
    const { comment } = add.json();
    expect(comment).toMatchObject({
      noteId: note.noteId,
      authorId: w.other.userId,
      comment: 'Bank called back.',
    });
    const second = await call(ctx, 'POST', '/api/notes/comments', w.scoped, {
      note: { noteId: note.noteId, comment: 'Seen.' },
    });
    expect(second.statusCode).toBe(201);
    const list = (await call(ctx, 'GET', `/api/notes/comments/all/${note.noteId}`, w.author)).json();
    expect(list.map((c: { comment: string }) => c.comment)).toEqual(['Seen.', 'Bank called back.']);
    expect((await call(ctx, 'GET', `/api/notes/${note.noteId}`, w.author)).json().commentCount).toBe(2);

    const change = { note: { comment: 'Bank called back twice.' } };
    expect(
      (await call(ctx, 'PUT', `/api/notes/comments/${comment.commentId}`, w.author, change)).statusCode,
    ).toBe(403);
    const own = await call(ctx, 'PUT', `/api/notes/comments/${comment.commentId}`, w.other, change);
    expect(own.json()).toMatchObject({ msg: 'Comment updated successfully.', comment: change.note });
    const byEditor = await call(ctx, 'PUT', `/api/notes/comments/${comment.commentId}`, w.editor, change);
    expect(byEditor.statusCode).toBe(200);
    expect((await call(ctx, 'DELETE', `/api/notes/comments/${comment.commentId}`, w.author)).statusCode).toBe(
      403,
    );
    const del = await call(ctx, 'DELETE', `/api/notes/comments/${comment.commentId}`, w.editor);
    expect(del.json()).toEqual({ msg: 'Comment deleted successfully.' });
    expect((await call(ctx, 'DELETE', `/api/notes/comments/${comment.commentId}`, w.editor)).statusCode).toBe(
      404,
    );
  });
});
