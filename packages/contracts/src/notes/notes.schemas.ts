import { z } from 'zod';
import { MSG } from '../common/messages';

// platform.md 8 "Notes" (the failures) plus our success and rule texts.
export const NOTE_MSG = {
  addFailed: 'Failed to add note.',
  updateFailed: 'Failed to update note.',
  resolveFailed: 'Failed to resolve note(s)',
  restoreFailed: 'Failed to restore note(s)',
  deleteFailed: 'Failed to delete note(s)',
  commentAddFailed: 'Failed to add comment.',
  commentUpdateFailed: 'Failed to update comment.',
  commentDeleteFailed: 'Failed to delete comment.',
  added: 'Note added successfully.',
  updated: 'Note updated successfully.',
  resolved: 'Note(s) resolved successfully.',
  restored: 'Note(s) restored successfully.',
  deleted: 'Note(s) deleted successfully.',
  commentAdded: 'Comment added successfully.',
  commentUpdated: 'Comment updated successfully.',
  commentDeleted: 'Comment deleted successfully.',
  notFound: 'Note not found.',
  commentNotFound: 'Comment not found.',
  linkedNotFound: 'The record this note is linked to was not found.',
  linkedIdRequired: 'A linked record is required when the note is linked to a table.',
  readOnly: 'Resolved notes are read-only.',
  alreadyResolved: 'Only active notes can be resolved.',
  notResolved: 'Only resolved notes can be restored or deleted.',
  categoryInactive: 'Selected note category is not active.',
  categoryNotFound: 'Selected note category does not exist.',
  userCannotBeTagged: 'A tagged user does not exist, is inactive or cannot see this note.',
} as const;

// platform.md 3 "Note": what a note may be linked to ('' = not linked, e.g. added from the dashboard).
// 'batches' is ours: the spec reads batch notes (GET /api/notes/batch/{id}) without naming their table.
export const NOTE_LINK_TABLES = ['clients', 'accounts', 'templates', 'batches'] as const;
export const NoteLinkTableSchema = z.enum(NOTE_LINK_TABLES);
export type NoteLinkTable = z.infer<typeof NoteLinkTableSchema>;

const idList = z.array(z.number().int().positive()).max(200);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Spec 5 "Note": title and description 'Required!'; title is a text input (120), description a text area. */
export const NoteInputSchema = z
  .object({
    // The author is always the signed-in user; the spec's body carries it, the server ignores it.
    authorId: z.unknown().optional(),
    tableLinkedTo: z.preprocess(blankToUndefined, NoteLinkTableSchema.optional()),
    linkedId: z.preprocess(blankToUndefined, z.number().int().positive().optional()),
    noteTitle: z
      .string({ error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .max(120, 'At most 120 characters.'),
    noteDescription: z
      .string({ error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .max(5000, 'At most 5000 characters.'),
    taggedUsersList: idList.default([]),
    categoriesList: idList.default([]),
  })
  .refine((n) => (n.tableLinkedTo === undefined) === (n.linkedId === undefined), {
    message: NOTE_MSG.linkedIdRequired,
    path: ['linkedId'],
  });
export type NoteInput = z.infer<typeof NoteInputSchema>;

/** POST /add and PUT /{id}: {note:{…}}. Editing keeps the note's link; only the other fields change. */
export const NoteBodySchema = z.object({ note: NoteInputSchema });

/** Spec 3 "Note", plus the resolved state (ours) that the Resolved Notes list and read-only dialog need. */
export const NoteSchema = z.object({
  noteId: z.number().int(),
  noteTitle: z.string(),
  noteDescription: z.string(),
  author: z.string(),
  authorId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  commentCount: z.number().int(),
  noteCategoryIds: z.array(z.number().int()),
  noteCategoryNames: z.array(z.string()),
  taggedUserIds: z.array(z.number().int()),
  taggedUsers: z.array(z.string()),
  tableLinkedTo: z.union([NoteLinkTableSchema, z.literal('')]),
  linkedId: z.number().int().nullable(),
  // The linked record's name (client, account or template), for the reader.
  userReference: z.string().nullable(),
  isResolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type Note = z.infer<typeof NoteSchema>;

export const NoteResultSchema = z.object({ msg: z.string(), note: NoteSchema });

/** PUT /resolve and PUT /restore: {note:{ids}}; DELETE /remove: {note:{noteIds}}. */
const bulkIds = idList.min(1, MSG.required);
export const NoteIdsBodySchema = z.object({ note: z.object({ ids: bulkIds }) });
export const NoteRemoveBodySchema = z.object({ note: z.object({ noteIds: bulkIds }) });
export const NotesChangedSchema = z.object({ msg: z.string(), count: z.number().int() });

/** Spec 3 "Note comment". */
export const NoteCommentSchema = z.object({
  commentId: z.number().int(),
  comment: z.string(),
  noteId: z.number().int(),
  author: z.string(),
  authorId: z.number().int(),
  updatedAt: z.string(),
});
export type NoteComment = z.infer<typeof NoteCommentSchema>;

// Spec 5: the comment submit is disabled when empty; the server says why too.
const commentText = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(2000, 'At most 2000 characters.');
export const NewCommentBodySchema = z.object({
  note: z.object({ comment: commentText, noteId: z.number({ error: MSG.required }).int().positive() }),
});
export const CommentEditBodySchema = z.object({ note: z.object({ comment: commentText }) });
export const CommentResultSchema = z.object({ msg: z.string(), comment: NoteCommentSchema });

/** GET /categories/list: the active note categories a note can be given. */
export const NoteCategoryOptionSchema = z.object({
  noteCategoryId: z.number().int(),
  noteCategoryName: z.string(),
});

export const NoteIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
