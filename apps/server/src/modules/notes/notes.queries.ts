import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-database';
import {
  noteCategories,
  noteCategoryLinks,
  noteComments,
  notes,
  noteTaggedUsers,
  roles,
  userClients,
  users,
} from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';

export type NoteRecord = typeof notes.$inferSelect;

/**
 * Which notes a user may see (architecture.md "Notes"): everyone outside a client scope sees every
 * note; a client-scoped user sees the notes linked to their clients' records, and the unlinked ones
 * they wrote or are tagged on.
 */
export function whereNoteVisible(user: CurrentUser): SQL | undefined {
  if (!user.isClientScoped) return undefined;
  const ownClients = user.clientIds.length ? inArray(notes.clientId, user.clientIds) : sql`false`;
  return sql`(${ownClients} or (${notes.clientId} is null and (${notes.authorId} = ${user.userId} or exists (
    select 1 from ${noteTaggedUsers} tv where tv.note_id = notes.note_id and tv.user_id = ${user.userId}))))`;
}

// Subqueries name the outer columns in full: drizzle leaves columns unqualified in a one-table select.
// The linked record's name, for the reader (spec 3 userReference).
const userReference = sql<string | null>`case notes.table_linked_to
  when 'clients' then (select c.client_name from clients c where c.client_id = notes.linked_id)
  when 'accounts' then (select a.account_name from accounts a where a.account_id = notes.linked_id)
  when 'templates' then (select b.bank_name || ' ' || t.type || ' template' from import_templates t
    join bank_client_relationships r on r.bank_client_rel_id = t.bank_client_rel_id
    join banks b on b.bank_id = r.bank_id where t.template_id = notes.linked_id)
  when 'batches' then (select b.bank_name || ' ' || bt.template_type || ' batch' from batches bt
    join bank_client_relationships r on r.bank_client_rel_id = bt.bank_client_rel_id
    join banks b on b.bank_id = r.bank_id where bt.batch_id = notes.linked_id)
  end`;

const categoryAgg = <T>(column: SQL) => sql<
  T[]
>`(select coalesce(array_agg(${column} order by nc.note_category_name, nc.note_category_id), '{}')
  from ${noteCategoryLinks} l join ${noteCategories} nc on nc.note_category_id = l.note_category_id
  where l.note_id = notes.note_id)`;
const taggedAgg = <T>(column: SQL) => sql<
  T[]
>`(select coalesce(array_agg(${column} order by u.first_name, u.last_name, u.user_id), '{}')
  from ${noteTaggedUsers} tu join ${users} u on u.user_id = tu.user_id where tu.note_id = notes.note_id)`;

const author = alias(users, 'author');
const resolver = alias(users, 'resolver');

const noteColumns = {
  note: notes,
  author: sql<string>`${author.firstName} || ' ' || ${author.lastName}`,
  resolvedByName: sql<string | null>`${resolver.firstName} || ' ' || ${resolver.lastName}`,
  commentCount: sql<number>`(select count(*)::int from ${noteComments} c where c.note_id = notes.note_id)`,
  noteCategoryIds: categoryAgg<number>(sql`nc.note_category_id`),
  noteCategoryNames: categoryAgg<string>(sql`nc.note_category_name`),
  taggedUserIds: taggedAgg<number>(sql`u.user_id`),
  taggedUsers: taggedAgg<string>(sql`u.first_name || ' ' || u.last_name`),
  userReference,
};

/** Notes with their author, counts, categories and tags, newest first. */
export function selectNotes(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(noteColumns)
    .from(notes)
    .innerJoin(author, eq(author.userId, notes.authorId))
    .leftJoin(resolver, eq(resolver.userId, notes.resolvedBy))
    .where(where)
    .orderBy(desc(notes.createdAt), desc(notes.noteId));
}
export type NoteRow = Awaited<ReturnType<typeof selectNotes>>[number];

/** The notes to change, locked, with who is tagged on them (the per-note rules need both). */
export function selectNotesForUpdate(tx: DbOrTx, noteIds: readonly number[], visible: SQL | undefined) {
  return selectNoteFacts(tx, noteIds, visible).for('update', { of: notes });
}

export function selectNoteFacts(db: DbOrTx, noteIds: readonly number[], visible: SQL | undefined) {
  return db
    .select({
      note: notes,
      taggedUserIds: sql<
        number[]
      >`(select coalesce(array_agg(tu.user_id), '{}') from ${noteTaggedUsers} tu where tu.note_id = notes.note_id)`,
    })
    .from(notes)
    .where(and(inArray(notes.noteId, [...noteIds]), visible))
    .orderBy(asc(notes.noteId));
}
export type LockedNote = Awaited<ReturnType<typeof selectNotesForUpdate>>[number];

export async function insertNote(tx: DbOrTx, values: typeof notes.$inferInsert) {
  const [row] = await tx.insert(notes).values(values).returning();
  return row!;
}

export async function updateNote(tx: DbOrTx, noteId: number, values: Partial<typeof notes.$inferInsert>) {
  await tx
    .update(notes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notes.noteId, noteId));
}

export async function setResolved(tx: DbOrTx, noteIds: number[], resolvedBy: number | null) {
  await tx
    .update(notes)
    .set(
      resolvedBy === null
        ? { isResolved: false, resolvedAt: null, resolvedBy: null, updatedAt: new Date() }
        : { isResolved: true, resolvedAt: new Date(), resolvedBy, updatedAt: new Date() },
    )
    .where(inArray(notes.noteId, noteIds));
}

export async function deleteNotes(tx: DbOrTx, noteIds: number[]) {
  await tx.delete(notes).where(inArray(notes.noteId, noteIds));
}

export async function replaceNoteCategories(tx: DbOrTx, noteId: number, categoryIds: readonly number[]) {
  await tx.delete(noteCategoryLinks).where(eq(noteCategoryLinks.noteId, noteId));
  if (categoryIds.length)
    await tx
      .insert(noteCategoryLinks)
      .values(categoryIds.map((noteCategoryId) => ({ noteId, noteCategoryId })));
}

export async function replaceTaggedUsers(tx: DbOrTx, noteId: number, userIds: readonly number[]) {
  await tx.delete(noteTaggedUsers).where(eq(noteTaggedUsers.noteId, noteId));
  if (userIds.length) await tx.insert(noteTaggedUsers).values(userIds.map((userId) => ({ noteId, userId })));
}

export function selectCategoryIdsOfNote(db: DbOrTx, noteId: number) {
  return db
    .select({ id: noteCategoryLinks.noteCategoryId })
    .from(noteCategoryLinks)
    .where(eq(noteCategoryLinks.noteId, noteId))
    .then((rows) => rows.map((r) => r.id));
}

export function selectCategories(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({ noteCategoryId: noteCategories.noteCategoryId, status: noteCategories.status })
    .from(noteCategories)
    .where(inArray(noteCategories.noteCategoryId, [...ids]));
}

export function selectActiveCategoryOptions(db: DbOrTx) {
  return db
    .select({
      noteCategoryId: noteCategories.noteCategoryId,
      noteCategoryName: noteCategories.noteCategoryName,
    })
    .from(noteCategories)
    .where(eq(noteCategories.status, 1))
    .orderBy(asc(noteCategories.noteCategoryName));
}

/** The users to tag, with what decides whether they could see a note (active, VIEW_NOTES, their clients). */
export function selectTaggableUsers(db: DbOrTx, userIds: readonly number[]) {
  return db
    .select({
      userId: users.userId,
      email: users.email,
      firstName: users.firstName,
      status: users.status,
      canViewNotes: sql<boolean>`'VIEW_NOTES' = any(${roles.permissions})`,
      isClientScoped: roles.isClientScoped,
      clientIds: sql<
        number[]
      >`(select coalesce(array_agg(uc.client_id), '{}') from ${userClients} uc where uc.user_id = ${users.userId})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(inArray(users.userId, [...userIds]));
}
export type TaggableUser = Awaited<ReturnType<typeof selectTaggableUsers>>[number];

const commentAuthor = alias(users, 'comment_author');
const commentColumns = {
  commentId: noteComments.commentId,
  comment: noteComments.comment,
  noteId: noteComments.noteId,
  author: sql<string>`${commentAuthor.firstName} || ' ' || ${commentAuthor.lastName}`,
  authorId: noteComments.authorId,
  updatedAt: noteComments.updatedAt,
};

export function selectComments(db: DbOrTx, where: SQL) {
  return db
    .select(commentColumns)
    .from(noteComments)
    .innerJoin(commentAuthor, eq(commentAuthor.userId, noteComments.authorId))
    .where(where)
    .orderBy(desc(noteComments.createdAt), desc(noteComments.commentId));
}
export const commentsOfNote = (noteId: number) => eq(noteComments.noteId, noteId);
export const commentById = (commentId: number) => eq(noteComments.commentId, commentId);

export async function insertComment(tx: DbOrTx, values: typeof noteComments.$inferInsert) {
  const [row] = await tx.insert(noteComments).values(values).returning();
  return row!;
}

export async function selectCommentForUpdate(tx: DbOrTx, commentId: number) {
  const [row] = await tx.select().from(noteComments).where(commentById(commentId)).for('update');
  return row;
}

export async function updateComment(tx: DbOrTx, commentId: number, comment: string) {
  await tx.update(noteComments).set({ comment, updatedAt: new Date() }).where(commentById(commentId));
}

export async function deleteComment(tx: DbOrTx, commentId: number) {
  await tx.delete(noteComments).where(commentById(commentId));
}
