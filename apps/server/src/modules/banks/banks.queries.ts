import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { bankClientRelationships, banks, institutionTypes } from '../../db/schema';

/** Banks related to one of these clients: what a client-scoped user may see. */
export function whereBankRelatedToClients(clientIds: readonly number[]): SQL {
  if (clientIds.length === 0) return sql`false`;
  return inArray(
    banks.bankId,
    sql`(select ${bankClientRelationships.bankId} from ${bankClientRelationships}
      where ${inArray(bankClientRelationships.clientId, [...clientIds])})`,
  );
}

export async function selectBanks(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ bank: banks, institutionType: institutionTypes.institutionTypeName })
    .from(banks)
    .leftJoin(institutionTypes, eq(institutionTypes.institutionTypeId, banks.institutionTypeId))
    .where(where)
    .orderBy(asc(banks.bankId));
}

export async function selectBankById(db: DbOrTx, bankId: number, where?: SQL) {
  const [row] = await selectBanks(db, and(eq(banks.bankId, bankId), where));
  return row ?? null;
}

export async function selectBankOptions(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ bankId: banks.bankId, bankName: banks.bankName })
    .from(banks)
    .where(and(eq(banks.status, 1), where))
    .orderBy(asc(sql`lower(${banks.bankName})`), asc(banks.bankId));
}

export async function selectDefaultFrequencies(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ bankId: banks.bankId, defaultDataGatheringFrequency: banks.defaultDataGatheringFrequency })
    .from(banks)
    .where(where)
    .orderBy(asc(banks.bankId));
}

export async function existsBankName(db: DbOrTx, name: string, exceptId: number | undefined) {
  const [row] = await db
    .select({ bankId: banks.bankId })
    .from(banks)
    .where(
      and(
        sql`lower(${banks.bankName}) = lower(${name.trim()})`,
        exceptId === undefined ? undefined : sql`${banks.bankId} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertBank(db: DbOrTx, values: typeof banks.$inferInsert) {
  const [row] = await db.insert(banks).values(values).returning();
  return row!;
}

export async function lockBank(db: DbOrTx, bankId: number) {
  const [row] = await db.select().from(banks).where(eq(banks.bankId, bankId)).for('update');
  return row ?? null;
}

export async function updateBank(db: DbOrTx, bankId: number, values: Partial<typeof banks.$inferInsert>) {
  await db
    .update(banks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(banks.bankId, bankId));
}

// Institution types: administered with the other type lists (issue 6); banks read the active ones.

export async function selectActiveInstitutionTypes(db: DbOrTx) {
  return db
    .select({
      institutionTypeId: institutionTypes.institutionTypeId,
      institutionTypeName: institutionTypes.institutionTypeName,
    })
    .from(institutionTypes)
    .where(eq(institutionTypes.status, 1))
    .orderBy(asc(sql`lower(${institutionTypes.institutionTypeName})`));
}

export async function selectInstitutionType(db: DbOrTx, institutionTypeId: number) {
  const [row] = await db
    .select()
    .from(institutionTypes)
    .where(eq(institutionTypes.institutionTypeId, institutionTypeId));
  return row ?? null;
}
