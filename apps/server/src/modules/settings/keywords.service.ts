import {
  KEYWORD_MSG,
  type Keyword,
  type KeywordInputParsed,
} from '@tideline/contracts/settings/keywords.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { isUniqueViolation } from '../../db/pg-errors';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import * as categories from './keyword-categories.queries';
import * as q from './keywords.queries';

// platform.md 2.12 tab 0 'Manage Keywords': keywords are created, edited and deleted; a deleted
// keyword leaves the transactions that had it without one.

type KeywordRow = NonNullable<Awaited<ReturnType<typeof q.selectKeyword>>>;
const toKeyword = (r: KeywordRow): Keyword => ({ ...r, createdAt: r.createdAt.toISOString() });

async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'keywords_name_lower_key'))
      throw conflict(KEYWORD_MSG.duplicate(name), { keywordName: [KEYWORD_MSG.duplicate(name)] });
    throw error;
  }
}

/** The category must exist and be active, unless the keyword already has it (kept after a deactivation). */
async function assertCategoryUsable(db: DbOrTx, categoryId: number, currentId?: number) {
  const [category] = await categories.lockCategories(db, [categoryId]);
  if (!category)
    throw badRequest(KEYWORD_MSG.categoryNotFound, { keywordCategoryId: [KEYWORD_MSG.categoryNotFound] });
  if (category.status !== 1 && categoryId !== currentId)
    throw new AppError(422, KEYWORD_MSG.categoryInactive, {
      keywordCategoryId: [KEYWORD_MSG.categoryInactive],
    });
}

export function createKeywordsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listKeywords(): Promise<Keyword[]> {
      return (await q.selectKeywords(db)).map(toKeyword);
    },

    async findKeyword(keywordId: number): Promise<Keyword> {
      const row = await q.selectKeyword(db, keywordId);
      if (!row) throw notFound(KEYWORD_MSG.notFound);
      return toKeyword(row);
    },

    async createKeyword(input: KeywordInputParsed, ctx: AuditContext): Promise<Keyword> {
      return guardName(input.keywordName, () =>
        db.transaction(async (tx) => {
          await assertCategoryUsable(tx, input.keywordCategoryId);
          const row = await q.insertKeyword(tx, input);
          await writeAudit(tx, ctx, {
            action: 'keyword.created',
            entity: 'keyword',
            entityId: row.keywordId,
            after: input,
          });
          return toKeyword((await q.selectKeyword(tx, row.keywordId))!);
        }),
      );
    },

    async editKeyword(keywordId: number, input: KeywordInputParsed, ctx: AuditContext): Promise<Keyword> {
      return guardName(input.keywordName, () =>
        db.transaction(async (tx) => {
          const before = await q.lockKeyword(tx, keywordId);
          if (!before) throw notFound(KEYWORD_MSG.notFound);
          await assertCategoryUsable(tx, input.keywordCategoryId, before.keywordCategoryId);
          await q.updateKeyword(tx, keywordId, input);
          await writeAudit(tx, ctx, {
            action: 'keyword.updated',
            entity: 'keyword',
            entityId: keywordId,
            before: { keywordName: before.keywordName, keywordCategoryId: before.keywordCategoryId },
            after: input,
          });
          return toKeyword((await q.selectKeyword(tx, keywordId))!);
        }),
      );
    },

    /** Deletes one or many; the audit keeps each keyword and how many transactions lost it. */
    async deleteKeywords(ids: readonly number[], ctx: AuditContext): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await q.lockKeywords(tx, unique);
        if (rows.length !== unique.length) throw notFound(KEYWORD_MSG.someNotFound);
        const counts = await q.countTransactionsByKeyword(tx, unique);
        await q.deleteKeywords(tx, unique);
        for (const row of rows) {
          await writeAudit(tx, ctx, {
            action: 'keyword.deleted',
            entity: 'keyword',
            entityId: row.keywordId,
            before: {
              keywordName: row.keywordName,
              keywordCategoryId: row.keywordCategoryId,
              transactionCount: counts.get(row.keywordId) ?? 0,
            },
          });
        }
        return rows.length;
      });
    },
  };
}
