import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// platform.md 3 "Keyword category" and "Keyword". Administered on Global Settings tab 0 (issue 6);
// transactions carry a keyword now. Ingestion assigns the keyword whose category ranks lowest.
export const keywordCategories = pgTable(
  'keyword_categories',
  {
    categoryId: serial('category_id').primaryKey(),
    categoryName: text('category_name').notNull(),
    rank: integer('rank').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('keyword_categories_name_lower_key').on(sql`lower(${t.categoryName})`),
    check('keyword_categories_status_check', sql`${t.status} in (0, 1)`),
    check('keyword_categories_rank_check', sql`${t.rank} >= 0`),
  ],
);

export const keywords = pgTable(
  'keywords',
  {
    keywordId: serial('keyword_id').primaryKey(),
    keywordName: text('keyword_name').notNull(),
    keywordCategoryId: integer('keyword_category_id')
      .notNull()
      .references(() => keywordCategories.categoryId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('keywords_name_lower_key').on(sql`lower(${t.keywordName})`)],
);
