import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NOTE_MSG } from '@tideline/contracts/notes/notes.schemas';
import { notes } from '../../db/schema';
import { addNote, createNoteWorld, type NoteWorld } from '../../../test/note-fixtures';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  readOutbox,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Security issue 14 point 9: a client-scoped author tags only the staff and the users of their own
// clients (as GET /api/users/list offers them), and nobody is tagged on a note they may not see.
// A refused tag saves nothing and mails nobody.
let ctx: TestContext;
let w: NoteWorld; // w.scoped: client-scoped author of client A
let viewerOfB: SignedInUser; // client-scoped, VIEW_NOTES, client B only
let viewerOfA: SignedInUser; // client-scoped, VIEW_NOTES, client A only

beforeAll(async () => {
  ctx = await createTestContext();
  w = await createNoteWorld(ctx);
  const viewerRole = (await createRole(ctx, ['VIEW_NOTES'], true)).roleName;
  viewerOfB = await createSignedInUser(ctx, viewerRole, [w.clientB]);
  viewerOfA = await createSignedInUser(ctx, viewerRole, [w.clientA]);
});
afterAll(() => ctx.close());

const noteCountTitled = async (noteTitle: string) =>
  (await ctx.database.db.select().from(notes).where(eq(notes.noteTitle, noteTitle))).length;

function addAs(
  user: SignedInUser,
  taggedUsersList: number[],
  link: { tableLinkedTo?: string; linkedId?: number },
) {
  const noteTitle = `Tags ${randomUUID().slice(0, 8)}`;
  const res = call(ctx, 'POST', '/api/notes/add', user, {
    note: { noteTitle, noteDescription: 'Who may be tagged.', taggedUsersList, ...link },
  });
  return { noteTitle, res };
}

describe('tagging users on notes', () => {
  it("refuses a client-scoped author tagging another client's user, even on an unlinked note", async () => {
    for (const link of [{}, { tableLinkedTo: 'clients', linkedId: w.clientA }]) {
      const { noteTitle, res } = addAs(w.scoped, [viewerOfB.userId], link);
      const refused = await res;
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        msg: NOTE_MSG.userCannotBeTagged,
        fieldErrors: { 'note.taggedUsersList': [NOTE_MSG.userCannotBeTagged] },
      });
      expect(await noteCountTitled(noteTitle)).toBe(0);
    }
    expect(await readOutbox(ctx, viewerOfB.email)).toEqual([]);
  });

  it('lets them tag the staff and the users of their own clients, who are mailed', async () => {
    const { res } = addAs(w.scoped, [w.tagged.userId, viewerOfA.userId], {
      tableLinkedTo: 'clients',
      linkedId: w.clientA,
    });
    expect((await res).statusCode).toBe(201);
    expect(await readOutbox(ctx, viewerOfA.email)).toHaveLength(1);
    expect(await readOutbox(ctx, w.tagged.email)).toHaveLength(1);
  });

  it('refuses adding such a tag on edit, keeping the note as it was', async () => {
    const editorRole = await createRole(ctx, ['VIEW_NOTES', 'ADD_NOTES', 'EDIT_NOTES'], true);
    const scopedEditor = await createSignedInUser(ctx, editorRole.roleName, [w.clientA]);
    const note = await addNote(ctx, scopedEditor, { tableLinkedTo: 'clients', linkedId: w.clientA });
    const res = await call(ctx, 'PUT', `/api/notes/${note.noteId}`, scopedEditor, {
      note: { noteTitle: 'Changed', noteDescription: 'd', taggedUsersList: [viewerOfB.userId] },
    });
    expect(res.statusCode).toBe(422);
    const kept = (await call(ctx, 'GET', `/api/notes/${note.noteId}`, scopedEditor)).json();
    expect(kept).toMatchObject({ noteTitle: 'Rate review', taggedUserIds: [] });
    expect(await readOutbox(ctx, viewerOfB.email)).toEqual([]);
  });

  it("refuses staff tagging a client-scoped user on another client's note, or a user without VIEW_NOTES", async () => {
    const onA = addAs(w.admin, [viewerOfB.userId], { tableLinkedTo: 'clients', linkedId: w.clientA });
    expect((await onA.res).statusCode).toBe(422);
    const blind = addAs(w.admin, [w.noNotes.userId], {});
    expect((await blind.res).statusCode).toBe(422);
    expect(await readOutbox(ctx, viewerOfB.email)).toEqual([]);
    expect(await readOutbox(ctx, w.noNotes.email)).toEqual([]);
  });
});
