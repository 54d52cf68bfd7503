import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

// platform.md 3 "Global setting": id 1 the data-ingestion upload date (business day, 1-24), id 2 the
// maturity limit in days (the Maturing Investments window). Seeded by the migration that creates it.
export const globalSettings = pgTable('global_settings', {
  globalSettingId: integer('global_setting_id').primaryKey(),
  value: integer('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
