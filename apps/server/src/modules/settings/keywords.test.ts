import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import {
  KEYWORD_CATEGORY_MSG,
  KEYWORD_MSG,
  type Keyword,
  type KeywordCategory,
} from '@tideline/contracts/settings/keywords.schemas';
import { auditLog, transactions } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';

let ctx: TestContext;
let admin: SignedInUser;
let nobody: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  nobody = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_GLOBAL_SETTINGS'])).roleName);
});
afterAll(() => ctx.close());

const API = '/api/administration';
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function addCategory(rank = 3): Promise<KeywordCategory> {
  const res = await call(ctx, 'POST', `${API}/keyword-category`, admin, {
    keywordCategory: { categoryName: uniqueName('Category'), rank },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().keywordCategory as KeywordCategory;
}

async function addKeyword(keywordCategoryId: number, keywordName = uniqueName('KEYWORD')): Promise<Keyword> {
  const res = await call(ctx, 'POST', `${API}/keywords`, admin, {
    keyword: { keywordName, keywordCategoryId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().keyword as Keyword;
}

const deactivate = (ids: number[], user = admin) =>
  call(ctx, 'PUT', `${API}/keyword-category`, user, { keywords: { ids } });

describe('keyword categories', () => {
  it('adds a category (active, with its rank), lists it with keywordsAssigned and audits it', async () => {
    const category = await addCategory(7);
    expect(category).toMatchObject({ rank: 7, status: 1, keywordsAssigned: false });
    await addKeyword(category.categoryId);
    const list = (await call(ctx, 'GET', `${API}/keyword-category`, admin)).json() as KeywordCategory[];
    expect(list.find((c) => c.categoryId === category.categoryId)).toMatchObject({ keywordsAssigned: true });
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'keyword_category'), eq(auditLog.entityId, String(category.categoryId))),
      );
    expect(audit.map((a) => a.action)).toEqual(['keyword_category.created']);
  });

  it('validates the name and the rank with the spec messages', async () => {
    const post = (keywordCategory: Record<string, unknown>) =>
      call(ctx, 'POST', `${API}/keyword-category`, admin, { keywordCategory });
    const blank = await post({ categoryName: '', rank: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toMatchObject({
      'keywordCategory.categoryName': [MSG.required],
      'keywordCategory.rank': [MSG.required],
    });
    expect((await post({ categoryName: uniqueName('C'), rank: 'abc' })).json().fieldErrors).toMatchObject({
      'keywordCategory.rank': [MSG.fieldMustBeNumber],
    });
    expect((await post({ categoryName: uniqueName('C'), rank: -1 })).json().fieldErrors).toMatchObject({
      'keywordCategory.rank': ['Minimum is 0.'],
    });
    expect((await post({ categoryName: uniqueName('C'), rank: '0' })).statusCode).toBe(201);
  });

  it('refuses a taken name whatever its case (409)', async () => {
    const category = await addCategory();
    const again = await call(ctx, 'POST', `${API}/keyword-category`, admin, {
      keywordCategory: { categoryName: category.categoryName.toUpperCase(), rank: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(KEYWORD_CATEGORY_MSG.duplicate(category.categoryName.toUpperCase()));
  });

  it('deactivates one or many, and refuses all of them while any has keywords', async () => {
    const [free, alsoFree, used] = [await addCategory(), await addCategory(), await addCategory()];
    await addKeyword(used.categoryId);

    const blocked = await deactivate([free.categoryId, used.categoryId]);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().msg).toBe(KEYWORD_CATEGORY_MSG.keywordsAssigned);
    expect((await call(ctx, 'GET', `${API}/keyword-category/${free.categoryId}`, admin)).json().status).toBe(
      1,
    );

    const one = await deactivate([free.categoryId]);
    expect(one.json()).toEqual({ msg: KEYWORD_CATEGORY_MSG.deactivated, deactivatedCount: 1 });
    const many = await deactivate([free.categoryId, alsoFree.categoryId]);
    expect(many.json()).toEqual({ msg: KEYWORD_CATEGORY_MSG.deactivated, deactivatedCount: 1 });
    expect((await deactivate([999_999_999])).statusCode).toBe(404);

    // Editing to inactive is the same deactivation, with the same block.
    const edit = await call(ctx, 'PUT', `${API}/keyword-category/${used.categoryId}`, admin, {
      keywordCategory: { categoryName: used.categoryName, rank: used.rank, status: 0 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe(KEYWORD_CATEGORY_MSG.keywordsAssigned);
  });

  it('edits name and rank; the status needs DEACTIVATE_KEYWORD_CATEGORIES', async () => {
    const category = await addCategory();
    const editor = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_KEYWORDS', 'EDIT_KEYWORD_CATEGORIES'])).roleName,
    );
    const put = (status: number, user = editor) =>
      call(ctx, 'PUT', `${API}/keyword-category/${category.categoryId}`, user, {
        keywordCategory: { categoryName: `${category.categoryName} B`, rank: 9, status },
      });
    const renamed = await put(1);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().keywordCategory).toMatchObject({
      categoryName: `${category.categoryName} B`,
      rank: 9,
    });
    expect((await put(0)).statusCode).toBe(403);
    expect((await put(0, admin)).json().keywordCategory.status).toBe(0);
    expect((await put(1, admin)).json().keywordCategory.status).toBe(1);
  });

  it('refuses callers without the permission', async () => {
    expect((await call(ctx, 'GET', `${API}/keyword-category`, nobody)).statusCode).toBe(403);
    const post = await call(ctx, 'POST', `${API}/keyword-category`, nobody, {
      keywordCategory: { categoryName: 'x', rank: 1 },
    });
    expect(post.statusCode).toBe(403);
    expect((await deactivate([1], nobody)).statusCode).toBe(403);
  });
});

describe('keywords', () => {
  it('adds, lists, edits and audits keywords with their category', async () => {
    const [first, second] = [await addCategory(), await addCategory()];
    const keyword = await addKeyword(first.categoryId);
    expect(keyword).toMatchObject({
      keywordCategoryId: first.categoryId,
      keywordCategory: first.categoryName,
    });
    const list = (await call(ctx, 'GET', `${API}/keywords`, admin)).json() as Keyword[];
    expect(list.find((k) => k.keywordId === keyword.keywordId)).toEqual(keyword);

    const edited = await call(ctx, 'PUT', `${API}/keywords/${keyword.keywordId}`, admin, {
      keyword: { keywordName: `${keyword.keywordName} 2`, keywordCategoryId: second.categoryId },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      msg: KEYWORD_MSG.updated,
      keyword: { keywordName: `${keyword.keywordName} 2`, keywordCategory: second.categoryName },
    });
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'keyword'), eq(auditLog.entityId, String(keyword.keywordId))));
    expect(audit.map((a) => a.action)).toEqual(['keyword.created', 'keyword.updated']);
  });

  it('requires the name and the category, which must exist and be active', async () => {
    const blank = await call(ctx, 'POST', `${API}/keywords`, admin, {
      keyword: { keywordName: ' ', keywordCategoryId: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({
      'keyword.keywordName': [MSG.required],
      'keyword.keywordCategoryId': [MSG.required],
    });
    const unknown = await call(ctx, 'POST', `${API}/keywords`, admin, {
      keyword: { keywordName: uniqueName('K'), keywordCategoryId: 999_999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(KEYWORD_MSG.categoryNotFound);

    const category = await addCategory();
    const keyword = await addKeyword(category.categoryId);
    const other = await addCategory();
    await deactivate([other.categoryId]);
    const onInactive = await call(ctx, 'POST', `${API}/keywords`, admin, {
      keyword: { keywordName: uniqueName('K'), keywordCategoryId: other.categoryId },
    });
    expect(onInactive.statusCode).toBe(422);
    expect(onInactive.json().msg).toBe(KEYWORD_MSG.categoryInactive);

    // Nor can an existing keyword move to an inactive category.
    const moved = await call(ctx, 'PUT', `${API}/keywords/${keyword.keywordId}`, admin, {
      keyword: { keywordName: keyword.keywordName, keywordCategoryId: other.categoryId },
    });
    expect(moved.statusCode).toBe(422);
  });

  it('refuses a taken name whatever its case (409)', async () => {
    const category = await addCategory();
    const keyword = await addKeyword(category.categoryId);
    const again = await call(ctx, 'POST', `${API}/keywords`, admin, {
      keyword: { keywordName: keyword.keywordName.toLowerCase(), keywordCategoryId: category.categoryId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(KEYWORD_MSG.duplicate(keyword.keywordName.toLowerCase()));
  });

  it('deletes one or many; their transactions keep no keyword', async () => {
    const category = await addCategory();
    const [a, b, c] = [
      await addKeyword(category.categoryId),
      await addKeyword(category.categoryId),
      await addKeyword(category.categoryId),
    ];
    const [clientId] = (await createClients(ctx, 1, 'Keywords')) as [number];
    const accountId = await createAccountRow(ctx, clientId, await createRelatedBank(ctx, clientId));
    const ids = await insertTransactions(ctx, clientId, accountId, [
      { transactionDate: '2025-01-02', amount: '-10', keywordId: a.keywordId },
      { transactionDate: '2025-01-03', amount: '-20', keywordId: b.keywordId },
    ]);
    const remove = (keywordIds: number[], user = admin) =>
      call(ctx, 'DELETE', `${API}/keywords`, user, { keywords: { ids: keywordIds } });

    expect((await remove([a.keywordId], nobody)).statusCode).toBe(403);
    const one = await remove([a.keywordId]);
    expect(one.json()).toEqual({ msg: KEYWORD_MSG.deleted, deletedCount: 1 });
    expect((await remove([b.keywordId, 999_999_999])).statusCode).toBe(404);
    expect((await remove([b.keywordId, c.keywordId])).json().deletedCount).toBe(2);

    const rows = await ctx.database.db
      .select({ keywordId: transactions.keywordId })
      .from(transactions)
      .where(inArray(transactions.transactionId, ids));
    expect(rows).toEqual([{ keywordId: null }, { keywordId: null }]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'keyword.deleted'), eq(auditLog.entityId, String(a.keywordId))));
    expect(audit!.before).toMatchObject({ keywordName: a.keywordName, transactionCount: 1 });
    expect((await call(ctx, 'GET', `${API}/keywords/${a.keywordId}`, admin)).statusCode).toBe(404);
  });

  it('shows a new keyword in the transactions keyword filter', async () => {
    const keyword = await addKeyword((await addCategory()).categoryId);
    const options = (await call(ctx, 'GET', '/api/transactions/keywords', admin)).json() as {
      value: number;
    }[];
    expect(options.map((o) => o.value)).toContain(keyword.keywordId);
  });

  it('refuses callers without the permission', async () => {
    expect((await call(ctx, 'GET', `${API}/keywords`, nobody)).statusCode).toBe(403);
    const post = await call(ctx, 'POST', `${API}/keywords`, nobody, {
      keyword: { keywordName: 'x', keywordCategoryId: 1 },
    });
    expect(post.statusCode).toBe(403);
    const put = await call(ctx, 'PUT', `${API}/keywords/1`, nobody, {
      keyword: { keywordName: 'x', keywordCategoryId: 1 },
    });
    expect(put.statusCode).toBe(403);
  });
});
