import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BATCH_ACCOUNT_STATUSES,
  RESTORABLE_BATCH_ACCOUNT_STATUSES,
  TREASURY_SECTION_TYPES,
} from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import {
  BATCH_FILE_STATUSES,
  FILE_TEMPLATE_TYPES,
} from '@tideline/contracts/data-ingestion/batch-files.schemas';
import { accounts } from './accounts';
import { files } from './files';
import { jobRuns } from './jobs';
import { batches } from './reporting';
import { users } from './users';

// ingestion.md "Batches and batch accounts". Every row repeats client_id and points at its batch by
// (client_id, batch_id), so an account, a file or a staging row can never sit in another client's batch.

/**
 * One account of the batch's relationship (account_id), or for a Treasury batch one section of the
 * analysis statement (section_type): exactly one of the two. Start Ingestion creates them Needs Files;
 * extraction moves them to Needs Validation; Validate to Validated; Ignore to Ignored,
 * remembering in restore_status what Restore returns to.
 */
export const batchAccounts = pgTable(
  'batch_accounts',
  {
    batchAccountId: serial('batch_account_id').primaryKey(),
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').notNull(),
    accountId: integer('account_id'),
    sectionType: text('section_type', { enum: TREASURY_SECTION_TYPES }),
    status: text('status', { enum: BATCH_ACCOUNT_STATUSES }).notNull().default('Needs Files'),
    restoreStatus: text('restore_status', { enum: RESTORABLE_BATCH_ACCOUNT_STATUSES }),
    // The statement months of the batch period this account should deliver; the batch's sourcesRequired
    // is their sum (a treasury statement covers its three sections at once: see start-ingestion.service).
    statementMonths: smallint('statement_months').notNull(),
    // Start Balance and End Balance are read from the account's statements (staging_statements).
    // Set by VALIDATE THIS BATCH once the account's validated rows are in the books; cleared when a new
    // file is extracted into it (it goes back to Needs Validation).
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    // Issue 39 point 1: an account that does not reconcile is validated only with an override and a
    // reason, kept here (and audited) with what the reconciliation said then; a change of its rows or
    // a new file clears it, since the decision did not cover them.
    overrideReason: text('override_reason'),
    overrideSummary: text('override_summary'),
    overrideBy: integer('override_by').references(() => users.userId),
    overrideAt: timestamp('override_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'batch_accounts_batch_fk',
      columns: [t.clientId, t.batchId],
      foreignColumns: [batches.clientId, batches.batchId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'batch_accounts_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
    // Staging rows refer to (client, batch, batch account): one key keeps all three together.
    unique('batch_accounts_client_batch_key').on(t.clientId, t.batchId, t.batchAccountId),
    uniqueIndex('batch_accounts_batch_account_key')
      .on(t.batchId, t.accountId)
      .where(sql`${t.accountId} is not null`),
    uniqueIndex('batch_accounts_batch_section_key')
      .on(t.batchId, t.sectionType)
      .where(sql`${t.sectionType} is not null`),
    // The summaries count accounts by status per batch; deleting an account finds its batch accounts.
    index('batch_accounts_batch_status_idx').on(t.batchId, t.status),
    index('batch_accounts_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} is not null`),
    check('batch_accounts_kind_check', sql`(${t.accountId} is null) <> (${t.sectionType} is null)`),
    check('batch_accounts_restore_check', sql`(${t.status} = 'Ignored') = (${t.restoreStatus} is not null)`),
    check('batch_accounts_statement_months_check', sql`${t.statementMonths} >= 0`),
  ],
);

/**
 * The spec's "extraction file" (fileAuditId = batch_file_id): one uploaded statement of a batch, the
 * stored source (files), its .xlsx copy once read (hasExcel), and what extraction learned. At most one
 * live file per name in a batch: an upload of the same name needs allowOverwrite and marks the old one
 * Replaced (ingestion.md step 7).
 */
export const batchFiles = pgTable(
  'batch_files',
  {
    batchFileId: serial('batch_file_id').primaryKey(),
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.fileId),
    excelFileId: integer('excel_file_id').references(() => files.fileId),
    // As uploaded, spaces removed (spec 4 "Upload flow"); files.file_name keeps the same.
    uploadedFileName: text('uploaded_file_name').notNull(),
    templateType: text('template_type', { enum: FILE_TEMPLATE_TYPES }).notNull(),
    status: text('status', { enum: BATCH_FILE_STATUSES }).notNull().default('Queued'),
    extractionMessage: text('extraction_message'),
    // The grid's header row as text (0-based row number) and its first non-empty cell: the starting
    // point of Create Header Row Template and Create First Cell Template when no template matched.
    headerRow: text('header_row'),
    headerRowNumber: integer('header_row_number'),
    firstCell: text('first_cell'),
    allowOverwrite: boolean('allow_overwrite').notNull().default(false),
    jobId: uuid('job_id').references(() => jobRuns.jobId, { onDelete: 'set null' }),
    rowCount: integer('row_count').notNull().default(0),
    uploadedBy: integer('uploaded_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // When the status last changed: the Extraction Progress dialog's Date.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'batch_files_batch_fk',
      columns: [t.clientId, t.batchId],
      foreignColumns: [batches.clientId, batches.batchId],
    }).onDelete('cascade'),
    unique('batch_files_client_batch_key').on(t.clientId, t.batchId, t.batchFileId),
    uniqueIndex('batch_files_live_name_key')
      .on(t.batchId, t.uploadedFileName)
      .where(sql`${t.status} <> 'Replaced'`),
    // The extraction lists (by batch, by client) newest first.
    index('batch_files_batch_updated_idx').on(t.batchId, t.updatedAt.desc()),
    index('batch_files_client_updated_idx').on(t.clientId, t.updatedAt.desc()),
    // The 4-second poll counts files still queued or read, per batch of the client.
    index('batch_files_in_progress_idx')
      .on(t.clientId, t.batchId)
      .where(sql`${t.status} in ('Queued', 'In Progress')`),
    index('batch_files_file_idx').on(t.fileId),
    index('batch_files_excel_file_idx')
      .on(t.excelFileId)
      .where(sql`${t.excelFileId} is not null`),
    index('batch_files_job_idx')
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
  ],
);

/**
 * Which batch accounts a file was extracted into (a statement may hold several accounts), with the
 * rows it staged for each: the batch account's fileIdList, written with the staging rows.
 */
export const batchAccountFiles = pgTable(
  'batch_account_files',
  {
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').notNull(),
    batchAccountId: integer('batch_account_id').notNull(),
    batchFileId: integer('batch_file_id').notNull(),
    rowCount: integer('row_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.batchAccountId, t.batchFileId] }),
    foreignKey({
      name: 'batch_account_files_account_fk',
      columns: [t.clientId, t.batchId, t.batchAccountId],
      foreignColumns: [batchAccounts.clientId, batchAccounts.batchId, batchAccounts.batchAccountId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'batch_account_files_file_fk',
      columns: [t.clientId, t.batchId, t.batchFileId],
      foreignColumns: [batchFiles.clientId, batchFiles.batchId, batchFiles.batchFileId],
    }).onDelete('cascade'),
    index('batch_account_files_file_idx').on(t.batchFileId),
  ],
);
