import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { bankLinks } from '../../db/schema';

// Bank links (ingestion.md "Pull providers"): at most one provider connection per relationship.

export type BankLinkRow = typeof bankLinks.$inferSelect;

export async function selectBankLink(db: DbOrTx, bankClientRelId: number): Promise<BankLinkRow | null> {
  const [row] = await db.select().from(bankLinks).where(eq(bankLinks.bankClientRelId, bankClientRelId));
  return row ?? null;
}

/** Locked for the caller's transaction: two links saved at once for one relationship queue up. */
export async function selectBankLinkForUpdate(db: DbOrTx, bankClientRelId: number) {
  const [row] = await db
    .select()
    .from(bankLinks)
    .where(eq(bankLinks.bankClientRelId, bankClientRelId))
    .for('update');
  return row ?? null;
}

/** Saves the relationship's connection, replacing the one it had. */
export async function upsertBankLink(
  db: DbOrTx,
  values: Omit<typeof bankLinks.$inferInsert, 'bankLinkId' | 'createdAt' | 'updatedAt'>,
): Promise<BankLinkRow> {
  const [row] = await db
    .insert(bankLinks)
    .values(values)
    .onConflictDoUpdate({
      target: bankLinks.bankClientRelId,
      set: {
        provider: values.provider,
        itemId: values.itemId,
        accessTokenCiphertext: values.accessTokenCiphertext,
        createdBy: values.createdBy,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function deleteBankLink(db: DbOrTx, bankClientRelId: number): Promise<BankLinkRow | null> {
  const [row] = await db.delete(bankLinks).where(eq(bankLinks.bankClientRelId, bankClientRelId)).returning();
  return row ?? null;
}
