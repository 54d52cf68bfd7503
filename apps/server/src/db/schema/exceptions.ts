import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  EXCEPTION_KINDS,
  EXCEPTION_SEVERITIES,
  EXCEPTION_STATUSES,
  type ExceptionLink,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import { clients } from './clients';
import { users } from './users';

// Issue 43: the cross-client exception queue. Detection (modules/exceptions/detect-exceptions.ts) finds
// each cause under a stable subject key (an account and a due day, a file, a report…); one cause is one
// row for its life: found, assigned, snoozed, resolved by a person or by itself, found again.
export const exceptionItems = pgTable(
  'exception_items',
  {
    exceptionId: serial('exception_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EXCEPTION_KINDS }).notNull(),
    // What the cause is within its kind ('account:12:2026-10-06', 'file:81'): detection finds it again by this.
    subjectKey: text('subject_key').notNull(),
    severity: text('severity', { enum: EXCEPTION_SEVERITIES }).notNull(),
    summary: text('summary').notNull(),
    // The queue's search box: the client's name and the summary, lower-cased, as detection last wrote
    // them, so a search reads one column of one table through a trigram index (bench/README.md).
    searchText: text('search_text').notNull().default(''),
    link: jsonb('link').$type<ExceptionLink>().notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    status: text('status', { enum: EXCEPTION_STATUSES }).notNull().default('Open'),
    assigneeId: integer('assignee_id').references(() => users.userId, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    snoozedUntil: date('snoozed_until', { mode: 'string' }),
    snoozeReason: text('snooze_reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.userId, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedAutomatically: boolean('resolved_automatically').notNull().default(false),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    // The last detection that still found the cause.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exception_items_subject_key').on(t.clientId, t.kind, t.subjectKey),
    // The queue's default view (not resolved, worst first) and each client's badge.
    index('exception_items_status_client_idx').on(t.status, t.clientId),
    index('exception_items_assignee_idx')
      .on(t.assigneeId, t.status)
      .where(sql`${t.assigneeId} is not null`),
    index('exception_items_since_idx').on(t.since),
    index('exception_items_search_trgm_idx').using('gin', sql`lower(${t.searchText}) gin_trgm_ops`),
    check('exception_items_resolved_check', sql`(${t.status} = 'Resolved') = (${t.resolvedAt} is not null)`),
    check('exception_items_snoozed_check', sql`(${t.status} = 'Snoozed') = (${t.snoozedUntil} is not null)`),
  ],
);
