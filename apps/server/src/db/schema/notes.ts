import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { NOTE_LINK_TABLES } from '@tideline/contracts/notes/notes.schemas';
import { clients } from './clients';
import { noteCategories } from './settings';
import { users } from './users';

// platform.md 3 "Note", 4.4: active -> resolved -> restored or deleted. A note is linked to one record
// (tableLinkedTo + linkedId) or to none; client_id is that record's client, kept so every list is
// scoped by one indexed column, whatever the note is linked to.
export const notes = pgTable(
  'notes',
  {
    noteId: serial('note_id').primaryKey(),
    noteTitle: text('note_title').notNull(),
    noteDescription: text('note_description').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.userId),
    tableLinkedTo: text('table_linked_to', { enum: NOTE_LINK_TABLES }),
    linkedId: integer('linked_id'),
    clientId: integer('client_id').references(() => clients.clientId, { onDelete: 'cascade' }),
    isResolved: boolean('is_resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_linked_idx').on(t.tableLinkedTo, t.linkedId, t.isResolved),
    index('notes_author_idx').on(t.authorId),
    index('notes_client_idx').on(t.clientId),
    index('notes_resolved_created_idx').on(t.isResolved, t.createdAt),
    check(
      'notes_link_check',
      sql`(${t.tableLinkedTo} is null) = (${t.linkedId} is null) and (${t.tableLinkedTo} is null or ${t.clientId} is not null)`,
    ),
    check('notes_resolved_check', sql`${t.isResolved} = (${t.resolvedAt} is not null)`),
  ],
);

export const noteCategoryLinks = pgTable(
  'note_category_links',
  {
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.noteId, { onDelete: 'cascade' }),
    noteCategoryId: integer('note_category_id')
      .notNull()
      .references(() => noteCategories.noteCategoryId),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.noteCategoryId] }),
    index('note_category_links_category_idx').on(t.noteCategoryId),
  ],
);

// Tagged users see the note (4.4) and get a mail when first tagged.
export const noteTaggedUsers = pgTable(
  'note_tagged_users',
  {
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.noteId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.userId] }),
    index('note_tagged_users_user_idx').on(t.userId, t.noteId),
  ],
);

// platform.md 3 "Note comment".
export const noteComments = pgTable(
  'note_comments',
  {
    commentId: serial('comment_id').primaryKey(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.noteId, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.userId),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_comments_note_idx').on(t.noteId, t.createdAt)],
);
