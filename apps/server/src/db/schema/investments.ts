import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { clients } from './clients';
import { files } from './files';

// platform.md 3 "Investment type": managed on Global Settings tab 2; an inactive type (status 0) stays
// on the investments that have it but cannot be chosen again. Callable instruments need a call date;
// the others may have none (issue 20 point 1).
export const investmentTypes = pgTable(
  'investment_types',
  {
    investmentTypeId: serial('investment_type_id').primaryKey(),
    investmentTypeName: text('investment_type_name').notNull(),
    status: smallint('status').notNull().default(1),
    callable: boolean('callable').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('investment_types_name_lower_key').on(sql`lower(${t.investmentTypeName})`),
    check('investment_types_status_check', sql`${t.status} in (0, 1)`),
  ],
);

// clients-accounts-investments-reports.md 3 "Investment": only what is typed in or ingested is stored;
// daysUntilMaturity, interestAtMaturity, premiumDiscount, bank and clientAccountRelationship are computed
// by the queries (modules/investments/investment-fields.ts). Rates are percents (4.25 = 4.25 %).
export const investments = pgTable(
  'investments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    // Null = no source file (sent as 1, spec 9).
    fileId: integer('file_id').references(() => files.fileId, { onDelete: 'set null' }),
    investmentTypeId: integer('investment_type_id')
      .notNull()
      .references(() => investmentTypes.investmentTypeId),
    // The market identifier (CUSIP, SEDOL, ISIN): the spec's investmentId.
    marketIdentifier: text('market_identifier'),
    faceValue: numeric('face_value', { precision: 18, scale: 2 }).notNull(),
    settlementAmount: numeric('settlement_amount', { precision: 18, scale: 2 }).notNull(),
    interestRate: numeric('interest_rate', { precision: 9, scale: 6 }).notNull(),
    couponRate: numeric('coupon_rate', { precision: 9, scale: 6 }),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    maturityDate: date('maturity_date', { mode: 'string' }).notNull(),
    callDate: date('call_date', { mode: 'string' }),
    fund: varchar('fund', { length: 50 }),
    // analytics.md "Liquidity levels": 1 to 5, written by analysis only.
    liquidityLevel: smallint('liquidity_level'),
    // Provenance of the last promotion that inserted or updated it (VALIDATE THIS BATCH); no foreign
    // keys, so deleting an open report never touches validated data.
    batchId: integer('batch_id'),
    batchFileId: integer('batch_file_id'),
    sourceRowNumber: integer('source_row_number'),
    sourceSheetName: text('source_sheet_name'),
    stagingInvestmentId: bigint('staging_investment_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'investments_account_fk',
      columns: [t.clientId, t.accountId],
      foreignColumns: [accounts.clientId, accounts.accountId],
    }).onDelete('cascade'),
    // The paged lists: per client and per account by maturity (also the maturing window and widgets),
    // firm-wide by maturity and by creation.
    index('investments_client_maturity_idx').on(t.clientId, t.maturityDate),
    index('investments_account_maturity_idx').on(t.accountId, t.maturityDate),
    index('investments_maturity_idx').on(t.maturityDate, t.id),
    index('investments_created_idx').on(t.createdAt, t.id),
    index('investments_type_idx').on(t.investmentTypeId),
    index('investments_file_idx')
      .on(t.fileId)
      .where(sql`${t.fileId} is not null`),
    index('investments_staging_investment_idx')
      .on(t.stagingInvestmentId)
      .where(sql`${t.stagingInvestmentId} is not null`),
    index('investments_identifier_lower_idx').on(sql`lower(${t.marketIdentifier}) text_pattern_ops`),
    check('investments_liquidity_level_check', sql`${t.liquidityLevel} between 1 and 5`),
    check('investments_amounts_check', sql`${t.faceValue} >= 0 and ${t.settlementAmount} >= 0`),
  ],
);

// Spec 3 "Investment group": firm-wide (no client_id), so a group may gather investments of several
// clients. Same names are allowed: the web warns and the user may continue (spec 4).
export const investmentGroups = pgTable(
  'investment_groups',
  {
    groupId: serial('group_id').primaryKey(),
    groupName: text('group_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('investment_groups_name_lower_idx').on(sql`lower(${t.groupName})`)],
);

// A membership; the primary key makes adding an investment twice a no-op (issue 5 "Bad input").
export const investmentGroupInvestments = pgTable(
  'investment_group_investments',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => investmentGroups.groupId, { onDelete: 'cascade' }),
    investmentId: integer('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.investmentId] }),
    index('investment_group_investments_investment_idx').on(t.investmentId),
  ],
);
