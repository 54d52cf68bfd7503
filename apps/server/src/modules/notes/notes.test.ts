import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchRow } from '../../../test/batch-fixtures';
import {
  addNote,
  createNoteWorld,
  type NoteWorld,
  noteIds,
  type NoteBody,
} from '../../../test/note-fixtures';
import {
  call,
  createSignedInUser,
  createTestContext,
  readOutbox,
  type TestContext,
} from '../../../test/test-context';
import { auditLog, bankClientRelationships, importTemplates } from '../../db/schema';

let ctx: TestContext;
let w: NoteWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await createNoteWorld(ctx);
});
afterAll(() => ctx.close());

describe('notes: permissions and validation', () => {
  it('declares a permission on every call', async () => {
    expect((await call(ctx, 'GET', '/api/notes/all')).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/api/notes/all', w.noNotes)).statusCode).toBe(403);
    expect((await call(ctx, 'POST', '/api/notes/add', w.tagged, { note: {} })).statusCode).toBe(403);
    const note = await addNote(ctx, w.author);
    const edit = { note: { noteTitle: 'x', noteDescription: 'y' } };
    expect((await call(ctx, 'PUT', `/api/notes/${note.noteId}`, w.author, edit)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/notes/resolve', w.other)).statusCode).toBe(403);
    const remove = { note: { noteIds: [note.noteId] } };
    expect((await call(ctx, 'DELETE', '/api/notes/remove', w.other, remove)).statusCode).toBe(403);
  });

  it("answers the spec's messages for bad input", async () => {
    const blank = await call(ctx, 'POST', '/api/notes/add', w.author, { note: { noteTitle: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toMatchObject({
      'note.noteTitle': ['Required!'],
      'note.noteDescription': ['Required!'],
    });
    const half = await call(ctx, 'POST', '/api/notes/add', w.author, {
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
      w.author,
      body({ categoriesList: [w.inactiveCategory] }),
    );
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().msg).toBe('Selected note category is not active.');
    const untaggable = await call(
      ctx,
      'POST',
      '/api/notes/add',
      w.author,
      body({ taggedUsersList: [w.noNotes.userId] }),
    );
    expect(untaggable.statusCode).toBe(422);
    expect(untaggable.json().fieldErrors['note.taggedUsersList']).toHaveLength(1);
    const foreign = await call(
      ctx,
      'POST',
      '/api/notes/add',
      w.scoped,
      body({ tableLinkedTo: 'clients', linkedId: w.clientB }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().msg).toBe('The record this note is linked to was not found.');
  });

  it('offers only active categories', async () => {
    const list = (await call(ctx, 'GET', '/api/notes/categories/list', w.author)).json() as {
      noteCategoryId: number;
    }[];
    const listed = list.map((c) => c.noteCategoryId);
    expect(listed).toContain(w.activeCategory);
    expect(listed).not.toContain(w.inactiveCategory);
  });
});

describe('notes: adding, tagging and who sees what', () => {
  it('adds a linked note with categories and tags, mails each tagged user once, and audits it', async () => {
    const note = await addNote(ctx, w.author, {
      tableLinkedTo: 'accounts',
      linkedId: w.accountA,
      taggedUsersList: [w.tagged.userId, w.author.userId],
      categoriesList: [w.activeCategory],
    });
    expect(note).toMatchObject({
      author: expect.stringMatching(/^Test /),
      authorId: w.author.userId,
      tableLinkedTo: 'accounts',
      linkedId: w.accountA,
      userReference: 'Sweep',
      commentCount: 0,
      noteCategoryIds: [w.activeCategory],
      taggedUserIds: expect.arrayContaining([w.tagged.userId, w.author.userId]),
      isResolved: false,
      resolvedAt: null,
    });
    const mails = await readOutbox(ctx, w.tagged.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You were tagged on a note: Rate review');
    expect(mails[0]!.links).toEqual([`http://tideline.test/client-management/${w.clientA}/${w.accountA}`]);
    expect(await readOutbox(ctx, w.author.email)).toHaveLength(0);

    const edit = await call(ctx, 'PUT', `/api/notes/${note.noteId}`, w.editor, {
      note: {
        noteTitle: 'Rate review (edited)',
        noteDescription: 'Done',
        taggedUsersList: [w.tagged.userId, w.other.userId],
        categoriesList: [],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      msg: 'Note updated successfully.',
      note: { noteTitle: 'Rate review (edited)', noteCategoryIds: [], linkedId: w.accountA },
    });
    expect(await readOutbox(ctx, w.tagged.email)).toHaveLength(1);
    expect(await readOutbox(ctx, w.other.email)).toHaveLength(1);

    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'note'), eq(auditLog.entityId, String(note.noteId))));
    expect(audit.map((a) => a.action).sort()).toEqual(['note.created', 'note.updated']);
  });

  it('hides notes of other clients from a client-scoped user, and unlinked notes unless theirs or tagged', async () => {
    const onA = await addNote(ctx, w.admin, { tableLinkedTo: 'clients', linkedId: w.clientA });
    const onB = await addNote(ctx, w.admin, { tableLinkedTo: 'accounts', linkedId: w.accountB });
    const general = await addNote(ctx, w.admin);
    const taggedToScoped = await addNote(ctx, w.admin, { taggedUsersList: [w.scoped.userId] });
    const own = await addNote(ctx, w.scoped);

    const all = noteIds(await call(ctx, 'GET', '/api/notes/all', w.scoped));
    expect(all).toEqual(expect.arrayContaining([onA.noteId, taggedToScoped.noteId, own.noteId]));
    expect(all).not.toContain(onB.noteId);
    expect(all).not.toContain(general.noteId);
    expect((await call(ctx, 'GET', `/api/notes/${onB.noteId}`, w.scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/${general.noteId}`, w.scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/account/${w.accountB}`, w.scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/comments/all/${onB.noteId}`, w.scoped)).statusCode).toBe(404);
    expect(noteIds(await call(ctx, 'GET', `/api/notes/client/${w.clientA}`, w.scoped))).toContain(onA.noteId);

    // Everyone outside a client scope sees every note.
    const seenByOther = noteIds(await call(ctx, 'GET', '/api/notes/all', w.other));
    expect(seenByOther).toEqual(expect.arrayContaining([onB.noteId, general.noteId, own.noteId]));
    expect(noteIds(await call(ctx, 'GET', `/api/notes/account/${w.accountB}`, w.other))).toEqual([
      onB.noteId,
    ]);
    // A client-w.scoped user cannot be w.tagged on another client's note: they could not see it.
    const tagForeign = await call(ctx, 'PUT', `/api/notes/${onB.noteId}`, w.admin, {
      note: { noteTitle: 't', noteDescription: 'd', taggedUsersList: [w.scoped.userId] },
    });
    expect(tagForeign.statusCode).toBe(422);
  });
});

describe('notes on templates', () => {
  it("links a note to a template, named by its bank and type, and scoped by the template's client", async () => {
    const db = ctx.database.db;
    const [rel] = await db
      .select({ id: bankClientRelationships.bankClientRelId })
      .from(bankClientRelationships)
      .where(eq(bankClientRelationships.clientId, w.clientB));
    const [template] = await db
      .insert(importTemplates)
      .values({
        clientId: w.clientB,
        bankClientRelId: rel!.id,
        type: 'Transaction',
        templateType: 'Header',
        jsonTransform: {},
      })
      .returning({ id: importTemplates.templateId });
    const note = await addNote(ctx, w.admin, { tableLinkedTo: 'templates', linkedId: template!.id });
    expect(note.userReference).toMatch(/^Bank .+ Transaction template$/);
    expect((await call(ctx, 'GET', `/api/notes/${note.noteId}`, w.scoped)).statusCode).toBe(404);
    const missing = await call(ctx, 'POST', '/api/notes/add', w.admin, {
      note: { noteTitle: 'a', noteDescription: 'b', tableLinkedTo: 'templates', linkedId: 2147483000 },
    });
    expect(missing.statusCode).toBe(422);
  });
});

describe('notes on batches', () => {
  it("lists a batch's notes, names the batch by bank and type, and scopes it by the batch's client", async () => {
    const batchA = await createBatchRow(ctx, w.clientA, 'Investment');
    const batchB = await createBatchRow(ctx, w.clientB);
    const note = await addNote(ctx, w.author, {
      tableLinkedTo: 'batches',
      linkedId: batchA,
      taggedUsersList: [w.tagged.userId],
    });
    expect(note).toMatchObject({ tableLinkedTo: 'batches', linkedId: batchA });
    expect(note.userReference).toMatch(/^Bank .+ Investment batch$/);
    const mail = (await readOutbox(ctx, w.tagged.email)).at(-1);
    expect(mail!.links).toEqual([`http://tideline.test/data-ingestion/${w.clientA}`]);

    await addNote(ctx, w.author, { tableLinkedTo: 'accounts', linkedId: w.accountA });
    const listed = await call(ctx, 'GET', `/api/notes/batch/${batchA}`, w.scoped);
    expect(listed.statusCode).toBe(200);
    expect(noteIds(listed)).toEqual([note.noteId]);
    expect(noteIds(await call(ctx, 'GET', `/api/notes/batch/${batchB}`, w.author))).toEqual([]);

    // Another client's batch is as unknown to a client-scoped user as a missing one.
    const foreign = await call(ctx, 'GET', `/api/notes/batch/${batchB}`, w.scoped);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('Batch not found.');
    expect((await call(ctx, 'GET', '/api/notes/batch/2147483000', w.author)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/notes/batch/${batchA}`, w.noNotes)).statusCode).toBe(403);
    const onForeign = await call(ctx, 'POST', '/api/notes/add', w.scoped, {
      note: { noteTitle: 'a', noteDescription: 'b', tableLinkedTo: 'batches', linkedId: batchB },
    });
    expect(onForeign.statusCode).toBe(422);
    expect(onForeign.json().msg).toBe('The record this note is linked to was not found.');
  });
});

describe('tag mail failures', () => {
  it('keeps the note when the mail server refuses the tag mail', async () => {
    // Nothing listens on port 9: the SMTP send fails after the note is committed.
    const smtpDown = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const admin = await createSignedInUser(smtpDown, 'Admin');
      const advisor = await createSignedInUser(smtpDown, 'Advisor');
      const note = await addNote(smtpDown, admin, { taggedUsersList: [advisor.userId] });
      expect((await call(smtpDown, 'GET', `/api/notes/${note.noteId}`, advisor)).json()).toMatchObject({
        taggedUserIds: [advisor.userId],
      });
    } finally {
      await smtpDown.close();
    }
  });
});
