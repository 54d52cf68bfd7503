import { boolean, foreignKey, integer, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { batchAccounts, batchFiles } from './ingestion';

// What every staging row carries (issue 16 point 5): its client, batch, batch account, batch file and
// row number, and the Validated? flag. Staging rows are written in bulk by extraction (COPY in server
// mode), so the tables have no triggers and only the indexes their lists and deletes need.

/** The shared columns, fresh for each table. `sheetName` and `rowNumber` place the row in its file. */
export function stagingRowColumns() {
  return {
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').notNull(),
    batchAccountId: integer('batch_account_id').notNull(),
    batchFileId: integer('batch_file_id').notNull(),
    // The file's row (1-based, as in the saved .xlsx and the extraction messages) or, for bank formats,
    // the entry's number.
    rowNumber: integer('row_number').notNull(),
    // Workbooks number rows per sheet; null for every other format.
    sheetName: text('sheet_name'),
    // The spec's validationStatus Yes/No.
    validationStatus: boolean('validation_status').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

interface StagingRowKeys {
  clientId: AnyPgColumn;
  batchId: AnyPgColumn;
  batchAccountId: AnyPgColumn;
  batchFileId: AnyPgColumn;
  rowNumber: AnyPgColumn;
  sheetName: AnyPgColumn;
}

/**
 * Both parents by (client, batch, id), so a row can never join another batch's account or file; deleting
 * a batch account or a batch file takes its rows along. One row per file row: a retried extraction job
 * cannot stage a row twice (ingestion.md step 8), and the key serves the deletes by file.
 */
export function stagingRowConstraints(table: string, t: StagingRowKeys) {
  return [
    foreignKey({
      name: `${table}_batch_account_fk`,
      columns: [t.clientId, t.batchId, t.batchAccountId],
      foreignColumns: [batchAccounts.clientId, batchAccounts.batchId, batchAccounts.batchAccountId],
    }).onDelete('cascade'),
    foreignKey({
      name: `${table}_batch_file_fk`,
      columns: [t.clientId, t.batchId, t.batchFileId],
      foreignColumns: [batchFiles.clientId, batchFiles.batchId, batchFiles.batchFileId],
    }).onDelete('cascade'),
    unique(`${table}_file_row_key`).on(t.batchFileId, t.sheetName, t.rowNumber).nullsNotDistinct(),
  ];
}
