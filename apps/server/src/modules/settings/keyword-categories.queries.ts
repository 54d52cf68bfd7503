import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { keywordCategories, keywords } from '../../db/schema';

// platform.md 3 "Keyword category": keywordsAssigned says whether any keyword has the category.
const CATEGORY_COLUMNS = {
  categoryId: keywordCategories.categoryId,
  categoryName: keywordCategories.categoryName,
  rank: keywordCategories.rank,
  status: keywordCategories.status,
  createdAt: keywordCategories.createdAt,
  keywordsAssigned: sql<boolean>`exists (select 1 from ${keywords}
    where ${keywords.keywordCategoryId} = ${keywordCategories.categoryId})`,
};

/** Every category, by rank then name. */
export function selectCategories(db: DbOrTx) {
  return db
    .select(CATEGORY_COLUMNS)
    .from(keywordCategories)
    .orderBy(
      asc(keywordCategories.rank),
      asc(sql`lower(${keywordCategories.categoryName})`),
      asc(keywordCategories.categoryId),
    );
}

export async function selectCategory(db: DbOrTx, categoryId: number) {
  const [row] = await db
    .select(CATEGORY_COLUMNS)
    .from(keywordCategories)
    .where(eq(keywordCategories.categoryId, categoryId));
  return row ?? null;
}

/** The categories locked for the caller's transaction, with keywordsAssigned. */
export function lockCategories(db: DbOrTx, ids: readonly number[]) {
  return db
    .select(CATEGORY_COLUMNS)
    .from(keywordCategories)
    .where(inArray(keywordCategories.categoryId, [...ids]))
    .orderBy(asc(keywordCategories.categoryId))
    .for('update', { of: keywordCategories });
}

export async function insertCategory(db: DbOrTx, values: { categoryName: string; rank: number }) {
  const [row] = await db.insert(keywordCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: DbOrTx,
  categoryId: number,
  values: { categoryName: string; rank: number; status: number },
) {
  await db
    .update(keywordCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(keywordCategories.categoryId, categoryId));
}

export async function deactivateCategories(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(keywordCategories)
    .set({ status: 0, updatedAt: new Date() })
    .where(inArray(keywordCategories.categoryId, [...ids]));
}

/**
 * Whether any of the categories has a keyword. Asked in its own statement after the categories are
 * locked, so a keyword added by a transaction that held the lock first is seen.
 */
export async function anyKeywordsAssigned(db: DbOrTx, ids: readonly number[]): Promise<boolean> {
  const [row] = await db
    .select({ keywordId: keywords.keywordId })
    .from(keywords)
    .where(inArray(keywords.keywordCategoryId, [...ids]))
    .limit(1);
  return row !== undefined;
}
