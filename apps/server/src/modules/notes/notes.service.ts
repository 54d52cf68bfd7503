import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  NOTE_MSG,
  type Note,
  type NoteInput,
  type NoteLinkTable,
} from '@tideline/contracts/notes/notes.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { notes } from '../../db/schema';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { findVisibleAccount } from '../accounts/accounts.service';
import { findVisibleClient } from '../clients/clients.service';
import { findVisibleBatch } from '../data-ingestion/batches/batches.service';
import { findVisibleTemplate } from '../templates/templates.service';
import { canSeeUser } from '../users/users.service';
import { composeNoteTaggedMail, notePageUrl } from './note-tag-mail';
import { assertActive, assertReadable } from './note-rules';
import * as q from './notes.queries';

export interface NotesDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];
const unprocessable = (msg: string, field: string) => new AppError(422, msg, { [`note.${field}`]: [msg] });

export function toNote(r: q.NoteRow): Note {
  const n = r.note;
  return {
    noteId: n.noteId,
    noteTitle: n.noteTitle,
    noteDescription: n.noteDescription,
    author: r.author,
    authorId: n.authorId,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    commentCount: r.commentCount,
    noteCategoryIds: r.noteCategoryIds,
    noteCategoryNames: r.noteCategoryNames,
    taggedUserIds: r.taggedUserIds,
    taggedUsers: r.taggedUsers,
    tableLinkedTo: n.tableLinkedTo ?? '',
    linkedId: n.linkedId,
    userReference: r.userReference,
    isResolved: n.isResolved,
    resolvedAt: n.resolvedAt?.toISOString() ?? null,
    resolvedBy: r.resolvedByName,
  };
}

/** The client of the record a note is linked to, if the user may see that record (404 otherwise). */
export async function findLinkedClientId(
  db: DbOrTx,
  user: CurrentUser,
  table: NoteLinkTable,
  id: number,
): Promise<number> {
  if (table === 'clients') return (await findVisibleClient(db, user, id)).clientId;
  if (table === 'accounts') return (await findVisibleAccount(db, user, id)).clientId;
  if (table === 'batches') return (await findVisibleBatch(db, user, id)).clientId;
  return (await findVisibleTemplate(db, user, id)).clientId;
}

/** New categories must exist and be active; ones the note already has may since have been deactivated. */
async function assertCategories(tx: DbOrTx, ids: readonly number[], kept: readonly number[]) {
  const found = await q.selectCategories(tx, ids);
  if (found.length !== ids.length) throw unprocessable(NOTE_MSG.categoryNotFound, 'categoriesList');
  if (found.some((c) => c.status !== 1 && !kept.includes(c.noteCategoryId)))
    throw unprocessable(NOTE_MSG.categoryInactive, 'categoriesList');
}

/**
 * Only users who would see the note can be tagged: active, holding VIEW_NOTES, and seeing its client.
 * And only users the tagger may pick (GET /api/users/list): a client-scoped tagger cannot reach, nor
 * have the portal mail, the users of other clients (security issue 14 point 9).
 */
async function findTaggableUsers(
  tx: DbOrTx,
  tagger: CurrentUser,
  ids: readonly number[],
  clientId: number | null,
) {
  const found = await q.selectTaggableUsers(tx, ids);
  const canSee = (u: q.TaggableUser) =>
    u.status === 1 &&
    u.canViewNotes &&
    (!u.isClientScoped || clientId === null || u.clientIds.includes(clientId)) &&
    canSeeUser(tagger, u);
  if (found.length !== ids.length || !found.every(canSee))
    throw unprocessable(NOTE_MSG.userCannotBeTagged, 'taggedUsersList');
  return found;
}

function auditedNote(
  n: { noteTitle: string; noteDescription: string },
  categoryIds: number[],
  tagged: number[],
) {
  return {
    noteTitle: n.noteTitle,
    noteDescription: n.noteDescription,
    noteCategoryIds: [...categoryIds].sort((a, b) => a - b),
    taggedUserIds: [...tagged].sort((a, b) => a - b),
  };
}

// platform.md 2.10, 4.4: adding, editing and reading notes. Resolve, restore and delete are in
// note-states.service.ts; comments in note-comments.service.ts.
export function createNotesService(deps: NotesDeps) {
  const { db } = deps;

  async function findNotes(user: CurrentUser, where: SQL | undefined): Promise<Note[]> {
    const rows = await q.selectNotes(db, and(where, q.whereNoteVisible(user)));
    return rows.map(toNote);
  }

  async function findNote(user: CurrentUser, noteId: number): Promise<Note> {
    const [row] = await q.selectNotes(db, and(eq(notes.noteId, noteId), q.whereNoteVisible(user)));
    assertReadable(user, row);
    return toNote(row);
  }

  /** After the commit: a failed mail must not undo the note, so it is logged instead. */
  async function mailTagged(
    author: CurrentUser,
    note: q.NoteRecord,
    tagged: readonly q.TaggableUser[],
  ): Promise<void> {
    const link = notePageUrl(deps.publicUrl, note);
    const authorName = `${author.firstName} ${author.lastName}`;
    for (const u of tagged.filter((t) => t.userId !== author.userId)) {
      const mail = composeNoteTaggedMail({
        to: u.email,
        firstName: u.firstName,
        authorName,
        noteTitle: note.noteTitle,
        link,
      });
      await deps.mailer.send(mail).catch((err: unknown) => {
        deps.log.error({ err, noteId: note.noteId, userId: u.userId }, 'note tag mail failed');
      });
    }
  }

  return {
    findNote,

    /** GET /all (dashboard) and GET /client|account|batch/{id}: the active notes; GET /resolve: the resolved ones. */
    async listNotes(
      user: CurrentUser,
      filter: { resolved: boolean; link?: { table: NoteLinkTable; id: number } },
    ): Promise<Note[]> {
      const conditions = [eq(notes.isResolved, filter.resolved)];
      if (filter.link) {
        await findLinkedClientId(db, user, filter.link.table, filter.link.id);
        conditions.push(eq(notes.tableLinkedTo, filter.link.table), eq(notes.linkedId, filter.link.id));
      }
      return findNotes(user, and(...conditions));
    },

    /** POST /add: the author is the signed-in user; each tagged user gets one mail. */
    async addNote(user: CurrentUser, input: NoteInput, ctx: AuditContext): Promise<Note> {
      const categoryIds = unique(input.categoriesList);
      const taggedIds = unique(input.taggedUsersList);
      let clientId: number | null = null;
      if (input.tableLinkedTo && input.linkedId) {
        clientId = await findLinkedClientId(db, user, input.tableLinkedTo, input.linkedId).catch((error) => {
          if (error instanceof AppError && error.statusCode === 404)
            throw unprocessable(NOTE_MSG.linkedNotFound, 'linkedId');
          throw error;
        });
      }
      const { note, tagged } = await db.transaction(async (tx) => {
        await assertCategories(tx, categoryIds, []);
        const tagged = await findTaggableUsers(tx, user, taggedIds, clientId);
        const note = await q.insertNote(tx, {
          noteTitle: input.noteTitle,
          noteDescription: input.noteDescription,
          authorId: user.userId,
          tableLinkedTo: input.tableLinkedTo ?? null,
          linkedId: input.linkedId ?? null,
          clientId,
        });
        await q.replaceNoteCategories(tx, note.noteId, categoryIds);
        await q.replaceTaggedUsers(tx, note.noteId, taggedIds);
        await writeAudit(tx, ctx, {
          action: 'note.created',
          entity: 'note',
          entityId: note.noteId,
          after: {
            ...auditedNote(note, categoryIds, taggedIds),
            tableLinkedTo: note.tableLinkedTo,
            linkedId: note.linkedId,
          },
        });
        return { note, tagged };
      });
      await mailTagged(user, note, tagged);
      return findNote(user, note.noteId);
    },

    /** PUT /{id}: title, description, categories and tags; the link stays. Only newly tagged users get mail. */
    async editNote(user: CurrentUser, noteId: number, input: NoteInput, ctx: AuditContext): Promise<Note> {
      const categoryIds = unique(input.categoriesList);
      const taggedIds = unique(input.taggedUsersList);
      const { note, newlyTagged } = await db.transaction(async (tx) => {
        const [locked] = await q.selectNotesForUpdate(tx, [noteId], q.whereNoteVisible(user));
        assertReadable(user, locked);
        assertActive(locked);
        const before = locked.note;
        const keptCategories = await q.selectCategoryIdsOfNote(tx, noteId);
        await assertCategories(tx, categoryIds, keptCategories);
        const added = taggedIds.filter((id) => !locked.taggedUserIds.includes(id));
        const newlyTagged = await findTaggableUsers(tx, user, added, before.clientId);
        await q.updateNote(tx, noteId, {
          noteTitle: input.noteTitle,
          noteDescription: input.noteDescription,
        });
        await q.replaceNoteCategories(tx, noteId, categoryIds);
        await q.replaceTaggedUsers(tx, noteId, taggedIds);
        await writeAudit(tx, ctx, {
          action: 'note.updated',
          entity: 'note',
          entityId: noteId,
          before: auditedNote(before, keptCategories, locked.taggedUserIds),
          after: auditedNote(input, categoryIds, taggedIds),
        });
        return { note: { ...before, noteTitle: input.noteTitle }, newlyTagged };
      });
      await mailTagged(user, note, newlyTagged);
      return findNote(user, noteId);
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
