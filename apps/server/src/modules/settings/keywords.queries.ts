import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { keywordCategories, keywords, transactions } from '../../db/schema';

const KEYWORD_COLUMNS = {
  keywordId: keywords.keywordId,
  keywordName: keywords.keywordName,
  keywordCategoryId: keywords.keywordCategoryId,
  keywordCategory: keywordCategories.categoryName,
  createdAt: keywords.createdAt,
};

/** Every keyword with its category's name, by name. */
export function selectKeywords(db: DbOrTx) {
  return db
    .select(KEYWORD_COLUMNS)
    .from(keywords)
    .innerJoin(keywordCategories, eq(keywordCategories.categoryId, keywords.keywordCategoryId))
    .orderBy(asc(sql`lower(${keywords.keywordName})`), asc(keywords.keywordId));
}

export async function selectKeyword(db: DbOrTx, keywordId: number) {
  const [row] = await db
    .select(KEYWORD_COLUMNS)
    .from(keywords)
    .innerJoin(keywordCategories, eq(keywordCategories.categoryId, keywords.keywordCategoryId))
    .where(eq(keywords.keywordId, keywordId));
  return row ?? null;
}

export async function lockKeyword(db: DbOrTx, keywordId: number) {
  const [row] = await db.select().from(keywords).where(eq(keywords.keywordId, keywordId)).for('update');
  return row ?? null;
}

export async function lockKeywords(db: DbOrTx, ids: readonly number[]) {
  return db
    .select()
    .from(keywords)
    .where(inArray(keywords.keywordId, [...ids]))
    .orderBy(asc(keywords.keywordId))
    .for('update');
}

export async function insertKeyword(db: DbOrTx, values: { keywordName: string; keywordCategoryId: number }) {
  const [row] = await db.insert(keywords).values(values).returning();
  return row!;
}

export async function updateKeyword(
  db: DbOrTx,
  keywordId: number,
  values: { keywordName: string; keywordCategoryId: number },
) {
  await db
    .update(keywords)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(keywords.keywordId, keywordId));
}

/** How many transactions each keyword is on (the delete's audit keeps it). */
export async function countTransactionsByKeyword(db: DbOrTx, ids: readonly number[]) {
  const rows = await db
    .select({ keywordId: transactions.keywordId, count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(inArray(transactions.keywordId, [...ids]))
    .groupBy(transactions.keywordId);
  return new Map(rows.map((r) => [r.keywordId!, r.count]));
}

/** Deletes the keywords; their transactions lose the keyword (foreign key ON DELETE SET NULL). */
export async function deleteKeywords(db: DbOrTx, ids: readonly number[]) {
  await db.delete(keywords).where(inArray(keywords.keywordId, [...ids]));
}

/** Keywords of active categories, lowest rank first: the order ingestion tries them in. */
export function selectKeywordsByRank(db: DbOrTx) {
  return db
    .select({ keywordId: keywords.keywordId, keywordName: keywords.keywordName })
    .from(keywords)
    .innerJoin(keywordCategories, eq(keywordCategories.categoryId, keywords.keywordCategoryId))
    .where(eq(keywordCategories.status, 1))
    .orderBy(asc(keywordCategories.rank), asc(keywordCategories.categoryId), asc(keywords.keywordId));
}
