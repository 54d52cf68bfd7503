import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bankClientRelationships } from './banks';
import { files } from './files';

// ingestion.md "Batches and batch accounts": VALIDATE THIS BATCH turns validated treasury (account
// analysis) staging rows into fee and balance records. Same business columns as staging_fees,
// staging_balances and staging_account_balances; the period is the batch's. Provenance has no foreign
// keys to batches or staging: deleting an open report never deletes validated data.

const pairs = (name: string) =>
  jsonb(name)
    .$type<[number, string | null][]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/** What every promoted treasury row carries: whose, which period, and where it was read. */
function bookRowColumns() {
  return {
    clientId: integer('client_id').notNull(),
    bankClientRelId: integer('bank_client_rel_id').notNull(),
    // The batch account's account in an account batch; null for a treasury section.
    accountId: integer('account_id'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    fileId: integer('file_id').references(() => files.fileId),
    batchId: integer('batch_id').notNull(),
    batchFileId: integer('batch_file_id').notNull(),
    sourceRowNumber: integer('source_row_number').notNull(),
    sourceSheetName: text('source_sheet_name'),
    accountNumber: text('account_number').notNull().default(''),
    afpCode: text('afp_code'),
    description: text('description').notNull().default(''),
    headers: jsonb('headers')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    amounts: pairs('amounts'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

interface BookRowKeys {
  clientId: AnyPgColumn;
  bankClientRelId: AnyPgColumn;
  accountId: AnyPgColumn;
  periodStart: AnyPgColumn;
  fileId: AnyPgColumn;
}

/** The relationship and account are the row's client's; a client's rows by period; file lookups. */
function bookRowConstraints(table: string, t: BookRowKeys, stagingId: AnyPgColumn) {
  return [
    foreignKey({
      name: `${table}_relationship_fk`,
      columns: [t.clientId, t.bankClientRelId],
      foreignColumns: [bankClientRelationships.clientId, bankClientRelationships.bankClientRelId],
    }).onDelete('cascade'),
    foreignKey({
      name: `${table}_account_fk`,
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
    index(`${table}_client_period_idx`).on(t.clientId, t.periodStart),
    index(`${table}_relationship_idx`).on(t.bankClientRelId),
    index(`${table}_account_idx`)
      .on(t.accountId)
      .where(sql`${t.accountId} is not null`),
    index(`${table}_file_idx`)
      .on(t.fileId)
      .where(sql`${t.fileId} is not null`),
    // A staging row is promoted at most once: promoting again adds nothing (on conflict do nothing).
    uniqueIndex(`${table}_staging_key`)
      .on(stagingId)
      .where(sql`${stagingId} is not null`),
  ];
}

/** A service charge of an analysis statement (from staging_fees). */
export const fees = pgTable(
  'fees',
  {
    feeId: bigserial('fee_id', { mode: 'number' }).primaryKey(),
    ...bookRowColumns(),
    stagingFeeId: bigint('staging_fee_id', { mode: 'number' }),
    bankCategory: text('bank_category'),
    bankCode: text('bank_code'),
    category: text('category'),
    subCategory: text('sub_category'),
    bankLevelException: text('bank_level_exception'),
    clientLevelException: text('client_level_exception'),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }),
    volume: numeric('volume', { precision: 18, scale: 4 }),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: text('currency'),
    volumes: pairs('volumes'),
  },
  (t) => bookRowConstraints('fees', t, t.stagingFeeId),
);

/** A statement-level balance or rate (from staging_balances). */
export const balances = pgTable(
  'balances',
  {
    balanceId: bigserial('balance_id', { mode: 'number' }).primaryKey(),
    ...bookRowColumns(),
    stagingBalanceId: bigint('staging_balance_id', { mode: 'number' }),
    standardizedDescription: text('standardized_description'),
    isRate: boolean('is_rate').notNull().default(false),
    amount: numeric('amount', { precision: 20, scale: 6 }),
    volumes: pairs('volumes'),
  },
  (t) => bookRowConstraints('balances', t, t.stagingBalanceId),
);

/** One account's balance line within the analysis statement (from staging_account_balances). */
export const accountBalances = pgTable(
  'account_balances',
  {
    accountBalanceId: bigserial('account_balance_id', { mode: 'number' }).primaryKey(),
    ...bookRowColumns(),
    stagingAccountBalanceId: bigint('staging_account_balance_id', { mode: 'number' }),
    standardizedDescription: text('standardized_description'),
    isRate: boolean('is_rate').notNull().default(false),
    amount: numeric('amount', { precision: 20, scale: 6 }),
  },
  (t) => bookRowConstraints('account_balances', t, t.stagingAccountBalanceId),
);
