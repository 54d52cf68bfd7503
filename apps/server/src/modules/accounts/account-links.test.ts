import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let ctx: TestContext;
let admin: SignedInUser;
let viewer: SignedInUser;
let linker: SignedInUser;
let a1: number;
let a2: number;
let a3: number;
let foreign: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const [clientA, clientB] = (await createClients(ctx, 2, 'Links')) as [number, number];
  const bankA = await createRelatedBank(ctx, clientA);
  const bankB = await createRelatedBank(ctx, clientB);
  a1 = await createAccountRow(ctx, clientA, bankA, { accountName: 'Operating' });
  a2 = await createAccountRow(ctx, clientA, bankA, { accountName: 'Sweep' });
  a3 = await createAccountRow(ctx, clientA, bankA, { accountName: 'Payroll' });
  foreign = await createAccountRow(ctx, clientB, bankB);
  admin = await createSignedInUser(ctx, 'Admin');
  const scoped = await createRole(ctx, ['VIEW_ACCOUNT_LINKS'], true);
  viewer = await createSignedInUser(ctx, scoped.roleName, [clientA]);
  linker = await createSignedInUser(
    ctx,
    (await createRole(ctx, ['VIEW_ACCOUNT_LINKS', 'ADD_ACCOUNT_LINKS'])).roleName,
  );
});
afterAll(() => ctx.close());

const today = new Date().toISOString().slice(0, 10);

describe('account links', () => {
  it('adds one link per account to another account of the same client, then edits and deletes it', async () => {
    const add = await call(ctx, 'POST', '/api/accounts/link', linker, {
      account: { accountId: a1, linkedToAccountId: a2 },
    });
    expect(add.statusCode).toBe(201);
    const { link } = add.json();
    expect(link).toEqual({
      id: expect.any(Number),
      accountId: a1,
      linkedToId: a2,
      linkedToAccountName: 'Sweep',
      linkedDate: today,
    });
    expect((await call(ctx, 'GET', `/api/accounts/link/${a1}`, admin)).json()).toEqual([link]);
    const second = await call(ctx, 'POST', '/api/accounts/link', admin, {
      account: { accountId: a1, linkedToAccountId: a3 },
    });
    expect(second.statusCode).toBe(409);
    expect(
      (
        await call(ctx, 'PUT', `/api/accounts/link/${link.id}`, linker, {
          account: { linkedToAccountId: a3 },
        })
      ).statusCode,
    ).toBe(403);
    const edit = await call(ctx, 'PUT', `/api/accounts/link/${link.id}`, admin, {
      account: { linkedToAccountId: a3 },
    });
    expect(edit.json()).toMatchObject({
      msg: 'Account link updated successfully.',
      link: { linkedToId: a3, linkedToAccountName: 'Payroll' },
    });
    const del = await call(ctx, 'DELETE', `/api/accounts/link/${link.id}`, admin);
    expect(del.json()).toEqual({ msg: 'Account link deleted successfully.' });
    expect((await call(ctx, 'GET', `/api/accounts/link/${a1}`, admin)).json()).toEqual([]);
    expect((await call(ctx, 'DELETE', `/api/accounts/link/${link.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses itself, another client’s account and a blank target', async () => {
    const self = await call(ctx, 'POST', '/api/accounts/link', admin, {
      account: { accountId: a2, linkedToAccountId: a2 },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('An account cannot be linked to itself.');
    const cross = await call(ctx, 'POST', '/api/accounts/link', admin, {
      account: { accountId: a2, linkedToAccountId: foreign },
    });
    expect(cross.statusCode).toBe(400);
    const blank = await call(ctx, 'POST', '/api/accounts/link', admin, {
      account: { accountId: a2, linkedToAccountId: '' },
    });
    expect(blank.json().fieldErrors['account.linkedToAccountId']).toEqual(['Required!']);
  });

  it('keeps a client-scoped user to their clients and checks permissions', async () => {
    expect((await call(ctx, 'GET', `/api/accounts/link/${foreign}`, viewer)).statusCode).toBe(404);
    expect(
      (
        await call(ctx, 'POST', '/api/accounts/link', viewer, {
          account: { accountId: a2, linkedToAccountId: a3 },
        })
      ).statusCode,
    ).toBe(403);
  });
});
