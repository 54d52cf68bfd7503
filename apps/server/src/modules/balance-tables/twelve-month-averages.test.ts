import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankClientRelationship, Client } from '@tideline/contracts/clients/clients.schemas';
import { cashVestScores } from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { computeBalanceTables } from './balance-tables.job';

// The client card's and list's 'Average Balance (12 months)' and the Banks table's 'Average Balance'
// read the monthly tables (issue 18 point 1): worked out by hand on two accounts at one bank.

let ctx: TestContext;
let admin: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

describe('twelve-month average balances', () => {
  it('are null before the tables exist, then the average daily balance of the last twelve months', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Averages')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    const first = await createAccountRow(ctx, clientId, bankId, {
      accountBalance: '1000.00',
      accountBalanceDate: '2025-01-01',
    });
    await createAccountRow(ctx, clientId, bankId, {
      accountBalance: '200.00',
      accountBalanceDate: '2025-06-01',
    });
    await insertTransactions(ctx, clientId, first, [
      { transactionDate: '2026-01-01', amount: '500.00' },
      { transactionDate: '2026-06-30', amount: '0.00' },
    ]);
    const client = async () => (await call(ctx, 'GET', `/api/clients/${clientId}`, admin)).json() as Client;
    const banks = async () =>
      (
        await call(ctx, 'GET', `/api/clients/banks/all/${clientId}`, admin)
      ).json() as BankClientRelationship[];
    expect((await client()).last12MonthAvgBalance).toBeNull();
    expect((await banks())[0]!.avgBalance12Months).toBeNull();

    await computeBalanceTables({
      db: ctx.database.db,
      data: { clientId, userId: admin.userId },
      setProgress: async () => undefined,
    });
    // July 2025 to June 2026: the first account holds 1,000 for 184 days and 1,500 for 181, the
    // second 200 throughout: (1,000 x 184 + 1,500 x 181) / 365 + 200 = 1,447.945…
    expect((await client()).last12MonthAvgBalance).toBe(1447.95);
    expect((await banks())[0]!.avgBalance12Months).toBe(1447.95);
  });

  it("give the client list's cashVest column the client's latest scored cashVest", async () => {
    const [clientId] = (await createClients(ctx, 1, 'Scored')) as [number];
    const score = (values: Partial<typeof cashVestScores.$inferInsert>) =>
      ctx.database.db.insert(cashVestScores).values({ clientId, ...values });
    const client = async () => (await call(ctx, 'GET', `/api/clients/${clientId}`, admin)).json() as Client;
    expect((await client()).cashVest).toBeNull();
    await score({ totalScore: 64, createdAt: new Date('2026-04-01T00:00:00Z') });
    await score({ totalScore: 71, createdAt: new Date('2026-07-01T00:00:00Z') });
    // A newer row the analyst has not scored yet does not hide the latest score.
    await score({ createdAt: new Date('2026-10-01T00:00:00Z') });
    expect((await client()).cashVest).toBe(71);
  });
});
