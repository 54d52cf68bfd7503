import { boolean, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

// ingestion-analysis.md 7 "Treasury services": the pick lists of the treasury staging dialog, seeded by
// the migration treasury_lists. Staging rows (and the books) keep the chosen names as text, so a list
// entry renamed later does not rewrite a validated statement.

/** GET /standardized-description/list: what a balance or account balance line is standardized to. */
export const standardizedDescriptions = pgTable('standardized_descriptions', {
  standardDescriptionId: serial('standard_description_id').primaryKey(),
  name: text('name').notNull().unique(),
  // The earnings credit rate and other rates: percentages (spec 3).
  isRate: boolean('is_rate').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** GET /bank-level-exception/list: how the bank treats a charge. */
export const bankLevelExceptions = pgTable('bank_level_exceptions', {
  bankLevelExceptionId: serial('bank_level_exception_id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** GET /client-level-exception/list: how the client's analysis treats a charge. */
export const clientLevelExceptions = pgTable('client_level_exceptions', {
  clientLevelExceptionId: serial('client_level_exception_id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** GET /fee-categories/list: AFP service code families. */
export const feeCategories = pgTable('fee_categories', {
  categoryId: serial('category_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
});

/** Common services of a family; a sub category belongs to one category. */
export const feeSubCategories = pgTable(
  'fee_sub_categories',
  {
    subCategoryId: serial('sub_category_id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => feeCategories.categoryId, { onDelete: 'cascade' }),
    code: text('code'),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('fee_sub_categories_category_name_key').on(t.categoryId, t.name)],
);
