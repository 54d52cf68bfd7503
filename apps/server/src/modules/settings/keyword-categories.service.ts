import {
  KEYWORD_CATEGORY_MSG,
  type KeywordCategory,
  type KeywordCategoryEdit,
} from '@tideline/contracts/settings/keywords.schemas';
import type { Db } from '../../db/open-database';
import { isUniqueViolation } from '../../db/pg-errors';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, forbidden, notFound } from '../../platform/http/app-error';
import * as q from './keyword-categories.queries';

// platform.md 2.12 tab 0 'Manage Keyword Categories' and 4.5: a category with keywords cannot be
// deactivated. Ingestion gives a transaction the keyword whose category ranks lowest.

type CategoryRow = NonNullable<Awaited<ReturnType<typeof q.selectCategory>>>;
const toCategory = (r: CategoryRow): KeywordCategory => ({
  ...r,
  status: r.status === 1 ? 1 : 0,
  createdAt: r.createdAt.toISOString(),
});
const audited = (r: { categoryName: string; rank: number; status: number }) => ({
  categoryName: r.categoryName,
  rank: r.rank,
  status: r.status,
});

async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'keyword_categories_name_lower_key')) {
      const msg = KEYWORD_CATEGORY_MSG.duplicate(name);
      throw conflict(msg, { categoryName: [msg] });
    }
    throw error;
  }
}

const keywordsAssigned = () =>
  conflict(KEYWORD_CATEGORY_MSG.keywordsAssigned, { status: [KEYWORD_CATEGORY_MSG.keywordsAssigned] });

export function createKeywordCategoriesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listCategories(): Promise<KeywordCategory[]> {
      return (await q.selectCategories(db)).map(toCategory);
    },

    async findCategory(categoryId: number): Promise<KeywordCategory> {
      const row = await q.selectCategory(db, categoryId);
      if (!row) throw notFound(KEYWORD_CATEGORY_MSG.notFound);
      return toCategory(row);
    },

    /** Add: active from the start (creation sends no status, platform.md 4.5). */
    async createCategory(input: { categoryName: string; rank: number }, ctx: AuditContext) {
      return guardName(input.categoryName, () =>
        db.transaction(async (tx) => {
          const row = await q.insertCategory(tx, input);
          await writeAudit(tx, ctx, {
            action: 'keyword_category.created',
            entity: 'keyword_category',
            entityId: row.categoryId,
            after: audited(row),
          });
          return toCategory((await q.selectCategory(tx, row.categoryId))!);
        }),
      );
    },

    /** Edit; a status change needs DEACTIVATE_KEYWORD_CATEGORIES and deactivating needs no keywords. */
    async editCategory(user: CurrentUser, categoryId: number, input: KeywordCategoryEdit, ctx: AuditContext) {
      return guardName(input.categoryName, () =>
        db.transaction(async (tx) => {
          const [before] = await q.lockCategories(tx, [categoryId]);
          if (!before) throw notFound(KEYWORD_CATEGORY_MSG.notFound);
          if (input.status !== before.status) {
            if (!user.permList.includes('DEACTIVATE_KEYWORD_CATEGORIES')) throw forbidden();
            if (input.status === 0 && (await q.anyKeywordsAssigned(tx, [categoryId])))
              throw keywordsAssigned();
          }
          await q.updateCategory(tx, categoryId, input);
          const after = (await q.selectCategory(tx, categoryId))!;
          await writeAudit(tx, ctx, {
            action: 'keyword_category.updated',
            entity: 'keyword_category',
            entityId: categoryId,
            before: audited(before),
            after: audited(after),
          });
          return toCategory(after);
        }),
      );
    },

    /** Deactivate one or many, all or none: refused when any of them still has keywords. */
    async deactivateCategories(ids: readonly number[], ctx: AuditContext): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await q.lockCategories(tx, unique);
        if (rows.length !== unique.length) throw notFound(KEYWORD_CATEGORY_MSG.someNotFound);
        if (await q.anyKeywordsAssigned(tx, unique)) throw keywordsAssigned();
        const active = rows.filter((r) => r.status === 1);
        await q.deactivateCategories(
          tx,
          active.map((r) => r.categoryId),
        );
        for (const row of active) {
          await writeAudit(tx, ctx, {
            action: 'keyword_category.deactivated',
            entity: 'keyword_category',
            entityId: row.categoryId,
            before: { status: 1 },
            after: { status: 0 },
          });
        }
        return active.length;
      });
    },
  };
}
