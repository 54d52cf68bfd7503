import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { noteCategories } from '../src/db/schema';
import { createAccountRow, createRelatedBank } from './account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from './test-context';

// The cast of the notes tests: two clients with an account each, an active and an inactive
// category, and users holding exactly the permissions each rule of platform.md 4.4 turns on.
export async function createNoteWorld(ctx: TestContext) {
  const roleOf = async (permissions: string[], isClientScoped = false) =>
    (await createRole(ctx, permissions, isClientScoped)).roleName;
  const [clientA, clientB] = (await createClients(ctx, 2, 'Notes')) as [number, number];
  const accountA = await createAccountRow(ctx, clientA, await createRelatedBank(ctx, clientA), {
    accountName: 'Sweep',
  });
  const accountB = await createAccountRow(ctx, clientB, await createRelatedBank(ctx, clientB));
  const tag = randomUUID().slice(0, 8);
  const cats = await ctx.database.db
    .insert(noteCategories)
    .values([{ noteCategoryName: `Follow-up ${tag}` }, { noteCategoryName: `Retired ${tag}`, status: 0 }])
    .returning({ id: noteCategories.noteCategoryId });
  const [activeCategory, inactiveCategory] = cats.map((c) => c.id) as [number, number];
  return {
    clientA,
    clientB,
    accountA,
    accountB,
    activeCategory,
    inactiveCategory,
    admin: await createSignedInUser(ctx, 'Admin'),
    author: await createSignedInUser(ctx, await roleOf(['VIEW_NOTES', 'ADD_NOTES'])),
    tagged: await createSignedInUser(ctx, await roleOf(['VIEW_NOTES'])),
    other: await createSignedInUser(ctx, await roleOf(['VIEW_NOTES'])),
    editor: await createSignedInUser(
      ctx,
      await roleOf(['VIEW_NOTES', 'EDIT_NOTES', 'EDIT_COMMENTS', 'DELETE_COMMENTS']),
    ),
    resolver: await createSignedInUser(
      ctx,
      await roleOf(['VIEW_NOTES', 'RESOLVE_NOTES', 'RESTORE_NOTES', 'VIEW_RESOLVED_NOTES', 'DELETE_NOTES']),
    ),
    scoped: await createSignedInUser(ctx, await roleOf(['VIEW_NOTES', 'ADD_NOTES'], true), [clientA]),
    noNotes: await createSignedInUser(ctx, await roleOf(['VIEW_CLIENTS'])),
  };
}
export type NoteWorld = Awaited<ReturnType<typeof createNoteWorld>>;

export interface NoteBody {
  tableLinkedTo?: string;
  linkedId?: number;
  noteTitle?: string;
  noteDescription?: string;
  taggedUsersList?: number[];
  categoriesList?: number[];
}

/** POST /api/notes/add as `user`, expecting success; answers the note. */
export async function addNote(ctx: TestContext, user: SignedInUser, note: NoteBody = {}) {
  const res = await call(ctx, 'POST', '/api/notes/add', user, {
    note: { noteTitle: 'Rate review', noteDescription: 'Call the bank about the sweep rate.', ...note },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().note as { noteId: number } & Record<string, unknown>;
}

/** The note ids of a list answer. */
export const noteIds = (res: { json(): unknown }) =>
  (res.json() as { noteId: number }[]).map((n) => n.noteId);
