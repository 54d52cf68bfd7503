import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountGroup, AccountGroupDetail } from '@tideline/contracts/accounts/account-groups.schemas';
import { auditLog } from '../../db/schema';
import {
  createAccountRow,
  createRelatedBank,
  insertTransactions,
  weekdays,
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
let clientA: number;
let clientB: number;
let bankA: number;
let accountIds: number[];
let otherAccount: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Groups')) as [number, number];
  bankA = await createRelatedBank(ctx, clientA);
  const bankB = await createRelatedBank(ctx, clientB);
  accountIds = [];
  for (let i = 0; i < 3; i++) accountIds.push(await createAccountRow(ctx, clientA, bankA));
  otherAccount = await createAccountRow(ctx, clientB, bankB);
  admin = await createSignedInUser(ctx, 'Admin');
  viewer = await createSignedInUser(ctx, 'Client Viewer', [clientA]);
});
afterAll(() => ctx.close());

const createGroup = (name: string, clientId = clientA, user = admin) =>
  call(ctx, 'POST', '/api/accounts/groups/', user, { account: { clientId, addAccountGroupName: name } });
const listGroups = async (clientId = clientA, user = admin) =>
  (await call(ctx, 'GET', `/api/accounts/groups/all/${clientId}`, user)).json() as AccountGroup[];
const allAccountsOf = async (clientId = clientA) =>
  (await listGroups(clientId)).find((g) => g.isAllAccounts)!;

describe('account groups', () => {
  it('creates a group, refuses the same name in any case and the reserved name, with the spec messages', async () => {
    const res = await createGroup('Operating Funds');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      msg: 'Group created successfully.',
      group: { groupName: 'Operating Funds', numberOfAccounts: 0, validationStatus: 'NO', minDate: null },
    });
    expect((await createGroup('operating funds')).statusCode).toBe(409);
    expect((await createGroup('ALL ACCOUNTS')).statusCode).toBe(409);
    expect((await createGroup('Operating Funds', clientB)).statusCode).toBe(201);
    const blank = await createGroup('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors['account.addAccountGroupName']).toEqual(['Required!']);
    expect((await createGroup('Viewer Group', clientA, viewer)).statusCode).toBe(403);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'account-group.created'),
          eq(auditLog.entityId, String(res.json().group.groupID)),
        ),
      );
    expect(audit!.after).toEqual({ clientId: clientA, groupName: 'Operating Funds' });
  });

  it('never renames or deletes All Accounts, nor removes an account from it', async () => {
    const all = await allAccountsOf();
    expect(all).toMatchObject({ groupName: 'All Accounts', numberOfAccounts: 3 });
    const rename = await call(ctx, 'PUT', `/api/accounts/groups/${all.groupID}`, admin, {
      account: { accountGroupName: 'Everything' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().msg).toBe('You can\'t edit the name or delete "All Accounts" group.');
    const del = await call(ctx, 'DELETE', '/api/accounts/groups', admin, {
      account: { groupIds: [all.groupID] },
    });
    expect(del.statusCode).toBe(409);
    const detail = (
      await call(ctx, 'GET', `/api/accounts/groups/${all.groupID}`, admin)
    ).json() as AccountGroupDetail;
    const remove = await call(ctx, 'DELETE', '/api/accounts/groups/association', admin, {
      account: { accountGroupXrefs: [detail.accounts[0]!.accountXrefId] },
    });
    expect(remove.statusCode).toBe(409);
  });

  it('adds accounts, shows them in the detail, removes them in bulk, renames and deletes the group', async () => {
    const { group } = (await createGroup('Debt Service')).json() as { group: AccountGroup };
    const add = await call(ctx, 'POST', `/api/accounts/groups/${group.groupID}`, admin, {
      account: { accountIdList: accountIds.slice(0, 2) },
    });
    expect(add.json()).toEqual({ msg: 'Accounts added successfully.', count: 2 });
    const foreign = await call(ctx, 'POST', `/api/accounts/groups/${group.groupID}`, admin, {
      account: { accountIdList: [otherAccount] },
    });
    expect(foreign.statusCode).toBe(404);
    const detail = (
      await call(ctx, 'GET', `/api/accounts/groups/${group.groupID}`, viewer)
    ).json() as AccountGroupDetail;
    expect(detail).toMatchObject({ groupName: 'Debt Service', numberOfAccounts: 2, clientId: clientA });
    expect(detail.accounts.map((a) => a.accountId).sort()).toEqual(accountIds.slice(0, 2).sort());
    const removed = await call(ctx, 'DELETE', '/api/accounts/groups/association', admin, {
      account: { accountGroupXrefs: [detail.accounts[0]!.accountXrefId] },
    });
    expect(removed.json().count).toBe(1);
    const renamed = await call(ctx, 'PUT', `/api/accounts/groups/${group.groupID}`, admin, {
      account: { accountGroupName: 'Debt Service Funds' },
    });
    expect(renamed.json().group).toMatchObject({ groupName: 'Debt Service Funds', numberOfAccounts: 1 });
    const taken = await call(ctx, 'PUT', `/api/accounts/groups/${group.groupID}`, admin, {
      account: { accountGroupName: 'OPERATING FUNDS' },
    });
    expect(taken.statusCode).toBe(409);
    const del = await call(ctx, 'DELETE', '/api/accounts/groups', admin, {
      account: { groupIds: [group.groupID] },
    });
    expect(del.json()).toEqual({ msg: 'Group(s) deleted successfully.', count: 1 });
    const gone = await call(ctx, 'GET', `/api/accounts/groups/${group.groupID}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('Account group does not exist.');
  });

  it("sets an account's groups, always keeping All Accounts", async () => {
    const { group } = (await createGroup('Payroll Set')).json() as { group: AccountGroup };
    const url = `/api/accounts/groups/association/${accountIds[2]}`;
    const set = await call(ctx, 'PUT', url, admin, { account: { groupIds: [group.groupID] } });
    expect(set.statusCode).toBe(200);
    expect(set.json().associations.map((a: { label: string }) => a.label)).toEqual([
      'All Accounts',
      'Payroll Set',
    ]);
    const cleared = await call(ctx, 'PUT', url, admin, { account: { groupIds: [] } });
    expect(cleared.json().associations.map((a: { label: string }) => a.label)).toEqual(['All Accounts']);
    const foreignGroup = (await listGroups(clientB)).find((g) => g.isAllAccounts)!;
    const bad = await call(ctx, 'PUT', url, admin, { account: { groupIds: [foreignGroup.groupID] } });
    expect(bad.statusCode).toBe(404);
    expect((await call(ctx, 'PUT', url, viewer, { account: { groupIds: [] } })).statusCode).toBe(403);
    const options = (await call(ctx, 'GET', `/api/accounts/groups/list/${clientA}`, viewer)).json();
    expect(options[0]).toMatchObject({ label: 'All Accounts', isAllAccounts: true });
  });

  it('computes validationStatus and minDate from the accounts’ transactions', async () => {
    const [clientC] = (await createClients(ctx, 1, 'Validation')) as [number];
    const bank = await createRelatedBank(ctx, clientC);
    const long = await createAccountRow(ctx, clientC, bank);
    const short = await createAccountRow(ctx, clientC, bank);
    await insertTransactions(
      ctx,
      clientC,
      long,
      weekdays('2022-01-03', '2025-01-31').map((d) => ({ transactionDate: d, amount: '1' })),
    );
    await insertTransactions(
      ctx,
      clientC,
      short,
      weekdays('2023-06-01', '2025-01-31').map((d) => ({ transactionDate: d, amount: '1' })),
    );
    const { group } = (await createGroup('Long Only', clientC)).json() as { group: AccountGroup };
    await call(ctx, 'POST', `/api/accounts/groups/${group.groupID}`, admin, {
      account: { accountIdList: [long] },
    });
    const groups = await listGroups(clientC);
    expect(groups.find((g) => g.groupID === group.groupID)).toMatchObject({
      validationStatus: 'YES',
      minDate: '2022-01-03',
      numberOfAccounts: 1,
    });
    // All Accounts holds both: history only from the short account's first day, under 24 months.
    expect(groups.find((g) => g.isAllAccounts)).toMatchObject({
      validationStatus: 'NO',
      minDate: '2023-06-01',
    });
  });

  it('keeps a client-scoped user to their clients', async () => {
    const foreignAll = await allAccountsOf(clientB);
    expect((await call(ctx, 'GET', `/api/accounts/groups/all/${clientB}`, viewer)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', `/api/accounts/groups/list/${clientB}`, viewer)).statusCode).toBe(404);
    const detail = await call(ctx, 'GET', `/api/accounts/groups/${foreignAll.groupID}`, viewer);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().msg).toBe('Account group does not exist.');
    const assoc = await call(ctx, 'GET', `/api/accounts/groups/association/${otherAccount}`, viewer);
    expect(assoc.statusCode).toBe(404);
  });
});
