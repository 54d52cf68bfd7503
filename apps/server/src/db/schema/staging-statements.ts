import { date, foreignKey, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { STATEMENT_BALANCE_SOURCES } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { batchAccounts, batchFiles } from './ingestion';

/**
 * Issue 39 point 1: one statement of an extracted file for one batch account, as the bank stated it
 * (BAI2 010/015, camt OPBD/PRCD and CLBD, OFX LEDGERBAL, MT940 60F/M and 62F/M, a template's balance
 * column or stated balances): its period and its opening and closing balance. The staged rows carry
 * their statement's index (staging_transactions.statement_index); the reconciliation adds them up
 * against these figures when it is read, so an edit or delete is always reflected.
 */
export const stagingStatements = pgTable(
  'staging_statements',
  {
    clientId: integer('client_id').notNull(),
    batchId: integer('batch_id').notNull(),
    batchAccountId: integer('batch_account_id').notNull(),
    batchFileId: integer('batch_file_id').notNull(),
    // The statement's place in its file (0-based), as ingest numbers them.
    statementIndex: integer('statement_index').notNull(),
    // The bank's statement id when it gives one (:20:, camt Stmt/Id, BAI2 group/account line).
    statementRef: text('statement_ref'),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    openingBalance: numeric('opening_balance', { precision: 18, scale: 2 }),
    closingBalance: numeric('closing_balance', { precision: 18, scale: 2 }),
    balanceSource: text('balance_source', { enum: STATEMENT_BALANCE_SOURCES }).notNull(),
    // Rows the file gave this statement as it was read (the reconciliation counts the staged ones).
    entryCount: integer('entry_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.batchFileId, t.statementIndex, t.batchAccountId] }),
    foreignKey({
      name: 'staging_statements_batch_account_fk',
      columns: [t.clientId, t.batchId, t.batchAccountId],
      foreignColumns: [batchAccounts.clientId, batchAccounts.batchId, batchAccounts.batchAccountId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'staging_statements_batch_file_fk',
      columns: [t.clientId, t.batchId, t.batchFileId],
      foreignColumns: [batchFiles.clientId, batchFiles.batchId, batchFiles.batchFileId],
    }).onDelete('cascade'),
    // The reconciliation reads an account's statements in date order.
    index('staging_statements_account_idx').on(t.batchAccountId, t.fromDate),
  ],
);
