import { sql } from 'drizzle-orm';
import {
  check,
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
import { clients } from './clients';

// platform.md 3 "Institution type". Administered on Global Settings tab 3 (issue 6); seeded by the
// migration because every bank picks one.
export const institutionTypes = pgTable(
  'institution_types',
  {
    institutionTypeId: serial('institution_type_id').primaryKey(),
    institutionTypeName: text('institution_type_name').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institution_types_name_lower_key').on(sql`lower(${t.institutionTypeName})`),
    check('institution_types_status_check', sql`${t.status} in (0, 1)`),
  ],
);

// clients-accounts-investments-reports.md 3 "Bank". Banks are shared by every client (no client_id);
// they are deactivated, never deleted. Same names are allowed (the web warns, the user may continue).
export const banks = pgTable(
  'banks',
  {
    bankId: serial('bank_id').primaryKey(),
    bankName: text('bank_name').notNull(),
    // In millions, positive, decimals allowed.
    assetSize: numeric('asset_size', { precision: 18, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(1),
    // Months (1, 2, 3, 4, 6 or 12): what the bank's accounts inherit unless they set their own.
    defaultDataGatheringFrequency: smallint('default_data_gathering_frequency').notNull().default(3),
    // The business day of the month (1-24) the bank's statements are available; null shows 'Not Set'.
    dataAvailabilityDate: smallint('data_availability_date'),
    fdicCode: text('fdic_code'),
    institutionTypeId: integer('institution_type_id').references(() => institutionTypes.institutionTypeId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banks_name_lower_idx').on(sql`lower(${t.bankName})`),
    check('banks_status_check', sql`${t.status} in (0, 1)`),
    check('banks_asset_size_check', sql`${t.assetSize} > 0`),
    check(
      'banks_data_availability_check',
      sql`${t.dataAvailabilityDate} is null or ${t.dataAvailabilityDate} between 1 and 24`,
    ),
  ],
);

// spec 3 "Client bank relationship": one per client and bank. Accounts point at it by (client, bank),
// import templates and (later) bank-link tokens by its id.
export const bankClientRelationships = pgTable(
  'bank_client_relationships',
  {
    bankClientRelId: serial('bank_client_rel_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.bankId),
    status: smallint('status').notNull().default(1),
    // One of COLLECTION_TYPES (contracts); accounts without their own inherit it.
    collectionType: text('collection_type').notNull().default('File Upload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bank_client_relationships_client_bank_key').on(t.clientId, t.bankId),
    // Lets tenant tables refer to a relationship together with their client_id (same tenant, enforced).
    unique('bank_client_relationships_client_rel_key').on(t.clientId, t.bankClientRelId),
    index('bank_client_relationships_bank_idx').on(t.bankId),
    check('bank_client_relationships_status_check', sql`${t.status} in (0, 1)`),
  ],
);
