import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList } from '@tideline/contracts';
import type { Investment } from '@tideline/contracts/investments/investments.schemas';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { insertInvestment } from '../../../test/investment-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Issue 42 point 7: Premium or Discount is neither when the settlement amount equals the face value
// (bought at par); the spec names only 'Premium' and 'Discount', so the field is empty (null).

let ctx: TestContext;
let admin: SignedInUser;
let clientId: number;
const ids: Record<'premium' | 'discount' | 'par', number> = { premium: 0, discount: 0, par: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  [clientId] = (await createClients(ctx, 1, 'Par')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const accountId = await createAccountRow(ctx, clientId, bankId, { accountType: 'Investment' });
  const bought = (settlementAmount: string) =>
    insertInvestment(ctx, clientId, accountId, { faceValue: '100000.00', settlementAmount });
  ids.premium = await bought('100250.00');
  ids.discount = await bought('99750.00');
  ids.par = await bought('100000.00');
  admin = await createSignedInUser(ctx, 'Admin');
});

afterAll(async () => {
  await ctx.close();
});

describe('Premium or Discount', () => {
  it('is Premium above face value, Discount below it and neither at par', async () => {
    const read = async (id: number) =>
      ((await call(ctx, 'GET', `/api/investments/${id}`, admin)).json() as Investment).premiumDiscount;
    expect(await read(ids.premium)).toBe('Premium');
    expect(await read(ids.discount)).toBe('Discount');
    expect(await read(ids.par)).toBeNull();
  });

  it('leaves an investment at par out of both the Premium and the Discount filters', async () => {
    const filtered = async (value: string[]) => {
      const res = await call(ctx, 'POST', `/api/investments/client/${clientId}`, admin, {
        pageSize: 50,
        pageIndex: 0,
        filters: [{ id: 'premiumDiscount', value }],
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as PagedList<Investment>).results.map((r) => r.id);
    };
    expect(await filtered(['Premium'])).toEqual([ids.premium]);
    expect(await filtered(['Discount'])).toEqual([ids.discount]);
    expect(await filtered(['Premium', 'Discount']).then((r) => r.sort((a, b) => a - b))).toEqual(
      [ids.premium, ids.discount].sort((a, b) => a - b),
    );
  });
});
