import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open-database';
import { keywordCategories, keywords } from '../db/schema';
import { DEMO_KEYWORD_CATEGORIES } from './demo-keywords';
import type { DemoTransaction } from './plan-transactions';

/** Rows per INSERT: one statement with six array parameters, whatever the batch size. */
const BATCH_ROWS = 5_000;

/** '-1234.05' from -123405: exact, never through a float. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Keyword categories and keywords have no service yet (Global Settings comes with issue 6): they are
 * inserted here, keeping any that already exist. Answers keyword ids by name.
 */
export async function insertDemoKeywords(db: DbOrTx): Promise<Map<string, number>> {
  await db
    .insert(keywordCategories)
    .values(DEMO_KEYWORD_CATEGORIES.map((c) => ({ categoryName: c.categoryName, rank: c.rank })))
    .onConflictDoNothing();
  const categories = await db
    .select({ id: keywordCategories.categoryId, name: keywordCategories.categoryName })
    .from(keywordCategories);
  const categoryId = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
  await db
    .insert(keywords)
    .values(
      DEMO_KEYWORD_CATEGORIES.flatMap((c) =>
        c.keywords.map((keywordName) => ({
          keywordName,
          keywordCategoryId: categoryId.get(c.categoryName.toLowerCase())!,
        })),
      ),
    )
    .onConflictDoNothing();
  const rows = await db.select({ id: keywords.keywordId, name: keywords.keywordName }).from(keywords);
  return new Map(rows.map((r) => [r.name.toUpperCase(), r.id]));
}

/**
 * Bulk load through multi-row INSERTs (unnest of arrays), in batches, on either database. COPY FROM
 * STDIN is faster on PostgreSQL but breaks the protocol of PGlite's socket server, so one path serves both.
 */
export async function insertDemoTransactions(
  db: DbOrTx,
  rows: readonly DemoTransaction[],
  accountIds: ReadonlyMap<string, { clientId: number; accountId: number }>,
  keywordIds: ReadonlyMap<string, number>,
): Promise<number> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const ids = batch.map((r) => accountIds.get(r.accountKey)!);
    await db.execute(sql`
      insert into transactions (client_id, account_id, transaction_date, description, amount, keyword_id)
      select * from unnest(
        ${sql.param(ids.map((i) => i.clientId))}::int[],
        ${sql.param(ids.map((i) => i.accountId))}::int[],
        ${sql.param(batch.map((r) => r.date))}::date[],
        ${sql.param(batch.map((r) => r.description))}::text[],
        ${sql.param(batch.map((r) => centsToDecimal(r.amountCents)))}::numeric[],
        ${sql.param(batch.map((r) => (r.keyword === null ? null : (keywordIds.get(r.keyword) ?? null))))}::int[]
      )`);
  }
  return rows.length;
}
