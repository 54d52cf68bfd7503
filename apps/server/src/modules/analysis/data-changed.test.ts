import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monteCarloRuns, transactionChanges, transactions } from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import { createClients, createTestContext, type TestContext } from '../../../test/test-context';
import { dataHasChangedSql } from './analysis-cycle.service';

// 'Data Has Changed?' (ingestion-analysis.md 2, issue 18 point 1): YES when transactions in a run's
// range were added, removed or changed in amount, date or account after the run read its data. The
// triggers of migration 0022 record what each statement touched.

let ctx: TestContext;
const db = () => ctx.database.db;

async function world() {
  const [clientId] = (await createClients(ctx, 1, 'Data changed')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const accountId = await createAccountRow(ctx, clientId, bankId);
  const { rows } = await db().execute(
    sql`select group_id as "groupId" from account_groups where client_id = ${clientId} and is_all_accounts`,
  );
  const groupId = (rows[0] as { groupId: number }).groupId;
  const [txId] = await insertTransactions(ctx, clientId, accountId, [
    { transactionDate: '2025-06-10', amount: '-100.00', description: 'Rent' },
  ]);
  const [run] = await db()
    .insert(monteCarloRuns)
    .values({
      clientId,
      accountGroupId: groupId,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      monteCarloName: 'Range',
      numberOfYears: 1,
      seed: 1,
      paths: 100,
      dataAsOf: sql`clock_timestamp()`,
    })
    .returning({ id: monteCarloRuns.monteCarloId });
  return { clientId, accountId, groupId, txId: txId!, runId: run!.id };
}

async function hasChanged(runId: number): Promise<boolean> {
  const [row] = await db()
    .select({ changed: dataHasChangedSql(monteCarloRuns) })
    .from(monteCarloRuns)
    .where(eq(monteCarloRuns.monteCarloId, runId));
  return row!.changed;
}

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe('Data Has Changed?', () => {
  it('stays NO for changes outside the range or that move no money, YES for one inside', async () => {
    const w = await world();
    expect(await hasChanged(w.runId)).toBe(false);
    await insertTransactions(ctx, w.clientId, w.accountId, [
      { transactionDate: '2026-02-01', amount: '5.00' },
    ]);
    await db()
      .update(transactions)
      .set({ description: 'Office rent' })
      .where(eq(transactions.transactionId, w.txId));
    expect(await hasChanged(w.runId)).toBe(false);
    await db().update(transactions).set({ amount: '-120.00' }).where(eq(transactions.transactionId, w.txId));
    expect(await hasChanged(w.runId)).toBe(true);
  });

  it('is YES when a transaction of the range is deleted, or moved into the range', async () => {
    const deleted = await world();
    await db().delete(transactions).where(eq(transactions.transactionId, deleted.txId));
    expect(await hasChanged(deleted.runId)).toBe(true);

    const moved = await world();
    const [later] = await insertTransactions(ctx, moved.clientId, moved.accountId, [
      { transactionDate: '2026-03-01', amount: '9.00' },
    ]);
    expect(await hasChanged(moved.runId)).toBe(false);
    await db()
      .update(transactions)
      .set({ transactionDate: '2025-03-01' })
      .where(eq(transactions.transactionId, later!));
    expect(await hasChanged(moved.runId)).toBe(true);
  });

  it('is NO for a run that has not read its data, and records one row per account and statement', async () => {
    const w = await world();
    await db().update(monteCarloRuns).set({ dataAsOf: null }).where(eq(monteCarloRuns.monteCarloId, w.runId));
    await insertTransactions(ctx, w.clientId, w.accountId, [
      { transactionDate: '2025-04-01', amount: '1.00' },
      { transactionDate: '2025-08-01', amount: '2.00' },
    ]);
    expect(await hasChanged(w.runId)).toBe(false);
    const changes = await db()
      .select()
      .from(transactionChanges)
      .where(eq(transactionChanges.accountId, w.accountId));
    expect(changes.map((c) => [c.firstDate, c.lastDate])).toEqual([
      ['2025-06-10', '2025-06-10'],
      ['2025-04-01', '2025-08-01'],
    ]);
  });
});
