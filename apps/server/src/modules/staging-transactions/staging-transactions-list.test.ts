import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tideline/contracts';
import {
  STAGING_TRANSACTION_MSG,
  type StagingTransaction,
} from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { createKeyword, insertTransactions } from '../../../test/account-fixtures';
import { createStagingWorld, stageTransactions, type StagingWorld } from '../../../test/staging-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// ingestion-analysis.md 2 "Staging transactions dialog" and 7: Inspect Staging Transactions, one row,
// the keyword categories; who may read them.

let ctx: TestContext;
let admin: SignedInUser;
let world: StagingWorld;
let other: StagingWorld;
let wireKeyword: number;
let ids: number[];
let bookedId: number;
let firstFile: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  const [clientId, otherClientId] = await createClients(ctx, 2, 'Staging list');
  world = await createStagingWorld(ctx, clientId!);
  other = await createStagingWorld(ctx, otherClientId!);
  wireKeyword = await createKeyword(ctx, `Wire ${Date.now()}`);
  [bookedId] = (await insertTransactions(ctx, clientId!, world.accountId, [
    { transactionDate: '2026-07-03', description: 'CHECK 1001', amount: '-25.00' },
  ])) as [number];
  const first = await stageTransactions(
    ctx,
    world,
    [
      { transactionDate: '2026-07-03', description: 'CHECK 1001', amount: '-25.00' },
      {
        transactionDate: '2026-07-01',
        description: 'Wire in 50%',
        amount: '1200.00',
        keywordId: wireKeyword,
      },
      { transactionDate: '2026-07-02', description: 'Deposit', amount: '100.00', validationStatus: true },
    ],
    'july.csv',
  );
  firstFile = first.batchFileId;
  const second = await stageTransactions(
    ctx,
    world,
    [
      { transactionDate: '2026-07-02', description: 'Deposit', amount: '100.00' },
      { transactionDate: '2026-08-15', description: 'Vendor payment', amount: '-300.10' },
    ],
    'august.csv',
  );
  ids = [...first.ids, ...second.ids];
  // As extraction leaves them: the check matches the books, the second file's deposit the first's.
  await ctx.database.db.execute(
    `update staging_transactions set duplicate_of_transaction_id = ${bookedId}, duplicate_rule = 'match'
      where staging_transaction_id = ${ids[0]}`,
  );
  await ctx.database.db.execute(
    `update staging_transactions set duplicate_of_staging_transaction_id = ${ids[2]},
      duplicate_of_batch_file_id = ${firstFile}, duplicate_rule = 'match' where staging_transaction_id = ${ids[3]}`,
  );
  await stageTransactions(ctx, other, [{ transactionDate: '2026-07-01', amount: '1.00' }]);
});
afterAll(() => ctx.close());

const inspect = (body: Record<string, unknown>, user = admin) =>
  call(ctx, 'POST', '/api/transactions/staging/inspect', user, {
    batchAccountIds: [world.batchAccountId],
    ...body,
  });
const idsOf = (rows: StagingTransaction[]) => rows.map((r) => r.stagingTransactionId);

describe('POST /api/transactions/staging/inspect', () => {
  it('pages the batch account by date, then row order, with every column of the dialog', async () => {
    const res = await inspect({});
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ pageCount: 1, resultCount: 5, totalCount: 5 });
    expect(idsOf(page.results)).toEqual([ids[1], ids[2], ids[3], ids[0], ids[4]]);
    expect(page.results[0]).toEqual({
      stagingTransactionId: ids[1],
      transactionId: ids[1],
      batchAccountId: world.batchAccountId,
      accountNumber: world.accountNumber,
      transactionDate: '2026-07-01',
      transactionDescription: 'Wire in 50%',
      keyword: expect.stringMatching(/^Wire /),
      keywordId: wireKeyword,
      amount: 1200,
      validationStatus: 'No',
      duplicateReason: null,
      duplicateRule: null,
      duplicateDecision: null,
      isBooked: false,
      fileName: 'july.csv',
      rowNumber: 3,
    });
  });

  it('explains possible duplicates: a transaction in the books, or a row of another file', async () => {
    const { results } = (await inspect({})).json() as { results: StagingTransaction[] };
    const reasonOf = (id: number) => results.find((r) => r.stagingTransactionId === id)!.duplicateReason;
    // Issue 39: the rule, and how many rows alike each side holds.
    expect(reasonOf(ids[0]!)).toBe(
      `Same date, amount and description as transaction ${bookedId} in the books: 1 row alike in this file, 1 row alike in the books.`,
    );
    expect(reasonOf(ids[3]!)).toBe(
      'Same date, amount and description as row 4 of july.csv: 1 row alike in this file, 1 row alike in july.csv.',
    );
    expect(reasonOf(ids[2]!)).toBeNull();
  });

  it('pages with the requested size and index', async () => {
    const page = (await inspect({ pageSize: 2, pageIndex: 1 })).json();
    expect(page).toMatchObject({ pageCount: 3, resultCount: 5, totalCount: 5 });
    expect(idsOf(page.results)).toEqual([ids[3], ids[0]]);
  });

  it('filters by each column, counting only the matching rows', async () => {
    const cases: [Record<string, unknown>, (number | undefined)[]][] = [
      [{ id: 'transactionDate', value: { from: '2026-07-02', to: '2026-07-03' } }, [ids[2], ids[3], ids[0]]],
      [{ id: 'transactionDescription', value: 'dep' }, [ids[2], ids[3]]],
      [{ id: 'amount', value: { low: 0, high: 500 } }, [ids[2], ids[3]]],
      [{ id: 'amount', value: { low: -1, high: -400 } }, [ids[0], ids[4]]],
      [{ id: 'keyword', value: [wireKeyword] }, [ids[1]]],
      [{ id: 'validationStatus', value: ['Yes'] }, [ids[2]]],
      [{ id: 'validationStatus', value: 'No' }, [ids[1], ids[3], ids[0], ids[4]]],
      [{ id: 'duplicate', value: true }, [ids[3], ids[0]]],
      [{ id: 'duplicate', value: false }, [ids[1], ids[2], ids[4]]],
      [
        { id: 'accountNumber', value: world.accountNumber.toLowerCase() },
        [ids[1], ids[2], ids[3], ids[0], ids[4]],
      ],
      [{ id: 'accountNumber', value: 'nope' }, []],
    ];
    for (const [filter, expected] of cases) {
      const res = await inspect({ filters: [filter] });
      expect(res.statusCode, JSON.stringify(filter)).toBe(200);
      const page = res.json();
      expect(idsOf(page.results), JSON.stringify(filter)).toEqual(expected);
      expect(page.resultCount, JSON.stringify(filter)).toBe(expected.length);
      expect(page.totalCount).toBe(5);
    }
  });

  it('searches anywhere in the description, a typed % matching itself', async () => {
    expect(idsOf((await inspect({ searchTerm: 'PAY' })).json().results)).toEqual([ids[4]]);
    expect(idsOf((await inspect({ searchTerm: '50%' })).json().results)).toEqual([ids[1]]);
    expect(idsOf((await inspect({ searchTerm: '%' })).json().results)).toEqual([ids[1]]);
  });

  it('sorts by the dialog columns, the keyword by its name', async () => {
    const sorted = async (id: string, desc: boolean) =>
      idsOf((await inspect({ sortOrder: [{ id, desc }] })).json().results);
    expect(await sorted('amount', false)).toEqual([ids[4], ids[0], ids[2], ids[3], ids[1]]);
    expect(await sorted('transactionDate', true)).toEqual([ids[4], ids[0], ids[3], ids[2], ids[1]]);
    expect(await sorted('transactionDescription', false)).toEqual([ids[0], ids[2], ids[3], ids[4], ids[1]]);
    expect((await sorted('validationStatus', true))[0]).toBe(ids[2]);
    // Rows without a keyword come last, as PostgreSQL sorts nulls.
    expect((await sorted('keyword', false))[0]).toBe(ids[1]);
  });

  it('refuses columns outside the list and filter values of the wrong shape', async () => {
    expect((await inspect({ sortOrder: [{ id: 'clientId', desc: false }] })).statusCode).toBe(400);
    expect((await inspect({ filters: [{ id: 'amount', value: { low: 'abc' } }] })).json().msg).toBe(
      MSG.fieldMustBeNumber,
    );
    const none = await call(ctx, 'POST', '/api/transactions/staging/inspect', admin, { batchAccountIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ batchAccountIds: [MSG.required] });
  });

  it('lists several batch accounts together', async () => {
    const page = (await inspect({ batchAccountIds: [world.batchAccountId, other.batchAccountId] })).json();
    expect(page).toMatchObject({ resultCount: 6, totalCount: 6 });
  });

  it("answers 404 for another client's batch account to a client-scoped user, and 403 without the permission", async () => {
    const { roleName } = await createRole(ctx, ['VIEW_STAGING_TRANSACTIONS'], true);
    const scoped = await createSignedInUser(ctx, roleName, [world.clientId]);
    expect((await inspect({}, scoped)).statusCode).toBe(200);
    const res = await inspect({ batchAccountIds: [world.batchAccountId, other.batchAccountId] }, scoped);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Batch account not found.');
    const { roleName: noView } = await createRole(ctx, ['EDIT_STAGING_TRANSACTIONS']);
    expect((await inspect({}, await createSignedInUser(ctx, noView))).statusCode).toBe(403);
  });
});

describe('GET /api/transactions/staging/single/:id', () => {
  it('answers one row; another client’s answers 404 to a client-scoped user', async () => {
    const res = await call(ctx, 'GET', `/api/transactions/staging/single/${ids[3]}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      stagingTransactionId: ids[3],
      fileName: 'august.csv',
      rowNumber: 2,
      duplicateReason:
        'Same date, amount and description as row 4 of july.csv: 1 row alike in this file, 1 row alike in july.csv.',
      duplicateRule: 'match',
      duplicateDecision: null,
    });
    const { roleName } = await createRole(ctx, ['VIEW_STAGING_TRANSACTIONS'], true);
    const scoped = await createSignedInUser(ctx, roleName, [other.clientId]);
    const hidden = await call(ctx, 'GET', `/api/transactions/staging/single/${ids[3]}`, scoped);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().msg).toBe(STAGING_TRANSACTION_MSG.notFound);
    const missing = await call(ctx, 'GET', '/api/transactions/staging/single/999999999', admin);
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/transactions/keyword-categories', () => {
  it('lists the keyword categories to whoever may inspect staging transactions', async () => {
    const res = await call(ctx, 'GET', '/api/transactions/keyword-categories', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    const { roleName } = await createRole(ctx, ['VIEW_TRANSACTIONS']);
    const outsider = await createSignedInUser(ctx, roleName);
    expect((await call(ctx, 'GET', '/api/transactions/keyword-categories', outsider)).statusCode).toBe(403);
  });

  it('leaves the routes of /api/transactions where they were', () => {
    const table = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/transactions'));
    expect(table.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'DELETE /api/transactions',
        'DELETE /api/transactions/staging',
        'PUT /api/transactions/:id',
        'PUT /api/transactions/staging/update',
      ]),
    );
  });
});
