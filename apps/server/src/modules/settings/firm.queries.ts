import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { firmProfile } from '../../db/schema';

export type FirmRow = typeof firmProfile.$inferSelect;

/** The firm's one row, or null before anyone saved it. */
export async function selectFirm(db: DbOrTx): Promise<FirmRow | null> {
  const [row] = await db.select().from(firmProfile);
  return row ?? null;
}

/** Writes the name and, when given, the logo (null removes it); creates the row the first time. */
export async function upsertFirm(
  db: DbOrTx,
  values: {
    firmName: string | null;
    logo?: { bytes: Uint8Array; contentType: string } | null;
    updatedBy: number | null;
  },
): Promise<FirmRow> {
  const logo =
    values.logo === undefined
      ? {}
      : { logo: values.logo?.bytes ?? null, logoContentType: values.logo?.contentType ?? null };
  const set = { firmName: values.firmName, updatedBy: values.updatedBy, ...logo };
  const [row] = await db
    .insert(firmProfile)
    .values({ firmProfileId: 1, ...set })
    .onConflictDoUpdate({ target: firmProfile.firmProfileId, set: { ...set, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
