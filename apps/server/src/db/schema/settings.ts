import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// platform.md 3 "Global setting": id 1 the data-ingestion upload date (business day, 1-24), id 2 the
// maturity limit in days (the Maturing Investments window); id 3, ours, the minimum of transactions a
// month of the report's "Accounts to close" (0-1000). Each is seeded by the migration that adds it.
export const globalSettings = pgTable('global_settings', {
  globalSettingId: integer('global_setting_id').primaryKey(),
  value: integer('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Raw bytes (PostgreSQL bytea): node-postgres answers a Buffer, PGlite a Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

// Ours (issue 42 point 5): the firm that sends the client reports, one row. Its name heads every page
// of a Liquidity Analysis and its logo (PNG or JPEG, at most FIRM_LOGO_MAX_BYTES) sits on the cover;
// the logo is kept here, not in file storage: it is small, firm-wide and read with every report.
export const firmProfile = pgTable(
  'firm_profile',
  {
    firmProfileId: integer('firm_profile_id').primaryKey().default(1),
    firmName: text('firm_name'),
    logo: bytes('logo'),
    logoContentType: text('logo_content_type'),
    updatedBy: integer('updated_by').references(() => users.userId, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('firm_profile_single_row_check', sql`${t.firmProfileId} = 1`),
    check('firm_profile_name_length_check', sql`char_length(${t.firmName}) <= 120`),
    check(
      'firm_profile_logo_check',
      sql`(${t.logo} is null) = (${t.logoContentType} is null) and (${t.logo} is null or octet_length(${t.logo}) <= 524288)`,
    ),
  ],
);

// platform.md 3 "Note category": managed on Global Settings tab 1, chosen on notes. Deactivated, never
// deleted, so notes keep the categories they have.
export const noteCategories = pgTable(
  'note_categories',
  {
    noteCategoryId: serial('note_category_id').primaryKey(),
    noteCategoryName: text('note_category_name').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('note_categories_name_lower_key').on(sql`lower(${t.noteCategoryName})`),
    check('note_categories_status_check', sql`${t.status} in (0, 1)`),
  ],
);

// platform.md 3 "Quote type": managed on Global Settings tab 4, chosen on negotiated rates.
export const quoteTypes = pgTable(
  'quote_types',
  {
    quoteTypeId: serial('quote_type_id').primaryKey(),
    quoteTypeName: text('quote_type_name').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_types_name_lower_key').on(sql`lower(${t.quoteTypeName})`),
    check('quote_types_status_check', sql`${t.status} in (0, 1)`),
  ],
);
