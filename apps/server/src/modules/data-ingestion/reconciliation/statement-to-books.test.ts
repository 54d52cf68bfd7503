import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchAccount } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { ValidationHistoryRow } from '@tideline/contracts/data-ingestion/validation-history.schemas';
import type { PagedList } from '@tideline/contracts';
import type { StagingTransaction } from '@tideline/contracts/staging-transactions/staging-transactions.schemas';
import { createKeyword } from '../../../../test/account-fixtures';
import { transactions } from '../../../db/schema';
import type { DemoStatement } from '../../../demo/demo-statement';
import { writeBai2Statement } from '../../../demo/write-bai2-statement';
import {
  createExtractingContext,
  createExtractionWorld,
  extractOne,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';

// Issue 39 points 1, 2 and 4 end to end through the routes: a statement is extracted, reconciled,
// its possible duplicates decided, the account validated (with an override when it does not
// reconcile) and promoted; the books then hold the statement's rows once, however often it came.

let ctx: TestContext;
let analyst: SignedInUser;
let world: ExtractionWorld;
let keywordId: number;

const entries = [
  { date: '2026-07-06', description: 'ACH CREDIT LOCKBOX', cents: 125_050 },
  { date: '2026-07-07', description: 'CHECK PAID 1001', cents: -20_000 },
  { date: '2026-07-07', description: 'SERVICE FEE', cents: -500 },
  { date: '2026-07-07', description: 'SERVICE FEE', cents: -500 },
];

/** A month's BAI2 of the entries (July's days moved to the month), opening at $1,000 in July. */
function julyOf(accountNumber: string, month = '07'): Buffer {
  const moved = entries.map((e) => ({ ...e, date: e.date.replace('-07-', `-${month}-`) }));
  const total = moved.reduce((s, e) => s + e.cents, 0);
  const openingCents = 100_000 + (Number(month) - 7) * total;
  const statement: DemoStatement = {
    clientName: 'Books',
    bankName: 'Books Bank',
    account: {
      accountNumber,
      accountName: 'Operating',
      accountType: 'Transaction',
      accountCategory: 'Operating',
    },
    month: `2026-${month}`,
    from: `2026-${month}-01`,
    to: `2026-${month}-${month === '07' || month === '08' ? '31' : '30'}`,
    openingCents,
    closingCents: openingCents + total,
    entries: moved,
  };
  return Buffer.from(writeBai2Statement(statement));
}

const accountPath = (batchAccountId: number) => `/api/data-ingestion/accounts/${batchAccountId}`;

async function readAccount(batchAccountId: number): Promise<BatchAccount> {
  const res = await call(ctx, 'GET', accountPath(batchAccountId), analyst);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BatchAccount;
}

const validate = (batchAccountId: number, overrideReason?: string) =>
  call(ctx, 'PUT', '/api/data-ingestion/accounts/validate', analyst, {
    accounts: [{ batchAccountId, ...(overrideReason ? { overrideReason } : {}) }],
  });

const promote = () =>
  call(ctx, 'PUT', '/api/data-ingestion/batches/validate', analyst, {
    accounts: [{ batchId: world.batchId }],
  });

const bookedRows = (accountId: number) =>
  ctx.database.db
    .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(amount), 0)::text` })
    .from(transactions)
    .where(eq(transactions.accountId, accountId));

async function inspect(
  batchAccountId: number,
  filters: unknown[] = [],
): Promise<PagedList<StagingTransaction>> {
  const res = await call(ctx, 'POST', '/api/transactions/staging/inspect', analyst, {
    batchAccountIds: [batchAccountId],
    pageSize: 50,
    filters,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PagedList<StagingTransaction>;
}

beforeAll(async () => {
  ctx = await createExtractingContext();
  analyst = await createSignedInUser(ctx, 'Analyst');
  const [clientId] = await createClients(ctx, 1, 'Books');
  world = await createExtractionWorld(ctx, await createSignedInUser(ctx, 'Admin'), clientId!, {
    template: false,
  });
  keywordId = await createKeyword(ctx);
});
afterAll(() => ctx.close());

describe('a statement from extraction to the books', () => {
  const operating = () => world.accounts[0]!;

  it('reconciles the statement, day by day, and shows its Start and End Balance', async () => {
    const row = await extractOne(ctx, analyst, world, 'july.bai2', julyOf(operating().accountNumber));
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    const account = await readAccount(operating().batchAccountId);
    expect(account).toMatchObject({ startBalance: 1000, endBalance: 2040.5 });
    expect(account.reconciliation).toMatchObject({ status: 'Reconciled', problems: [], override: null });
    expect(account.reconciliation!.explanation).toMatch(
      /^\d+ statements: the opening balance \$1,000\.00 plus 4 rows/,
    );
    expect(account.duplicates).toEqual({ undecided: 0, kept: 0, dropped: 0 });
  });

  it('refuses Validate once an edit breaks the reconciliation, and takes an override with a reason', async () => {
    const check = (await inspect(operating().batchAccountId)).results.find((r) => r.amount === -200)!;
    const edited = await call(
      ctx,
      'PUT',
      `/api/transactions/staging/update/${check.stagingTransactionId}`,
      analyst,
      {
        amount: '-210.00',
        description: check.transactionDescription,
        keyword: keywordId,
        date: check.transactionDate,
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);

    const account = await readAccount(operating().batchAccountId);
    expect(account.reconciliation!.status).toBe('Not Reconciled');
    expect(account.reconciliation!.explanation).toContain('a difference of $10.00.');
    const refused = await validate(operating().batchAccountId);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { msg: string }).msg).toMatch(
      /^Operating does not reconcile: The statement of 07\/07\/2026 in july\.bai2: .* Validate it with an override and a reason, or correct its rows\.$/,
    );
    expect((await readAccount(operating().batchAccountId)).status).toBe('Needs Validation');

    const tooShort = await validate(operating().batchAccountId, ' ');
    expect(tooShort.statusCode).toBe(400);
    const overridden = await validate(operating().batchAccountId, 'The bank corrected check 1001 by letter.');
    expect(overridden.statusCode, overridden.body).toBe(200);
    const after = await readAccount(operating().batchAccountId);
    expect(after.status).toBe('Validated');
    expect(after.reconciliation!.override).toMatchObject({
      reason: 'The bank corrected check 1001 by letter.',
      userName: 'Test Analyst',
    });
    expect(after.reconciliation!.override!.summary).toContain('a difference of $10.00.');
  });

  it('books the rows once, and shows the override in the validation history', async () => {
    // The batch's other account has nothing to validate: its statement never came.
    const ignored = await call(ctx, 'PUT', '/api/data-ingestion/accounts/ignore', analyst, [
      world.accounts[1]!.batchAccountId,
    ]);
    expect(ignored.statusCode, ignored.body).toBe(200);
    const res = await promote();
    expect(res.statusCode, res.body).toBe(200);
    expect(await bookedRows(operating().accountId)).toEqual([{ n: 4, total: '1030.50' }]);
    const history = (
      await call(ctx, 'GET', `/api/data-ingestion/validation/${world.clientId}`, analyst)
    ).json() as ValidationHistoryRow[];
    expect(history[0]!.overrides).toEqual([
      expect.objectContaining({
        accountName: 'Operating',
        reason: 'The bank corrected check 1001 by letter.',
      }),
    ]);
  });
});

describe('possible duplicates decided by a person', () => {
  let dupes: ExtractionWorld;
  const a = () => dupes.accounts[0]!;
  const b = () => dupes.accounts[1]!;
  const promoteDupes = () =>
    call(ctx, 'PUT', '/api/data-ingestion/batches/validate', analyst, {
      accounts: [{ batchId: dupes.batchId }],
    });

  beforeAll(async () => {
    const [clientId] = await createClients(ctx, 1, 'Dupes');
    dupes = await createExtractionWorld(ctx, await createSignedInUser(ctx, 'Admin'), clientId!, {
      template: false,
    });
  });

  it('adds nothing to the books when the same statement is uploaded again and its copies dropped', async () => {
    await extractOne(ctx, analyst, dupes, 'july.bai2', julyOf(a().accountNumber));
    expect((await validate(a().batchAccountId)).statusCode).toBe(200);
    await call(ctx, 'PUT', '/api/data-ingestion/accounts/ignore', analyst, [b().batchAccountId]);
    expect((await promoteDupes()).statusCode).toBe(200);
    expect(await bookedRows(a().accountId)).toEqual([{ n: 4, total: '1040.50' }]);

    const copy = await extractOne(ctx, analyst, dupes, 'july-copy.bai2', julyOf(a().accountNumber));
    expect(copy.extractionMessage).toMatch(
      /^4 rows staged for 1 account\. 4 rows are possible duplicates: row 1 matches transaction \d+ in the books by its bank reference;/,
    );
    const account = await readAccount(a().batchAccountId);
    expect(account).toMatchObject({
      status: 'Needs Validation',
      duplicates: { undecided: 4, kept: 0, dropped: 0 },
    });
    // The copy repeats the statement: the account still reconciles.
    expect(account.reconciliation!.status).toBe('Reconciled');
    const refused = await validate(a().batchAccountId);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { msg: string }).msg).toBe(
      'Operating has 4 possible duplicates to decide: keep or drop them in Edit/Inspect/Validate Transactions first.',
    );

    const flagged = (await inspect(a().batchAccountId, [{ id: 'duplicate', value: true }])).results;
    expect(flagged).toHaveLength(4);
    expect(flagged[0]).toMatchObject({
      duplicateRule: 'reference',
      duplicateDecision: null,
      isBooked: false,
    });
    expect(flagged[0]!.duplicateReason).toMatch(
      /^Bank reference 2026070\d{5} is already in transaction \d+ in the books\.$/,
    );

    // Every row of the filter, not the page: the decision needs no ids.
    const dropped = await call(ctx, 'PUT', '/api/transactions/staging/duplicates', analyst, {
      decision: 'drop',
      matching: { batchAccountIds: [a().batchAccountId], filters: [{ id: 'duplicate', value: true }] },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toEqual({ msg: 'Possible duplicate(s) dropped.', changedCount: 4 });
    expect((await readAccount(a().batchAccountId)).duplicates).toEqual({ undecided: 0, kept: 0, dropped: 4 });
    expect((await validate(a().batchAccountId)).statusCode).toBe(200);
    expect((await promoteDupes()).statusCode).toBe(200);
    expect(await bookedRows(a().accountId)).toEqual([{ n: 4, total: '1040.50' }]);
  });

  it('refuses to change a row that is already in the books', async () => {
    // August's statement reopens the account; July's rows are in the books and stay as booked.
    await extractOne(ctx, analyst, dupes, 'august.bai2', julyOf(a().accountNumber, '08'));
    const rows = (await inspect(a().batchAccountId, [{ id: 'duplicate', value: false }])).results;
    expect(rows.map((r) => [r.transactionDate.slice(0, 7), r.isBooked])).toEqual([
      ...Array.from({ length: 4 }, () => ['2026-07', true]),
      ...Array.from({ length: 4 }, () => ['2026-08', false]),
    ]);
    const row = rows[0]!;
    const edit = await call(
      ctx,
      'PUT',
      `/api/transactions/staging/update/${row.stagingTransactionId}`,
      analyst,
      {
        amount: '1.00',
        description: row.transactionDescription,
        keyword: keywordId,
        date: row.transactionDate,
      },
    );
    expect([edit.statusCode, (edit.json() as { msg: string }).msg]).toEqual([
      409,
      "1 of these rows is already in the books: a booked transaction is changed in the account's Transactions, not in staging.",
    ]);
    const invalidate = await call(ctx, 'PUT', '/api/transactions/staging/invalidate', analyst, {
      batchAccountId: a().batchAccountId,
      stagingTransactionIds: [row.stagingTransactionId],
    });
    expect(invalidate.statusCode).toBe(409);
    const remove = await call(ctx, 'DELETE', '/api/transactions/staging', analyst, {
      stagingTransactionId: [row.stagingTransactionId],
    });
    expect(remove.statusCode).toBe(409);
    // A selection by filter passes over the booked rows: of July's eight staged rows the four booked
    // stay, the four dropped copies go.
    const july = { id: 'transactionDate', value: { to: '2026-07-31' } };
    const byFilter = await call(ctx, 'DELETE', '/api/transactions/staging', analyst, {
      matching: { batchAccountIds: [a().batchAccountId], filters: [july] },
    });
    expect(byFilter.json()).toEqual({ msg: 'Transaction(s) deleted successfully.', changedCount: 4 });
    const left = (await inspect(a().batchAccountId, [july])).results;
    expect(left.map((r) => r.isBooked)).toEqual([true, true, true, true]);
    expect(await bookedRows(a().accountId)).toEqual([{ n: 4, total: '1040.50' }]);
    expect((await readAccount(a().batchAccountId)).reconciliation!.status).toBe('Reconciled');
  });

  it('answers 404 to a user of another client for a selection by filter, as for ids', async () => {
    const [otherClient] = await createClients(ctx, 1, 'Dupes other');
    const { roleName } = await createRole(
      ctx,
      [
        'VIEW_STAGING_TRANSACTIONS',
        'EDIT_STAGING_TRANSACTIONS',
        'VALIDATE_STAGING_TRANSACTIONS',
        'DELETE_STAGING_TRANSACTIONS',
      ],
      true,
    );
    const stranger = await createSignedInUser(ctx, roleName, [otherClient!]);
    const matching = { batchAccountIds: [a().batchAccountId], filters: [] };
    const answers = [
      await call(ctx, 'PUT', '/api/transactions/staging/duplicates', stranger, {
        decision: 'drop',
        matching,
      }),
      await call(ctx, 'PUT', '/api/transactions/staging/validate', stranger, {
        batchAccountId: a().batchAccountId,
        matching: { filters: [] },
      }),
      await call(ctx, 'DELETE', '/api/transactions/staging', stranger, { matching }),
    ];
    expect(answers.map((r) => [r.statusCode, (r.json() as { msg: string }).msg])).toEqual(
      Array.from({ length: 3 }, () => [404, 'Batch account not found.']),
    );
  });

  it('flags only as many rows alike as the books already hold, so N real rows are kept as N', async () => {
    await call(ctx, 'PUT', `/api/data-ingestion/accounts/restore/${b().batchAccountId}`, analyst);
    await ctx.database.db.insert(transactions).values({
      clientId: dupes.clientId,
      accountId: b().accountId,
      transactionDate: '2026-07-07',
      description: 'SERVICE FEE',
      amount: '-5.00',
    });
    const row = await extractOne(ctx, analyst, dupes, 'july-b.bai2', julyOf(b().accountNumber));
    expect(row.extractionMessage).toContain('1 row is a possible duplicate');
    const [fee] = (await inspect(b().batchAccountId, [{ id: 'duplicate', value: true }])).results;
    expect(fee).toMatchObject({ transactionDescription: 'SERVICE FEE', duplicateRule: 'match' });
    expect(fee!.duplicateReason).toMatch(
      /^Same date, amount and description as transaction \d+ in the books: 2 rows alike in this file, 1 row alike in the books\.$/,
    );
    const dropped = await call(ctx, 'PUT', '/api/transactions/staging/duplicates', analyst, {
      decision: 'drop',
      stagingTransactionIds: [fee!.stagingTransactionId],
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const validated = await validate(b().batchAccountId);
    expect(validated.statusCode, validated.body).toBe(200);
    expect((await promoteDupes()).statusCode).toBe(200);
    const fees = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.accountId, b().accountId), eq(transactions.description, 'SERVICE FEE')));
    expect(fees).toEqual([{ n: 2 }]);
  });
});

describe("a template-read file's balances", () => {
  it('takes Start and End Balance from the balance column and reconciles (issue 39 point 1)', async () => {
    const admin = await createSignedInUser(ctx, 'Admin');
    const [clientId] = await createClients(ctx, 1, 'Template balances');
    const csvWorld = await createExtractionWorld(ctx, admin, clientId!, { template: false });
    const template = await call(ctx, 'POST', '/api/templates/manage', admin, {
      template: {
        bankClientRelId: csvWorld.relId,
        type: 'Transaction',
        jsonTransform: [
          {
            cellHeaderData: 'Account',
            accountNumber: '0',
            date: '1',
            description: '2',
            amount: '3',
            balance: '4',
            headerStart: '0',
            dateFormat: 'MM/DD/YYYY',
          },
        ],
      },
    });
    expect(template.statusCode, template.body).toBeLessThan(300);
    const a = csvWorld.accounts[0]!;
    const csv = [
      'Account,Date,Description,Amount,Balance',
      `${a.accountNumber},07/01/2026,Deposit,100.00,1100.00`,
      `${a.accountNumber},07/02/2026,Wire out,-40.00,1060.00`,
      `${a.accountNumber},07/03/2026,Fee,-5.00,1055.00`,
    ].join('\r\n');
    const row = await extractOne(ctx, analyst, csvWorld, 'july.csv', Buffer.from(`${csv}\r\n`));
    expect(row.status, row.extractionMessage ?? '').toBe('Extracted');
    const account = await readAccount(a.batchAccountId);
    expect(account).toMatchObject({ startBalance: 1000, endBalance: 1055 });
    expect(account.reconciliation).toMatchObject({ status: 'Reconciled', problems: [] });
    expect(account.reconciliation!.statements).toEqual([
      expect.objectContaining({
        balanceSource: 'balance column',
        fromDate: '2026-07-01',
        toDate: '2026-07-03',
      }),
    ]);
  });
});
