import { sql } from 'drizzle-orm';
import {
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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BATCH_TEMPLATE_TYPES } from '@tideline/contracts/data-ingestion/batches.schemas';
import { bankClientRelationships } from './banks';
import { clients } from './clients';
import { importTemplates } from './templates';
import { users } from './users';

// ingestion.md "Reporting cycle": one open cycle per client at a time. The statuses are the spec's
// words (ingestion-analysis.md 3 "Open report"); the flows that move them come with data ingestion.
export const openReports = pgTable(
  'open_reports',
  {
    openReportId: serial('open_report_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    ingestionStatus: text('ingestion_status').notNull().default('NOT STARTED'),
    analysisStatus: text('analysis_status').notNull().default('Data Ingestion'),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Complete Analysis (issue 18): the analysis side of the cycle is closed; the cycle waits for its report.
    analysisCompletedAt: timestamp('analysis_completed_at', { withTimezone: true }),
    analysisCompletedBy: integer('analysis_completed_by').references(() => users.userId),
    // Issue 41 point 4: the runs the completed analysis used, per group (ids and a copy of each row,
    // analysis/frozen-runs.ts), written by Complete Analysis; later runs, deletions or edits of levels
    // never change them.
    frozenRuns: jsonb('frozen_runs'),
  },
  (t) => [
    uniqueIndex('open_reports_one_open_per_client_idx')
      .on(t.clientId)
      .where(sql`${t.closedAt} is null`),
    unique('open_reports_client_report_key').on(t.clientId, t.openReportId),
    check('open_reports_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

// ingestion.md "Batches": one bank relationship x one template type for the period Start Ingestion was
// given. client_id is repeated so the relationship and the report are both the same client's (composite
// keys). A batch's status is derived from its files and accounts (data-ingestion/batches/batches.queries.ts).
export const batches = pgTable(
  'batches',
  {
    batchId: serial('batch_id').primaryKey(),
    openReportId: integer('open_report_id').notNull(),
    clientId: integer('client_id').notNull(),
    bankClientRelId: integer('bank_client_rel_id').notNull(),
    templateType: text('template_type', { enum: BATCH_TEMPLATE_TYPES }).notNull(),
    templateId: integer('template_id').references(() => importTemplates.templateId, {
      onDelete: 'set null',
    }),
    // The statements expected: accounts x statement months of the period (ingestion.md "Batches").
    sourcesRequired: integer('sources_required').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    // Set by VALIDATE THIS BATCH: the validation history's completedAt.
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'batches_open_report_fk',
      columns: [t.clientId, t.openReportId],
      foreignColumns: [openReports.clientId, openReports.openReportId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'batches_relationship_fk',
      columns: [t.clientId, t.bankClientRelId],
      foreignColumns: [bankClientRelationships.clientId, bankClientRelationships.bankClientRelId],
    }).onDelete('cascade'),
    unique('batches_report_rel_type_key').on(t.openReportId, t.bankClientRelId, t.templateType),
    // Lets batch accounts, files and staging rows refer to the batch together with their client_id.
    unique('batches_client_batch_key').on(t.clientId, t.batchId),
    index('batches_client_idx').on(t.clientId),
    index('batches_relationship_idx').on(t.bankClientRelId),
    check('batches_sources_required_check', sql`${t.sourcesRequired} >= 0`),
    check('batches_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
