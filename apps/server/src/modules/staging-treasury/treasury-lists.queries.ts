import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import {
  bankLevelExceptions,
  clientLevelExceptions,
  feeCategories,
  feeSubCategories,
  standardizedDescriptions,
} from '../../db/schema';

// ingestion-analysis.md 7 "Treasury services": the four pick lists, seeded by the migration
// treasury_lists, each in its list order.

export function selectStandardizedDescriptions(db: DbOrTx) {
  return db
    .select({
      standardDescriptionId: standardizedDescriptions.standardDescriptionId,
      name: standardizedDescriptions.name,
      isRate: standardizedDescriptions.isRate,
    })
    .from(standardizedDescriptions)
    .orderBy(asc(standardizedDescriptions.sortOrder), asc(standardizedDescriptions.name));
}

export function selectBankLevelExceptions(db: DbOrTx) {
  return db
    .select({
      bankLevelExceptionId: bankLevelExceptions.bankLevelExceptionId,
      name: bankLevelExceptions.name,
      description: bankLevelExceptions.description,
    })
    .from(bankLevelExceptions)
    .orderBy(asc(bankLevelExceptions.sortOrder), asc(bankLevelExceptions.name));
}

export function selectClientLevelExceptions(db: DbOrTx) {
  return db
    .select({
      clientLevelExceptionId: clientLevelExceptions.clientLevelExceptionId,
      name: clientLevelExceptions.name,
      description: clientLevelExceptions.description,
    })
    .from(clientLevelExceptions)
    .orderBy(asc(clientLevelExceptions.sortOrder), asc(clientLevelExceptions.name));
}

export function selectFeeCategories(db: DbOrTx) {
  return db
    .select({ categoryId: feeCategories.categoryId, code: feeCategories.code, name: feeCategories.name })
    .from(feeCategories)
    .orderBy(asc(feeCategories.code));
}

export function selectFeeSubCategories(db: DbOrTx) {
  return db
    .select({
      subCategoryId: feeSubCategories.subCategoryId,
      categoryId: feeSubCategories.categoryId,
      code: feeSubCategories.code,
      name: feeSubCategories.name,
    })
    .from(feeSubCategories)
    .orderBy(asc(feeSubCategories.categoryId), asc(feeSubCategories.sortOrder), asc(feeSubCategories.name));
}

// The staging edits read the chosen entry FOR SHARE: a Global Settings rename or delete of it waits for
// them, and they see its outcome (treasury-list-settings.service.ts).

export async function findStandardizedDescription(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(standardizedDescriptions)
    .where(eq(standardizedDescriptions.standardDescriptionId, id))
    .for('share');
  return row ?? null;
}

export async function findFeeCategory(db: DbOrTx, id: number) {
  const [row] = await db.select().from(feeCategories).where(eq(feeCategories.categoryId, id)).for('share');
  return row ?? null;
}

export async function findFeeSubCategory(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(feeSubCategories)
    .where(eq(feeSubCategories.subCategoryId, id))
    .for('share');
  return row ?? null;
}

export async function findBankLevelException(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(bankLevelExceptions)
    .where(eq(bankLevelExceptions.bankLevelExceptionId, id))
    .for('share');
  return row ?? null;
}

export async function findClientLevelException(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(clientLevelExceptions)
    .where(eq(clientLevelExceptions.clientLevelExceptionId, id))
    .for('share');
  return row ?? null;
}
