import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import { accountGroupAccounts, auditLog, transactions } from '../../db/schema';
import { createAccountRow, createRelatedBank, insertTransactions } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let viewer: SignedInUser;
let bystander: SignedInUser;
let clientA: number;
let clientB: number;
let bankA: number;
let bankA2: number;
let bankB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Accounts')) as [number, number];
  bankA = await createRelatedBank(ctx, clientA, { collectionType: 'SFTP', defaultDataGatheringFrequency: 6 });
  bankA2 = await createRelatedBank(ctx, clientA);
  bankB = await createRelatedBank(ctx, clientB);
  admin = await createSignedInUser(ctx, 'Admin');
  viewer = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
  const onlyClients = await createRole(ctx, ['VIEW_CLIENTS']);
  bystander = await createSignedInUser(ctx, onlyClients.roleName);
});
afterAll(() => ctx.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  clientId: clientA,
  accountName: 'General Operating',
  accountNumber: `GO-${Math.random().toString(36).slice(2, 10)}`,
  accountAlias: 'Operating',
  accountType: 'Transaction',
  accountCategory: 'Operating',
  bankId: bankA,
  accountBalance: '-1250.50',
  accountBalanceDate: '2025-01-31',
  accountClosed: 0,
  accountDateClosed: '',
  dataGatheringFrequency: '',
  collectionType: '',
  ...overrides,
});

const addAccount = (account: Record<string, unknown>, user = admin) =>
  call(ctx, 'POST', '/api/accounts/add', user, { account });

describe('accounts', () => {
  it('adds an account that follows its bank, joins All Accounts and is audited', async () => {
    const res = await addAccount(form({ accountNumber: 'A-100' }));
    expect(res.statusCode).toBe(201);
    const { msg, account } = res.json() as { msg: string; account: Account };
    expect(msg).toBe('Account created successfully.');
    expect(account).toMatchObject({
      clientId: clientA,
      accountNumber: 'A-100',
      accountBalance: -1250.5,
      accountClosed: 0,
      accountDateClosed: null,
      dataGatheringFrequency: null,
      bankDataGatheringFrequency: 6,
      collectionType: 'SFTP',
      inheritedCollectionType: true,
      lastTransactionDate: null,
      isStaging: false,
    });
    const groups = await call(ctx, 'GET', `/api/accounts/groups/association/${account.accountId}`, admin);
    expect(groups.json()).toEqual([expect.objectContaining({ label: 'All Accounts', isAllAccounts: true })]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.created'), eq(auditLog.entityId, String(account.accountId))));
    expect(audit).toHaveLength(1);
  });

  it("answers the spec's validation messages", async () => {
    const blank = await addAccount(
      form({ accountName: '', accountType: '', bankId: '', accountBalanceDate: '', accountClosed: '' }),
    );
    expect(blank.statusCode).toBe(400);
    const { fieldErrors } = blank.json() as { fieldErrors: Record<string, string[]> };
    for (const field of ['accountName', 'accountType', 'bankId', 'accountBalanceDate', 'accountClosed'])
      expect(fieldErrors[`account.${field}`]).toEqual(['Required']);
    const badBalance = await addAccount(form({ accountBalance: '12a' }));
    expect(badBalance.json().fieldErrors['account.accountBalance']).toEqual(['Field must be a number.']);
    const closedWithoutDate = await addAccount(form({ accountClosed: 1 }));
    expect(closedWithoutDate.json().fieldErrors['account.accountDateClosed']).toEqual(['Required']);
    const closed = await addAccount(form({ accountClosed: 1, accountDateClosed: '2025-06-30' }));
    expect(closed.json().account).toMatchObject({ accountClosed: 1, accountDateClosed: '2025-06-30' });
  });

  it('refuses a duplicate number at the same bank (409) and a bank the client is not related to', async () => {
    expect((await addAccount(form({ accountNumber: 'DUP-1' }))).statusCode).toBe(201);
    const twin = await addAccount(form({ accountNumber: 'DUP-1' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().msg).toBe('An account with this number already exists at this bank for the client.');
    expect((await addAccount(form({ accountNumber: 'DUP-1', bankId: bankA2 }))).statusCode).toBe(201);
    const unrelated = await addAccount(form({ bankId: bankB }));
    expect(unrelated.statusCode).toBe(400);
    expect(unrelated.json().fieldErrors.bankId).toHaveLength(1);
  });

  it('lists complete accounts with bank, last transaction date and own settings; one by id', async () => {
    const accountId = await createAccountRow(ctx, clientA, bankA, {
      accountName: 'Payroll',
      collectionType: 'Email',
      dataGatheringFrequency: 1,
    });
    await insertTransactions(ctx, clientA, accountId, [
      { transactionDate: '2025-03-03', amount: '10' },
      { transactionDate: '2025-03-14', amount: '-4' },
    ]);
    const all = (await call(ctx, 'GET', `/api/accounts/all/${clientA}`, viewer)).json() as Account[];
    const payroll = all.find((a) => a.accountId === accountId)!;
    expect(payroll).toMatchObject({
      bankName: expect.stringMatching(/^Bank /),
      lastTransactionDate: '2025-03-14',
      collectionType: 'Email',
      inheritedCollectionType: false,
      defaultCollectionType: 'SFTP',
      dataGatheringFrequency: 1,
    });
    expect(all.every((a) => !a.isStaging && a.clientId === clientA)).toBe(true);
    const single = await call(ctx, 'GET', `/api/accounts/single/${clientA}/${accountId}`, viewer);
    expect(single.json()).toEqual(payroll);
    const wrongClient = await call(ctx, 'GET', `/api/accounts/single/${clientB}/${accountId}`, admin);
    expect(wrongClient.statusCode).toBe(404);
    expect(wrongClient.json().msg).toBe('Account not found.');
    const missing = await call(ctx, 'GET', `/api/accounts/single/${clientA}/99999999`, admin);
    expect(missing.json().msg).toBe('Account not found.');
    const options = (await call(ctx, 'GET', `/api/accounts/list/${clientA}`, viewer)).json();
    expect(options).toContainEqual({ accountId, accountName: 'Payroll', accountNumber: expect.any(String) });
    expect((await call(ctx, 'GET', '/api/accounts/types', viewer)).json()).toContain('Transaction');
    expect((await call(ctx, 'GET', '/api/accounts/categories', viewer)).json()).toContain('Operating');
  });

  it('keeps a client-scoped user to their clients and needs the permissions', async () => {
    const otherAccount = await createAccountRow(ctx, clientB, bankB);
    for (const url of [
      `/api/accounts/all/${clientB}`,
      `/api/accounts/review/${clientB}`,
      `/api/accounts/list/${clientB}`,
      `/api/accounts/single/${clientB}/${otherAccount}`,
    ]) {
      expect((await call(ctx, 'GET', url, viewer)).statusCode, url).toBe(404);
    }
    expect((await call(ctx, 'GET', `/api/accounts/all/99999999`, admin)).json().msg).toBe(
      'Client not found.',
    );
    expect((await call(ctx, 'GET', `/api/accounts/all/${clientA}`, bystander)).statusCode).toBe(403);
    expect((await addAccount(form(), viewer)).statusCode).toBe(403);
    const put = await call(ctx, 'PUT', `/api/accounts/${otherAccount}`, viewer, { account: form() });
    expect(put.statusCode).toBe(403);
    const del = await call(ctx, 'DELETE', '/api/accounts/remove', viewer, {
      account: { accountIds: [otherAccount] },
    });
    expect(del.statusCode).toBe(403);
  });

  it('completes a staging account on save, which then joins All Accounts', async () => {
    const stagingId = await createAccountRow(ctx, clientA, bankA, {
      isStaging: true,
      accountAlias: null,
      accountType: null,
      accountNumber: 'ST-1',
    });
    const review = (await call(ctx, 'GET', `/api/accounts/review/${clientA}`, admin)).json() as Account[];
    expect(review.map((a) => a.accountId)).toContain(stagingId);
    const saved = await call(ctx, 'PUT', `/api/accounts/${stagingId}`, admin, {
      account: form({ accountNumber: 'ST-1', collectionType: 'Plaid', dataGatheringFrequency: 12 }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().account).toMatchObject({
      isStaging: false,
      collectionType: 'Plaid',
      inheritedCollectionType: false,
      dataGatheringFrequency: 12,
    });
    const after = (await call(ctx, 'GET', `/api/accounts/review/${clientA}`, admin)).json() as Account[];
    expect(after.map((a) => a.accountId)).not.toContain(stagingId);
    const memberships = await ctx.database.db
      .select()
      .from(accountGroupAccounts)
      .where(eq(accountGroupAccounts.accountId, stagingId));
    expect(memberships).toHaveLength(1);
    const moved = await call(ctx, 'PUT', `/api/accounts/${stagingId}`, admin, {
      account: form({ clientId: clientB }),
    });
    expect(moved.statusCode).toBe(404);
  });

  it('removes staging accounts only through /review', async () => {
    const stagingId = await createAccountRow(ctx, clientA, bankA, { isStaging: true });
    const completeId = await createAccountRow(ctx, clientA, bankA);
    const wrong = await call(ctx, 'DELETE', '/api/accounts/review', admin, {
      account: { accountIds: [completeId] },
    });
    expect(wrong.statusCode).toBe(409);
    const ok = await call(ctx, 'DELETE', '/api/accounts/review', admin, {
      account: { accountIds: [stagingId] },
    });
    expect(ok.json()).toEqual({ msg: 'Account(s) deleted successfully.', deletedCount: 1 });
  });

  it('deletes an account with its transactions and memberships, keeping what was deleted in the audit', async () => {
    const accountId = await createAccountRow(ctx, clientA, bankA);
    await insertTransactions(ctx, clientA, accountId, [
      { transactionDate: '2025-01-02', amount: '100.00' },
      { transactionDate: '2025-01-03', amount: '-40.25' },
    ]);
    const res = await call(ctx, 'DELETE', '/api/accounts/remove', admin, {
      account: { accountIds: [accountId] },
    });
    expect(res.statusCode).toBe(200);
    const gone = await call(ctx, 'GET', `/api/accounts/single/${clientA}/${accountId}`, admin);
    expect(gone.statusCode).toBe(404);
    const db = ctx.database.db;
    expect(await db.select().from(transactions).where(eq(transactions.accountId, accountId))).toHaveLength(0);
    expect(
      await db.select().from(accountGroupAccounts).where(eq(accountGroupAccounts.accountId, accountId)),
    ).toHaveLength(0);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.deleted'), eq(auditLog.entityId, String(accountId))));
    expect(audit!.before).toMatchObject({
      clientId: clientA,
      transactions: {
        transactionCount: 2,
        amountSum: '59.75',
        firstDate: '2025-01-02',
        lastDate: '2025-01-03',
      },
      groups: [expect.objectContaining({ groupName: 'All Accounts' })],
    });
    const again = await call(ctx, 'DELETE', '/api/accounts/remove', admin, {
      account: { accountIds: [accountId] },
    });
    expect(again.statusCode).toBe(404);
  });
});
