import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { globalSettings } from '../../db/schema';

export async function selectGlobalSetting(db: DbOrTx, globalSettingId: number) {
  const [row] = await db
    .select()
    .from(globalSettings)
    .where(eq(globalSettings.globalSettingId, globalSettingId));
  return row ?? null;
}

/** Writes the value, creating the row if a database somehow lacks it. */
export async function upsertGlobalSetting(db: DbOrTx, globalSettingId: number, value: number) {
  const [row] = await db
    .insert(globalSettings)
    .values({ globalSettingId, value })
    .onConflictDoUpdate({ target: globalSettings.globalSettingId, set: { value, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
