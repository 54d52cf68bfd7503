import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, transactions } from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../test/test-context';
import { selectAccountTransactionCount } from './transactions.queries';

// The per-account counter of migration 0006 (the Transactions list's total) against count(*), for
// every way rows come and go.
let ctx: TestContext;
let clientId: number;
let accountA: number;
let accountB: number;
let accountEmpty: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientId] = (await createClients(ctx, 1, 'Counts')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  accountA = await createAccountRow(ctx, clientId, bankId);
  accountB = await createAccountRow(ctx, clientId, bankId);
  accountEmpty = await createAccountRow(ctx, clientId, bankId);
});
afterAll(() => ctx.close());

/** The counter and count(*) of each account, side by side. */
async function countsOf(...accountIds: number[]) {
  const db = ctx.database.db;
  const counted = await db
    .select({ accountId: transactions.accountId, n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(inArray(transactions.accountId, accountIds))
    .groupBy(transactions.accountId);
  return Promise.all(
    accountIds.map(async (id) => ({
      counter: await selectAccountTransactionCount(db, id),
      rows: counted.find((c) => c.accountId === id)?.n ?? 0,
    })),
  );
}

async function expectExact(expected: Record<number, number>) {
  const ids = Object.keys(expected).map(Number);
  const counts = await countsOf(...ids);
  expect(counts).toEqual(ids.map((id) => ({ counter: expected[id], rows: expected[id] })));
}

const day = (i: number) => new Date(Date.UTC(2025, 0, 1 + (i % 300))).toISOString().slice(0, 10);
const seeds = (n: number, description = 'Row') =>
  Array.from({ length: n }, (_, i) => ({ transactionDate: day(i), description, amount: `${i}.00` }));

// COPY FROM STDIN does not get through the embedded server's socket (PGlite answers 'protocol
// synchronization was lost'), so there the same multi-account load is one multi-row INSERT: the
// trigger sees one statement's rows either way.
const isServerDatabase = Boolean(process.env.DATABASE_URL);

async function loadRows(rows: { accountId: number; description: string; amount: string }[]) {
  if (!isServerDatabase) {
    await ctx.database.db
      .insert(transactions)
      .values(rows.map((r, i) => ({ clientId, transactionDate: day(i), ...r })));
    return;
  }
  const client = await ctx.database.pool.connect();
  try {
    const lines = rows.map(
      (r, i) => `${clientId}\t${r.accountId}\t${day(i)}\t${r.description}\t${r.amount}\n`,
    );
    await pipeline(
      Readable.from([lines.join('')]),
      client.query(
        copyFrom(
          'COPY transactions (client_id, account_id, transaction_date, description, amount) FROM STDIN',
        ),
      ),
    );
  } finally {
    client.release();
  }
}

describe('the per-account transaction counter', () => {
  it('counts an account with no transactions as 0', async () => {
    await expectExact({ [accountEmpty]: 0 });
  });

  it('follows inserts, including a multi-account COPY (PostgreSQL), and ignores a rolled-back insert', async () => {
    await insertTransactions(ctx, clientId, accountA, seeds(3));
    await expectExact({ [accountA]: 3, [accountB]: 0 });
    await loadRows([
      ...Array.from({ length: 1000 }, (_, i) => ({
        accountId: accountA,
        description: `Loaded ${i}`,
        amount: '1.00',
      })),
      ...Array.from({ length: 500 }, (_, i) => ({
        accountId: accountB,
        description: `Loaded ${i}`,
        amount: '-1.00',
      })),
    ]);
    await expectExact({ [accountA]: 1003, [accountB]: 500 });
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.insert(transactions).values({ clientId, accountId: accountA, ...seeds(1)[0]! });
        tx.rollback();
      })
      .catch(() => undefined);
    await expectExact({ [accountA]: 1003, [accountB]: 500 });
  });

  it('follows deletes across accounts in one statement', async () => {
    const db = ctx.database.db;
    const doomed = await db
      .select({ id: transactions.transactionId })
      .from(transactions)
      .where(sql`${transactions.accountId} in (${accountA}, ${accountB}) and ${transactions.amount} < 0`)
      .limit(120);
    const fromA = await db
      .select({ id: transactions.transactionId })
      .from(transactions)
      .where(eq(transactions.accountId, accountA))
      .limit(3);
    await db.delete(transactions).where(
      inArray(
        transactions.transactionId,
        [...doomed, ...fromA].map((r) => r.id),
      ),
    );
    await expectExact({ [accountA]: 1000, [accountB]: 380 });
  });

  it('follows rows moved between accounts, and edits that move nothing', async () => {
    const db = ctx.database.db;
    await db.update(transactions).set({ description: 'Edited' }).where(eq(transactions.accountId, accountA));
    await expectExact({ [accountA]: 1000, [accountB]: 380 });
    const moved = await db
      .select({ id: transactions.transactionId })
      .from(transactions)
      .where(eq(transactions.accountId, accountA))
      .limit(10);
    await db
      .update(transactions)
      .set({ accountId: accountB })
      .where(
        inArray(
          transactions.transactionId,
          moved.map((r) => r.id),
        ),
      );
    await expectExact({ [accountA]: 990, [accountB]: 390 });
    // One statement moving rows both ways: 390 from B to A, 990 from A to B.
    await db
      .update(transactions)
      .set({
        accountId: sql`case when ${transactions.accountId} = ${accountA}::int then ${accountB}::int else ${accountA}::int end`,
      })
      .where(inArray(transactions.accountId, [accountA, accountB]));
    await expectExact({ [accountA]: 390, [accountB]: 990 });
  });

  it("drops an account's count with the account, its rows cascading", async () => {
    const db = ctx.database.db;
    await db.delete(accounts).where(eq(accounts.accountId, accountB));
    await expectExact({ [accountA]: 390, [accountB]: 0 });
    const [row] = await db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from account_transaction_counts where account_id = ${accountB}`,
      )
      .then((r) => r.rows);
    expect(row!.n).toBe(0);
  });
});
