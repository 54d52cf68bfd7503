import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { files } from './files';
import { openReports } from './reporting';
import { users } from './users';

// Issue 19, clients-accounts-investments-reports.md 3 "Report" and design/reports.md "Life of a report":
// a generated system PDF (a job writes it), the user's uploaded report that completes it, finalize and
// publish. The period is the cycle's, copied here so a report outlives its cycle's row.

/** queued -> running -> done | failed (a failed generation can be run again). */
export const REPORT_GENERATION_STATES = ['queued', 'running', 'done', 'failed'] as const;

export const reports = pgTable(
  'reports',
  {
    reportId: serial('report_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    // The cycle it was generated in; the upload that completes the report closes that cycle.
    openReportId: integer('open_report_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    // The generate-report payload as the schema parsed it (GenerateReportPayload).
    params: jsonb('params').notNull(),
    // Issue 41 point 4: the runs, the short-term models and the cashVest score the report reads (ids
    // and a copy of each, analysis/frozen-runs.ts), fixed when it is generated; a retry reads the same.
    frozenRuns: jsonb('frozen_runs'),
    systemFileId: integer('system_file_id').references(() => files.fileId),
    userFileId: integer('user_file_id').references(() => files.fileId),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    generationState: text('generation_state', { enum: REPORT_GENERATION_STATES }).notNull().default('queued'),
    jobId: text('job_id'),
    // Why the last generation failed: what the user reads.
    generationMessage: text('generation_message'),
    finalized: boolean('finalized').notNull().default(false),
    // Set by the first finalize and never unset: Client Viewers of the client see it from then on.
    published: boolean('published').notNull().default(false),
    presentationDate: date('presentation_date', { mode: 'string' }),
    comment: text('comment'),
    uploadedBy: integer('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'reports_open_report_fk',
      columns: [t.clientId, t.openReportId],
      foreignColumns: [openReports.clientId, openReports.openReportId],
    }).onDelete('set null'),
    index('reports_client_generated_idx').on(t.clientId, t.generatedAt.desc()),
    index('reports_open_report_idx').on(t.openReportId),
    check('reports_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('reports_comment_length_check', sql`char_length(${t.comment}) <= 200`),
    check('reports_published_check', sql`${t.finalized} = false or ${t.published}`),
  ],
);
