import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  readOutbox,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { auditLog, noteCategories } from '../../db/schema';

let ctx: TestContext;
let admin: SignedInUser;
let author: SignedInUser;
let tagged: SignedInUser;
let other: SignedInUser;
let editor: SignedInUser;
let resolver: SignedInUser;
let scoped: SignedInUser;
let noNotes: SignedInUser;
let clientA: number;
let clientB: number;
let accountA: number;
let accountB: number;
let activeCategory: number;
let inactiveCategory: number;

const roleOf = async (permissions: string[], isClientScoped = false) =>
  (await createRole(ctx, permissions, isClientScoped)).roleName;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Notes')) as [number, number];
  accountA = await createAccountRow(ctx, clientA, await createRelatedBank(ctx, clientA), {
    accountName: 'Sweep',
  });
  accountB = await createAccountRow(ctx, clientB, await createRelatedBank(ctx, clientB));
  const tag = randomUUID().slice(0, 8);
  const cats = await ctx.database.db
    .insert(noteCategories)
    .values([{ noteCategoryName: `Follow-up ${tag}` }, { noteCategoryName: `Retired ${tag}`, status: 0 }])
    .returning({ id: noteCategories.noteCategoryId });
  [activeCategory, inactiveCategory] = cats.map((c) => c.id) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  author = await createSignedInUser(ctx, await roleOf(['VIEW_NOTES', 'ADD_NOTES']));
  tagged = await createSignedInUser(ctx, await roleOf(['VIEW_NOTES']));
  other = await createSignedInUser(ctx, await roleOf(['VIEW_NOTES']));
  editor = await createSignedInUser(
    ctx,
    await roleOf(['VIEW_NOTES', 'EDIT_NOTES', 'EDIT_COMMENTS', 'DELETE_COMMENTS']),
  );
  resolver = await createSignedInUser(
    ctx,
    await roleOf(['VIEW_NOTES', 'RESOLVE_NOTES', 'RESTORE_NOTES', 'VIEW_RESOLVED_NOTES', 'DELETE_NOTES']),
  );
  scoped = await createSignedInUser(ctx, await roleOf(['VIEW_NOTES', 'ADD_NOTES'], true), [clientA]);
  noNotes = await createSignedInUser(ctx, await roleOf(['VIEW_CLIENTS']));
});
afterAll(() => ctx.close());

interface NoteBody {
  tableLinkedTo?: string;
  linkedId?: number;
  noteTitle?: string;
  noteDescription?: string;
  taggedUsersList?: number[];
  categoriesList?: number[];
}

async function addNote(user: SignedInUser, note: NoteBody = {}) {
  const res = await call(ctx, 'POST', '/api/notes/add', user, {
    note: { noteTitle: 'Rate review', noteDescription: 'Call the bank about the sweep rate.', ...note },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().note as { noteId: number } & Record<string, unknown>;
}
const ids = (res: { json(): unknown }) => (res.json() as { noteId: number }[]).map((n) => n.noteId);

describe('notes: permissions and validation', () => {
  it('declares a permission on every call', async () => {
    expect((await call(ctx, 'GET', '/api/notes/all')).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/api/notes/all', noNotes)).statusCode).toBe(403);
    expect((await call(ctx, 'POST', '/api/notes/add', tagged, { note: {} })).statusCode).toBe(403);
    const note = await addNote(author);
    const edit = { note: { noteTitle: 'x', noteDescription: 'y' } };
    expect((await call(ctx, 'PUT', `/api/notes/${note.noteId}`, author, edit)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/notes/resolve', other)).statusCode).toBe(403);
    const remove = { note: { noteIds: [note.noteId] } };
    expect((await call(ctx, 'DELETE', '/api/notes/remove', other, remove)).statusCode).toBe(403);
  });

  it("answers the spec's messages for bad input", async () => {
    const blank = await call(ctx, 'POST', '/api/notes/add', author, { note: { noteTitle: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toMatchObject({
      'note.noteTitle': ['Required!'],
      'note.noteDescription': ['Required!'],
    });
    const half = await call(ctx, 'POST', '/api/notes/add', author, {
      note: { noteTitle: 'a', noteDescription: 'b', tableLinkedTo: 'clients' },
    });
    expect(half.json().fieldErrors['note.linkedId']).toEqual([
      'A linked record is required when the note is linked to a table.',
    ]);
    const body = (note: NoteBody) => ({ note: { noteTitle: 'a', noteDescription: 'b', ...note } });
    const inactive = await call(
      ctx,
      'POST',
      '/api/notes/add',
      author,
      body({ categoriesList: [inactiveCategory] }),
    );
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().msg).toBe('Selected note category is not active.');
    const untaggable = await call(
      ctx,
      'POST',
      '/api/notes/add',
      author,
      body({ taggedUsersList: [noNotes.userId] }),
    );
    expect(untaggable.statusCode).toBe(422);
    expect(untaggable.json().fieldErrors['note.taggedUsersList']).toHaveLength(1);
    const foreign = await call(
      ctx,
      'POST',
      '/api/notes/add',
      scoped,
      body({ tableLinkedTo: 'clients', linkedId: clientB }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().msg).toBe('The record this note is linked to was not found.');
  });

  it('offers only active categories', async () => {
    const list = (await call(ctx, 'GET', '/api/notes/categories/list', author)).json() as {
      noteCategoryId: number;
    }[];
    const listed = list.map((c) => c.noteCategoryId);
    expect(listed).toContain(activeCategory);
    expect(listed).not.toContain(inactiveCategory);
  });
});

describe('notes: adding, tagging and who sees what', () => {
  it('adds a linked note with categories and tags, mails each tagged user once, and audits it', async () => {
    const note = await addNote(author, {
      tableLinkedTo: 'accounts',
      linkedId: accountA,
      taggedUsersList: [tagged.userId, author.userId],
      categoriesList: [activeCategory],
    });
    expect(note).toMatchObject({
      author: expect.stringMatching(/^Test /),
      authorId: author.userId,
      tableLinkedTo: 'accounts',
      linkedId: accountA,
      userReference: 'Sweep',
      commentCount: 0,
      noteCategoryIds: [activeCategory],
      taggedUserIds: expect.arrayContaining([tagged.userId, author.userId]),
      isResolved: false,
      resolvedAt: null,
    });
    const mails = await readOutbox(ctx, tagged.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You were tagged on a note: Rate review');
    expect(mails[0]!.links).toEqual([`http://tideline.test/client-management/${clientA}/${accountA}`]);
    expect(await readOutbox(ctx, author.email)).toHaveLength(0);

    const edit = await call(ctx, 'PUT', `/api/notes/${note.noteId}`, editor, {
      note: {
        noteTitle: 'Rate review (edited)',
        noteDescription: 'Done',
        taggedUsersList: [tagged.userId, other.userId],
        categoriesList: [],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      msg: 'Note updated successfully.',
      note: { noteTitle: 'Rate review (edited)', noteCategoryIds: [], linkedId: accountA },
    });
    expect(await readOutbox(ctx, tagged.email)).toHaveLength(1);
    expect(await readOutbox(ctx, other.email)).toHaveLength(1);

    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'note'), eq(auditLog.entityId, String(note.noteId))));
    expect(audit.map((a) => a.action).sort()).toEqual(['note.created', 'note.updated']);
  });

  it('hides notes of other clients from a client-scoped user, and unlinked notes unless theirs or tagged', async () => {
    const onA = await addNote(admin, { tableLinkedTo: 'clients', linkedId: clientA });
    const onB = await addNote(admin, { tableLinkedTo: 'accounts', linkedId: accountB });
    const general = await addNote(admin);
    const taggedToScoped = await addNote(admin, { taggedUsersList: [scoped.userId] });
    const own = await addNote(scoped);

    const all = ids(await call(ctx, 'GET', '/api/notes/all', scoped));
    expect(all).toEqual(expect.arrayContaining([onA.noteId, taggedToScoped.noteId, own.noteId]));
    expect(all).not.toContain(onB.noteId);
    expect(all).not.toContain(general.noteId);
    expect((await call(ctx, 'GET', `/api/notes/${onB.noteId}`, scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/${general.noteId}`, scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/account/${accountB}`, scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/comments/all/${onB.noteId}`, scoped)).statusCode).toBe(404);
    expect(ids(await call(ctx, 'GET', `/api/notes/client/${clientA}`, scoped))).toContain(onA.noteId);

    // Everyone outside a client scope sees every note.
    const seenByOther = ids(await call(ctx, 'GET', '/api/notes/all', other));
    expect(seenByOther).toEqual(expect.arrayContaining([onB.noteId, general.noteId, own.noteId]));
    expect(ids(await call(ctx, 'GET', `/api/notes/account/${accountB}`, other))).toEqual([onB.noteId]);
    // A client-scoped user cannot be tagged on another client's note: they could not see it.
    const tagForeign = await call(ctx, 'PUT', `/api/notes/${onB.noteId}`, admin, {
      note: { noteTitle: 't', noteDescription: 'd', taggedUsersList: [scoped.userId] },
    });
    expect(tagForeign.statusCode).toBe(422);
  });
});

describe('notes: resolve, restore, delete', () => {
  it('lets the author, a tagged user or RESOLVE_NOTES resolve, and makes resolved notes read-only', async () => {
    const note = await addNote(author, { taggedUsersList: [tagged.userId] });
    const body = { note: { ids: [note.noteId] } };
    const byOther = await call(ctx, 'PUT', '/api/notes/resolve', other, body);
    expect(byOther.statusCode).toBe(403);
    const byTagged = await call(ctx, 'PUT', '/api/notes/resolve', tagged, body);
    expect(byTagged.json()).toEqual({ msg: 'Note(s) resolved successfully.', count: 1 });
    expect((await call(ctx, 'PUT', '/api/notes/resolve', resolver, body)).statusCode).toBe(409);

    expect(ids(await call(ctx, 'GET', '/api/notes/all', author))).not.toContain(note.noteId);
    const resolved = await call(ctx, 'GET', '/api/notes/resolve', resolver);
    expect(resolved.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ noteId: note.noteId, isResolved: true })]),
    );
    // Read-only: no edit, no comment.
    const edit = await call(ctx, 'PUT', `/api/notes/${note.noteId}`, admin, {
      note: { noteTitle: 'x', noteDescription: 'y' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe('Resolved notes are read-only.');
    const comment = await call(ctx, 'POST', '/api/notes/comments', author, {
      note: { noteId: note.noteId, comment: 'late' },
    });
    expect(comment.statusCode).toBe(409);
    // Only the resolved list, the author and tagged users see a resolved note.
    expect((await call(ctx, 'GET', `/api/notes/${note.noteId}`, other)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/${note.noteId}`, tagged)).json()).toMatchObject({
      isResolved: true,
      resolvedBy: expect.stringContaining('Test'),
    });

    expect((await call(ctx, 'PUT', '/api/notes/restore', author, body)).json().count).toBe(1);
    expect(ids(await call(ctx, 'GET', '/api/notes/all', author))).toContain(note.noteId);
  });

  it('deletes only resolved notes, all or nothing', async () => {
    const active = await addNote(author);
    const done = await addNote(author);
    await call(ctx, 'PUT', '/api/notes/resolve', resolver, { note: { ids: [done.noteId] } });
    const mixed = await call(ctx, 'DELETE', '/api/notes/remove', resolver, {
      note: { noteIds: [active.noteId, done.noteId] },
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().msg).toBe('Only resolved notes can be restored or deleted.');
    expect((await call(ctx, 'GET', `/api/notes/${done.noteId}`, resolver)).statusCode).toBe(200);
    const missing = await call(ctx, 'DELETE', '/api/notes/remove', resolver, {
      note: { noteIds: [done.noteId, 2147483000] },
    });
    expect(missing.statusCode).toBe(404);
    const del = await call(ctx, 'DELETE', '/api/notes/remove', resolver, {
      note: { noteIds: [done.noteId] },
    });
    expect(del.json()).toEqual({ msg: 'Note(s) deleted successfully.', count: 1 });
    expect((await call(ctx, 'GET', `/api/notes/${done.noteId}`, admin)).statusCode).toBe(404);
    const restoreActive = await call(ctx, 'PUT', '/api/notes/restore', resolver, {
      note: { ids: [active.noteId] },
    });
    expect(restoreActive.statusCode).toBe(409);
    expect((await call(ctx, 'PUT', '/api/notes/restore', resolver, { note: { ids: [] } })).statusCode).toBe(
      400,
    );
  });
});

describe('note comments', () => {
  it('lets anyone who sees the note comment, and the author or EDIT/DELETE_COMMENTS change it', async () => {
    const note = await addNote(author, { tableLinkedTo: 'clients', linkedId: clientA });
    const empty = await call(ctx, 'POST', '/api/notes/comments', other, {
      note: { noteId: note.noteId, comment: '' },
    });
    expect(empty.json().fieldErrors['note.comment']).toEqual(['Required!']);
    const add = await call(ctx, 'POST', '/api/notes/comments', other, {
      note: { noteId: note.noteId, comment: 'Bank called back.' },
    });
    expect(add.statusCode).toBe(201);
    const { comment } = add.json();
    expect(comment).toMatchObject({
      noteId: note.noteId,
      authorId: other.userId,
      comment: 'Bank called back.',
    });
    const second = await call(ctx, 'POST', '/api/notes/comments', scoped, {
      note: { noteId: note.noteId, comment: 'Seen.' },
    });
    expect(second.statusCode).toBe(201);
    const list = (await call(ctx, 'GET', `/api/notes/comments/all/${note.noteId}`, author)).json();
    expect(list.map((c: { comment: string }) => c.comment)).toEqual(['Seen.', 'Bank called back.']);
    expect((await call(ctx, 'GET', `/api/notes/${note.noteId}`, author)).json().commentCount).toBe(2);

    const change = { note: { comment: 'Bank called back twice.' } };
    expect(
      (await call(ctx, 'PUT', `/api/notes/comments/${comment.commentId}`, author, change)).statusCode,
    ).toBe(403);
    const own = await call(ctx, 'PUT', `/api/notes/comments/${comment.commentId}`, other, change);
    expect(own.json()).toMatchObject({ msg: 'Comment updated successfully.', comment: change.note });
    const byEditor = await call(ctx, 'PUT', `/api/notes/comments/${comment.commentId}`, editor, change);
    expect(byEditor.statusCode).toBe(200);
    expect((await call(ctx, 'DELETE', `/api/notes/comments/${comment.commentId}`, author)).statusCode).toBe(
      403,
    );
    const del = await call(ctx, 'DELETE', `/api/notes/comments/${comment.commentId}`, editor);
    expect(del.json()).toEqual({ msg: 'Comment deleted successfully.' });
    expect((await call(ctx, 'DELETE', `/api/notes/comments/${comment.commentId}`, editor)).statusCode).toBe(
      404,
    );
  });
});
