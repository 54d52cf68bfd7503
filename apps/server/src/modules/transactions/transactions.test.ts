import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PagedList, PagedListRequest } from '@tideline/contracts';
import type { Transaction } from '@tideline/contracts/transactions/transactions.schemas';
import { auditLog } from '../../db/schema';
import {
  createAccountRow,
  createKeyword,
  createRelatedBank,
  insertTransactions,
} from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let viewer: SignedInUser;
let accountId: number;
let foreignAccount: number;
let foreignTransaction: number;
let payroll: number;
let ids: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  const [clientA, clientB] = (await createClients(ctx, 2, 'Transactions')) as [number, number];
  const bankA = await createRelatedBank(ctx, clientA);
  const bankB = await createRelatedBank(ctx, clientB);
  accountId = await createAccountRow(ctx, clientA, bankA);
  foreignAccount = await createAccountRow(ctx, clientB, bankB);
  payroll = await createKeyword(ctx);
  // 120 rows: three a day from 2025-01-01 (40 days); every third is a payroll debit.
  const rows = Array.from({ length: 120 }, (_, i) => {
    const day = new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 3))).toISOString().slice(0, 10);
    return i % 3 === 0
      ? {
          transactionDate: day,
          description: `Payroll run ${i}`,
          amount: `-${1000 + i}.50`,
          keywordId: payroll,
        }
      : { transactionDate: day, description: `Tax receipt ${i}`, amount: `${i}.25` };
  });
  ids = await insertTransactions(ctx, clientA, accountId, rows);
  [foreignTransaction] = (await insertTransactions(ctx, clientB, foreignAccount, [
    { transactionDate: '2025-01-01', amount: '1' },
  ])) as [number];
  admin = await createSignedInUser(ctx, 'Admin');
  viewer = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
});
afterAll(() => ctx.close());

async function list(body: PagedListRequest, user = viewer, account = accountId) {
  const res = await call(ctx, 'POST', `/api/transactions/account/${account}`, user, body);
  return { status: res.statusCode, body: res.json() as PagedList<Transaction> & { msg?: string } };
}

/** A date range holding every row: it narrows nothing, but takes the built query. */
const everyDay = { id: 'transactionDate', value: { from: '2000-01-01', to: '2099-12-31' } };

describe('account transactions', () => {
  it('pages newest first with the id as tie-break, and counts', async () => {
    const first = await list({ pageSize: 50 });
    expect(first.body).toMatchObject({ resultCount: 120, totalCount: 120, pageCount: 3 });
    expect(first.body.results).toHaveLength(50);
    expect(first.body.results[0]).toMatchObject({ transactionId: ids[119], transactionDate: '2025-02-09' });
    expect(first.body.results[1]!.transactionId).toBe(ids[118]);
    // The opening request runs a prepared statement, also when it states the default order; a filter
    // that narrows nothing builds the query: the same rows.
    const stated = await list({ pageSize: 50, sortOrder: [{ id: 'transactionDate', desc: true }] });
    expect(stated.body).toEqual(first.body);
    const built = await list({ pageSize: 50, filters: [everyDay] });
    expect(built.body.results).toEqual(first.body.results);
    const builtLast = await list({ pageSize: 50, pageIndex: 2, filters: [everyDay] });
    const third = await list({ pageSize: 50, pageIndex: 2 });
    expect(third.body.results).toHaveLength(20);
    expect(third.body.results.at(-1)!.transactionId).toBe(ids[0]);
    expect(builtLast.body.results).toEqual(third.body.results);
    const seen = new Set(
      [
        ...first.body.results,
        ...(await list({ pageSize: 50, pageIndex: 1 })).body.results,
        ...third.body.results,
      ].map((r) => r.transactionId),
    );
    expect(seen.size).toBe(120);
    // A first page of an offered size has a statement of its own, any other size the shared one.
    for (const pageSize of [100, 30]) {
      const opened = await list({ pageSize });
      const builtPage = await list({ pageSize, filters: [everyDay] });
      expect(opened.body.results).toHaveLength(pageSize);
      expect(opened.body.results).toEqual(builtPage.body.results);
    }
    const byAmount = await list({ pageSize: 50, sortOrder: [{ id: 'amount', desc: false }] });
    expect(byAmount.body.results[0]!.amount).toBe(-1117.5);
  });

  it('answers the opening request in one statement, whether it states the default order or not', async () => {
    const pool = ctx.database.pool as unknown as { query: (...args: unknown[]) => unknown };
    const spy = vi.spyOn(pool, 'query');
    const statementsOf = async (body: PagedListRequest) => {
      spy.mockClear();
      expect((await list(body)).status).toBe(200);
      return spy.mock.calls.filter(([q]) =>
        /"(transactions|account_transaction_counts)"/.test(
          typeof q === 'string' ? q : String((q as { text: string }).text),
        ),
      ).length;
    };
    try {
      expect(await statementsOf({ pageSize: 50 })).toBe(1);
      expect(await statementsOf({ pageSize: 50, sortOrder: [{ id: 'transactionDate', desc: true }] })).toBe(
        1,
      );
      expect(await statementsOf({ pageSize: 50, sortOrder: [{ id: 'transactionDate', desc: false }] })).toBe(
        2,
      );
      // Any other request reads the account's counter, then its page (and counts what a filter keeps).
      expect(await statementsOf({ pageSize: 50, filters: [everyDay] })).toBe(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('opens an account without transactions empty, and an unknown account as not found', async () => {
    const [client] = (await createClients(ctx, 1, 'Transactions empty')) as [number];
    const empty = await createAccountRow(ctx, client, await createRelatedBank(ctx, client));
    const opened = await list({ pageSize: 50 }, admin, empty);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ results: [], resultCount: 0, totalCount: 0, pageCount: 0 });
    // An empty page reads the account on its own: a viewer of another client still gets 404.
    const hidden = await list({ pageSize: 50 }, viewer, empty);
    expect(hidden).toMatchObject({ status: 404, body: { msg: 'Account not found.' } });
    expect(hidden.body.results).toBeUndefined();
    // With rows, the page and the account come in one statement: still 404 for another client's viewer.
    const foreign = await list({ pageSize: 50 }, viewer, foreignAccount);
    expect(foreign).toMatchObject({ status: 404, body: { msg: 'Account not found.' } });
    expect(foreign.body.results).toBeUndefined();
    const unknown = await list({ pageSize: 50 }, admin, 2_000_000_000);
    expect(unknown).toMatchObject({ status: 404, body: { msg: 'Account not found.' } });
    const pastEnd = await list({ pageSize: 50, pageIndex: 9 });
    expect(pastEnd.body).toMatchObject({ results: [], resultCount: 120, totalCount: 120, pageCount: 3 });
  });

  it('filters by date range, description prefix, credit or debit, keyword, amount range and search', async () => {
    const range = await list({
      filters: [{ id: 'transactionDate', value: { from: '2025-01-02', to: '2025-01-03' } }],
    });
    expect(range.body).toMatchObject({ resultCount: 6, totalCount: 120 });
    const prefix = await list({ filters: [{ id: 'transactionDescription', value: 'PAYROLL' }] });
    expect(prefix.body.resultCount).toBe(40);
    const debits = await list({ filters: [{ id: 'creditDebit', value: 'Debit' }] });
    expect(debits.body.resultCount).toBe(40);
    expect(
      debits.body.results.every((r) => r.amount < 0 && r.keyword !== null && r.keywordId === payroll),
    ).toBe(true);
    expect((await list({ filters: [{ id: 'creditDebit', value: 'Credit' }] })).body.resultCount).toBe(80);
    expect((await list({ filters: [{ id: 'creditDebit', value: 'Any' }] })).body.resultCount).toBe(120);
    expect((await list({ filters: [{ id: 'keyword', value: [payroll] }] })).body.resultCount).toBe(40);
    const amounts = await list({ filters: [{ id: 'amount', value: { low: '100', high: '50' } }] });
    expect(amounts.body.resultCount).toBe(33);
    const search = await list({ searchTerm: 'receipt 11' });
    expect(search.body.results.map((r) => r.transactionDescription).sort()).toEqual([
      'Tax receipt 11',
      'Tax receipt 110',
      'Tax receipt 112',
      'Tax receipt 113',
      'Tax receipt 115',
      'Tax receipt 116',
      'Tax receipt 118',
      'Tax receipt 119',
    ]);
    const unknown = await list({ filters: [{ id: 'clientId', value: 1 }] });
    expect(unknown.status).toBe(400);
  });

  it('keeps a client-scoped user to their clients', async () => {
    const other = await list({}, viewer, foreignAccount);
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe('Account not found.');
    const edit = await call(ctx, 'PUT', `/api/transactions/${foreignTransaction}`, admin, {
      transaction: { transactionDescription: 'x', keyword: null, transactionDate: '2025-01-01', amount: '1' },
    });
    expect(edit.statusCode).toBe(200);
    const scopedDelete = await call(ctx, 'DELETE', '/api/transactions', viewer, {
      transaction: { ids: [foreignTransaction] },
    });
    expect(scopedDelete.statusCode).toBe(403);
  });

  it('edits a transaction with EDIT_TRANSACTIONS, audited, with the spec messages', async () => {
    const url = `/api/transactions/${ids[5]}`;
    const body = {
      transactionDescription: 'Corrected',
      keyword: payroll,
      transactionDate: '2025-03-01',
      amount: '-12.30',
    };
    expect((await call(ctx, 'PUT', url, viewer, { transaction: body })).statusCode).toBe(403);
    const bad = await call(ctx, 'PUT', url, admin, {
      transaction: { ...body, amount: 'ten', transactionDate: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      'transaction.amount': ['Field must be a number.'],
      'transaction.transactionDate': ['Required!'],
    });
    const noKeyword = await call(ctx, 'PUT', url, admin, { transaction: { ...body, keyword: 99999999 } });
    expect(noKeyword.statusCode).toBe(400);
    const ok = await call(ctx, 'PUT', url, admin, { transaction: body });
    expect(ok.json().transaction).toMatchObject({
      transactionDescription: 'Corrected',
      amount: -12.3,
      keywordId: payroll,
      transactionDate: '2025-03-01',
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.updated'), eq(auditLog.entityId, String(ids[5]))));
    expect(audit!.after).toMatchObject({ description: 'Corrected', amount: '-12.30' });
    expect(
      (await call(ctx, 'PUT', '/api/transactions/99999999', admin, { transaction: body })).statusCode,
    ).toBe(404);
  });

  it('deletes transactions with DELETE_TRANSACTIONS, audited', async () => {
    const res = await call(ctx, 'DELETE', '/api/transactions', admin, {
      transaction: { ids: [ids[0], ids[1]] },
    });
    expect(res.json()).toEqual({ msg: 'Transaction(s) deleted successfully.', deletedCount: 2 });
    expect((await list({})).body.totalCount).toBe(118);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.deleted'), eq(auditLog.entityId, String(ids[0]))));
    expect(audits[0]!.before).toMatchObject({ accountId, amount: '-1000.50' });
    const again = await call(ctx, 'DELETE', '/api/transactions', admin, { transaction: { ids: [ids[0]] } });
    expect(again.statusCode).toBe(404);
  });
});
