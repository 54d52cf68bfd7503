import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { banks, clients, negotiatedRates, quoteTypes } from '../../db/schema';
import { whereBankRelatedToClients } from '../banks/banks.queries';

export type NegotiatedRateRecord = typeof negotiatedRates.$inferSelect;
export type NegotiatedRateValues = Omit<
  typeof negotiatedRates.$inferInsert,
  'negotiatedRateId' | 'createdAt' | 'updatedAt'
>;

/** The rates matching `where` with their client, bank and quote type names, newest first. */
export function selectRates(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      rate: negotiatedRates,
      clientName: clients.clientName,
      bankName: banks.bankName,
      quoteType: quoteTypes.quoteTypeName,
    })
    .from(negotiatedRates)
    .innerJoin(clients, eq(clients.clientId, negotiatedRates.clientId))
    .innerJoin(banks, eq(banks.bankId, negotiatedRates.bankId))
    .leftJoin(quoteTypes, eq(quoteTypes.quoteTypeId, negotiatedRates.quoteTypeId))
    .where(where)
    .orderBy(desc(negotiatedRates.createdAt), desc(negotiatedRates.negotiatedRateId));
}

export type RateRow = Awaited<ReturnType<typeof selectRates>>[number];

export async function selectRateForUpdate(tx: DbOrTx, id: number): Promise<NegotiatedRateRecord | null> {
  const [row] = await tx
    .select()
    .from(negotiatedRates)
    .where(eq(negotiatedRates.negotiatedRateId, id))
    .for('update');
  return row ?? null;
}

/** Whether the bank exists and, for a client-scoped user, is related to one of their clients. */
export async function isBankChoosable(db: DbOrTx, bankId: number, scopedTo: number[] | null) {
  const [row] = await db
    .select({ bankId: banks.bankId })
    .from(banks)
    .where(and(eq(banks.bankId, bankId), scopedTo ? whereBankRelatedToClients(scopedTo) : undefined));
  return Boolean(row);
}

export async function isQuoteTypeActive(db: DbOrTx, quoteTypeId: number) {
  const [row] = await db
    .select({ id: quoteTypes.quoteTypeId })
    .from(quoteTypes)
    .where(and(eq(quoteTypes.quoteTypeId, quoteTypeId), eq(quoteTypes.status, 1)));
  return Boolean(row);
}

export async function insertRate(tx: DbOrTx, values: NegotiatedRateValues) {
  const [row] = await tx.insert(negotiatedRates).values(values).returning();
  return row!;
}

export async function updateRate(tx: DbOrTx, id: number, values: Partial<NegotiatedRateValues>) {
  const [row] = await tx
    .update(negotiatedRates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(negotiatedRates.negotiatedRateId, id))
    .returning();
  return row!;
}

export async function deleteRate(tx: DbOrTx, id: number) {
  await tx.delete(negotiatedRates).where(eq(negotiatedRates.negotiatedRateId, id));
}
