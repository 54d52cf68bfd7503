import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MSG } from '@tideline/contracts';
import { ClientAccountBalancesSchema } from '@tideline/contracts/clients/client-account-balances.schemas';
import { dailyBalances } from '../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// GET /api/clients/account-balance/{id} (clients-accounts-investments-reports.md 7 "Clients"): each
// open account's latest balance from its daily table, and their sum; VIEW_CLIENTS and client scoping.

let ctx: TestContext;
let analyst: SignedInUser;
let clientId: number;
let otherClientId: number;
let accountIds: { operating: number; reserve: number; fresh: number };

beforeAll(async () => {
  ctx = await createTestContext();
  analyst = await createSignedInUser(ctx, 'Analyst');
  [clientId, otherClientId] = (await createClients(ctx, 2)) as [number, number];
  const bankId = await createRelatedBank(ctx, clientId, { bankName: 'Harbor Savings' });
  accountIds = {
    operating: await createAccountRow(ctx, clientId, bankId, {
      accountName: 'Operating',
      accountNumber: '1001',
    }),
    reserve: await createAccountRow(ctx, clientId, bankId, { accountName: 'Reserve', accountNumber: '1002' }),
    fresh: await createAccountRow(ctx, clientId, bankId, { accountName: 'Sweep', accountNumber: '1003' }),
  };
  await createAccountRow(ctx, clientId, bankId, { accountName: 'Closed', accountClosed: true });
  const day = (accountId: number, balanceDate: string, balance: string) => ({
    clientId,
    accountId,
    balanceDate,
    balance,
    credits: '0',
    debits: '0',
    transactionCount: 0,
  });
  await ctx.database.db
    .insert(dailyBalances)
    .values([
      day(accountIds.operating, '2026-06-29', '900.00'),
      day(accountIds.operating, '2026-06-30', '1250.55'),
      day(accountIds.reserve, '2026-06-26', '50000.10'),
    ]);
});
afterAll(() => ctx.close());

describe('GET /api/clients/account-balance/{id}', () => {
  it("answers each open account's last balance, the latest date and the sum", async () => {
    const res = await call(ctx, 'GET', `/api/clients/account-balance/${clientId}`, analyst);
    expect(res.statusCode, res.body).toBe(200);
    const body = ClientAccountBalancesSchema.parse(res.json());
    expect(body).toEqual({
      asOf: '2026-06-30',
      total: 51250.65,
      accounts: [
        {
          accountId: accountIds.operating,
          accountName: 'Operating',
          accountNumber: '1001',
          bankName: 'Harbor Savings',
          balance: 1250.55,
          balanceDate: '2026-06-30',
        },
        expect.objectContaining({
          accountId: accountIds.reserve,
          balance: 50000.1,
          balanceDate: '2026-06-26',
        }),
        expect.objectContaining({ accountId: accountIds.fresh, balance: null, balanceDate: null }),
      ],
    });
  });

  it('needs VIEW_CLIENTS and hides the clients a user may not see', async () => {
    const noView = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_ACCOUNTS'])).roleName);
    expect((await call(ctx, 'GET', `/api/clients/account-balance/${clientId}`, noView)).statusCode).toBe(403);
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [otherClientId]);
    const hidden = await call(ctx, 'GET', `/api/clients/account-balance/${clientId}`, viewer);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().msg).toBe(CLIENT_MSG.notFound);
    const own = await call(ctx, 'GET', `/api/clients/account-balance/${otherClientId}`, viewer);
    expect(own.json()).toEqual({ asOf: null, total: 0, accounts: [] });
  });
});
