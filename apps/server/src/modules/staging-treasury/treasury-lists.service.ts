import type { FeeCategory } from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { DbOrTx } from '../../db/open-database';
import * as q from './treasury-lists.queries';

// ingestion-analysis.md 7 "Treasury services": the pick lists of the treasury staging dialog.

export const listStandardizedDescriptions = (db: DbOrTx) => q.selectStandardizedDescriptions(db);
export const listBankLevelExceptions = (db: DbOrTx) => q.selectBankLevelExceptions(db);
export const listClientLevelExceptions = (db: DbOrTx) => q.selectClientLevelExceptions(db);

/** The categories with their sub categories (the bulk edit's sub category list depends on the category). */
export async function listFeeCategories(db: DbOrTx): Promise<FeeCategory[]> {
  const [categories, subCategories] = await Promise.all([
    q.selectFeeCategories(db),
    q.selectFeeSubCategories(db),
  ]);
  return categories.map((c) => ({
    ...c,
    subCategories: subCategories.filter((s) => s.categoryId === c.categoryId),
  }));
}
