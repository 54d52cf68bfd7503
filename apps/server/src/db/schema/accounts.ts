import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bankClientRelationships, banks } from './banks';
import { clients } from './clients';
import { files } from './files';

// clients-accounts-investments-reports.md 3 "Account". Every tenant table carries client_id; child
// tables refer to an account by (client_id, account_id) so a row can never cross tenants.
export const accounts = pgTable(
  'accounts',
  {
    accountId: serial('account_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    // The account's bank; (client_id, bank_id) must be a relationship of the client.
    bankId: integer('bank_id').references(() => banks.bankId),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountAlias: text('account_alias'),
    // ACCOUNT_TYPES and ACCOUNT_CATEGORIES (contracts).
    accountType: text('account_type'),
    accountCategory: text('account_category'),
    // The start balance and its date.
    accountBalance: numeric('account_balance', { precision: 18, scale: 2 }),
    accountBalanceDate: date('account_balance_date', { mode: 'string' }),
    accountClosed: boolean('account_closed').notNull().default(false),
    accountDateClosed: date('account_date_closed', { mode: 'string' }),
    // Null follows the bank's default (months); a value is the account's own.
    dataGatheringFrequency: smallint('data_gathering_frequency'),
    // Null follows the relationship's collection type; a value is the account's own.
    collectionType: text('collection_type'),
    // Extracted by a bulk upload and not yet completed ('These accounts require additional setup').
    isStaging: boolean('is_staging').notNull().default(false),
    // The bulk-upload csv the account was extracted from: a retried extraction job finds its own
    // accounts by it and creates none twice (architecture.md "Background work").
    sourceFileId: integer('source_file_id').references(() => files.fileId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'accounts_relationship_fk',
      columns: [t.clientId, t.bankId],
      foreignColumns: [bankClientRelationships.clientId, bankClientRelationships.bankId],
    }),
    // Issue 4 "Bad input": a duplicate account number for the same bank and client is a 409.
    uniqueIndex('accounts_client_bank_number_key').on(t.clientId, t.bankId, t.accountNumber),
    unique('accounts_client_account_key').on(t.clientId, t.accountId),
    index('accounts_bank_idx').on(t.bankId),
    index('accounts_source_file_idx')
      .on(t.sourceFileId)
      .where(sql`${t.sourceFileId} is not null`),
    // A completed account has every field the Add/Edit Account form requires (spec 5).
    check(
      'accounts_complete_check',
      sql`${t.isStaging} or (${t.bankId} is not null and ${t.accountType} is not null and ${t.accountCategory} is not null and ${t.accountAlias} is not null and ${t.accountBalanceDate} is not null)`,
    ),
    check('accounts_closed_date_check', sql`${t.accountClosed} or ${t.accountDateClosed} is null`),
  ],
);

// spec 3 "Account group"; every client has exactly one built-in 'All Accounts' group.
export const accountGroups = pgTable(
  'account_groups',
  {
    groupId: serial('group_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    isAllAccounts: boolean('is_all_accounts').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_groups_client_name_lower_key').on(t.clientId, sql`lower(${t.groupName})`),
    uniqueIndex('account_groups_client_all_accounts_key')
      .on(t.clientId)
      .where(sql`${t.isAllAccounts}`),
    unique('account_groups_client_group_key').on(t.clientId, t.groupId),
  ],
);

// spec 3 accountXrefId: an account's membership of a group.
export const accountGroupAccounts = pgTable(
  'account_group_accounts',
  {
    accountGroupXrefId: serial('account_group_xref_id').primaryKey(),
    clientId: integer('client_id').notNull(),
    groupId: integer('group_id').notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'account_group_accounts_group_fk',
      columns: [t.clientId, t.groupId],
      foreignColumns: [accountGroups.clientId, accountGroups.groupId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'account_group_accounts_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
    unique('account_group_accounts_group_account_key').on(t.groupId, t.accountId),
    index('account_group_accounts_account_idx').on(t.accountId),
  ],
);

// spec 3 "Account link": at most one per account, to another account of the same client.
export const accountLinks = pgTable(
  'account_links',
  {
    accountLinkId: serial('account_link_id').primaryKey(),
    clientId: integer('client_id').notNull(),
    accountId: integer('account_id').notNull(),
    linkedToAccountId: integer('linked_to_account_id').notNull(),
    linkedDate: date('linked_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'account_links_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'account_links_linked_to_fk',
      columns: [t.clientId, t.linkedToAccountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
    unique('account_links_account_key').on(t.accountId),
    index('account_links_linked_to_idx').on(t.linkedToAccountId),
    check('account_links_not_self_check', sql`${t.accountId} <> ${t.linkedToAccountId}`),
  ],
);
