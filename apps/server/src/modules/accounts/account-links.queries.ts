import { alias } from 'drizzle-orm/pg-core';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accountLinks, accounts } from '../../db/schema';

const linkedTo = alias(accounts, 'linked_to');

const linkFields = {
  id: accountLinks.accountLinkId,
  clientId: accountLinks.clientId,
  accountId: accountLinks.accountId,
  linkedToId: accountLinks.linkedToAccountId,
  linkedToAccountName: linkedTo.accountName,
  linkedDate: accountLinks.linkedDate,
};

export function selectLinksOfAccount(db: DbOrTx, accountId: number) {
  return db
    .select(linkFields)
    .from(accountLinks)
    .innerJoin(linkedTo, eq(linkedTo.accountId, accountLinks.linkedToAccountId))
    .where(eq(accountLinks.accountId, accountId))
    .orderBy(asc(accountLinks.accountLinkId));
}

export async function selectLinkById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(linkFields)
    .from(accountLinks)
    .innerJoin(linkedTo, eq(linkedTo.accountId, accountLinks.linkedToAccountId))
    .where(eq(accountLinks.accountLinkId, id));
  return row ?? null;
}

export async function selectLinkForUpdate(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accountLinks).where(eq(accountLinks.accountLinkId, id)).for('update');
  return row ?? null;
}

export async function insertLink(db: DbOrTx, values: typeof accountLinks.$inferInsert) {
  const [row] = await db.insert(accountLinks).values(values).returning();
  return row!;
}

export async function updateLink(db: DbOrTx, id: number, values: Partial<typeof accountLinks.$inferInsert>) {
  const [row] = await db
    .update(accountLinks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accountLinks.accountLinkId, id))
    .returning();
  return row!;
}

export async function deleteLink(db: DbOrTx, id: number) {
  await db.delete(accountLinks).where(eq(accountLinks.accountLinkId, id));
}
