import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accounts, bankClientRelationships, banks } from '../../db/schema';
import { bankTwelveMonthAverageSql } from '../balance-tables/twelve-month-averages';

// Client-bank relationships (spec 2 "Banks tab of the client").

const relationshipFields = {
  bankClientRelId: bankClientRelationships.bankClientRelId,
  clientId: bankClientRelationships.clientId,
  bankId: bankClientRelationships.bankId,
  bankName: banks.bankName,
  status: bankClientRelationships.status,
  collectionType: bankClientRelationships.collectionType,
  createdAt: bankClientRelationships.createdAt,
  updatedAt: bankClientRelationships.updatedAt,
  // Qualified by hand: this subquery must bind to the outer relationship row.
  numOfAccounts: sql<number>`(select count(*)::int from ${accounts} a
    where a.client_id = "bank_client_relationships"."client_id"
      and a.bank_id = "bank_client_relationships"."bank_id" and not a.is_staging)`,
  avgBalance12Months: bankTwelveMonthAverageSql(
    sql.raw('"bank_client_relationships"."client_id"'),
    sql.raw('"bank_client_relationships"."bank_id"'),
  ),
};

export async function selectRelationships(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(relationshipFields)
    .from(bankClientRelationships)
    .innerJoin(banks, eq(banks.bankId, bankClientRelationships.bankId))
    .where(where)
    .orderBy(asc(sql`lower(${banks.bankName})`), asc(bankClientRelationships.bankClientRelId));
}

export async function selectRelationshipById(db: DbOrTx, bankClientRelId: number) {
  const [row] = await selectRelationships(db, eq(bankClientRelationships.bankClientRelId, bankClientRelId));
  return row ?? null;
}

export async function selectRelationshipByClientBank(db: DbOrTx, clientId: number, bankId: number) {
  const [row] = await selectRelationships(
    db,
    and(eq(bankClientRelationships.clientId, clientId), eq(bankClientRelationships.bankId, bankId)),
  );
  return row ?? null;
}

export async function insertRelationship(db: DbOrTx, values: typeof bankClientRelationships.$inferInsert) {
  const [row] = await db.insert(bankClientRelationships).values(values).returning();
  return row!;
}

export async function updateRelationship(
  db: DbOrTx,
  bankClientRelId: number,
  values: Partial<typeof bankClientRelationships.$inferInsert>,
) {
  await db
    .update(bankClientRelationships)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bankClientRelationships.bankClientRelId, bankClientRelId));
}

export async function selectClientRelationships(db: DbOrTx, clientId: number) {
  return selectRelationships(db, eq(bankClientRelationships.clientId, clientId));
}

export async function insertRelationshipIfMissing(
  db: DbOrTx,
  values: typeof bankClientRelationships.$inferInsert,
) {
  const [row] = await db.insert(bankClientRelationships).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
