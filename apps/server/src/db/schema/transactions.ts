import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  bigint,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { files } from './files';
import { keywords } from './keywords';

// platform.md 3 "Transaction", sized for 10 million rows (issue 4 "Measure"): the account's list walks
// (account_id, transaction_date desc, transaction_id desc), and a description search narrows by account
// and trigrams together in one GIN index (btree_gin + pg_trgm; PGlite loads both in open-database.ts).
// Validated rows only: staging rows live apart.
export const transactions = pgTable(
  'transactions',
  {
    transactionId: bigserial('transaction_id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').notNull(),
    accountId: integer('account_id').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    // Signed: credits positive, debits negative.
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    // Deleting a keyword (Global Settings tab 0) unassigns it from its transactions.
    keywordId: integer('keyword_id').references(() => keywords.keywordId, { onDelete: 'set null' }),
    // Provenance: the statement file and batch the row was validated from (null when keyed or pulled).
    fileId: integer('file_id').references(() => files.fileId),
    batchId: integer('batch_id'),
    // Where in the statement the row was read (VALIDATE THIS BATCH). No foreign keys: deleting an open
    // report takes its batches and staging rows, never validated data (ingestion.md).
    batchFileId: integer('batch_file_id'),
    sourceRowNumber: integer('source_row_number'),
    sourceSheetName: text('source_sheet_name'),
    stagingTransactionId: bigint('staging_transaction_id', { mode: 'number' }),
    // The bank's own reference of the entry (issue 39): a later statement repeating it is a duplicate.
    bankReference: text('bank_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'transactions_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
    // DESC NULLS FIRST is what `order by … desc` means, so the planner walks this index for the page.
    index('transactions_account_date_idx').on(
      t.accountId,
      t.transactionDate.desc().nullsFirst(),
      t.transactionId.desc().nullsFirst(),
    ),
    index('transactions_client_date_idx').on(t.clientId, t.transactionDate),
    // Account first: a search counts the account's matches without visiting other accounts' candidates.
    index('transactions_account_description_trgm_idx').using(
      'gin',
      t.accountId,
      sql`lower(${t.description}) gin_trgm_ops`,
    ),
    // Lets a keyword delete find its transactions without reading the whole table.
    index('transactions_keyword_idx')
      .on(t.keywordId)
      .where(sql`${t.keywordId} is not null`),
    index('transactions_file_idx')
      .on(t.fileId)
      .where(sql`${t.fileId} is not null`),
    // A staging row becomes at most one transaction: promoting again adds nothing (on conflict do nothing).
    // A staged row's bank reference finds the booked row of the same reference in the account.
    index('transactions_account_reference_idx')
      .on(t.accountId, t.bankReference)
      .where(sql`${t.bankReference} is not null`),
    uniqueIndex('transactions_staging_transaction_key')
      .on(t.stagingTransactionId)
      .where(sql`${t.stagingTransactionId} is not null`),
  ],
);

/**
 * Each account's number of transactions, kept exact by statement-level triggers on transactions
 * (migration 0006), so the Transactions list's total needs no count(*) over the account's rows. An
 * account with no row here has none.
 */
export const accountTransactionCounts = pgTable('account_transaction_counts', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.accountId, { onDelete: 'cascade' }),
  transactionCount: bigint('transaction_count', { mode: 'number' }).notNull().default(0),
});
