import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList } from '@tideline/contracts';
import { INVESTMENT_MSG, type Investment } from '@tideline/contracts/investments/investments.schemas';
import { auditLog, clientAssignees, investmentTypes } from '../../db/schema';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { dayFromToday, insertInvestment, investmentTypeId } from '../../../test/investment-fixtures';
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
let scoped: SignedInUser;
let noView: SignedInUser;
let clientA: number;
let clientB: number;
let accountA: number;
let accountB: number;
let bankName: string;
let ids: Record<string, number>;

const list = (url: string, user: SignedInUser, body: object = {}) =>
  call(ctx, 'POST', url, user, { pageSize: 50, pageIndex: 0, ...body });

async function filterIds(filters: { id: string; value: unknown }[], user = admin): Promise<number[]> {
  const res = await list(`/api/investments/client/${clientA}`, user, { filters });
  expect(res.statusCode).toBe(200);
  return (res.json() as PagedList<Investment>).results.map((r) => r.id).sort((a, b) => a - b);
}

const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestContext();
  const created = await createClients(ctx, 2, 'Investor');
  clientA = created[0]!;
  clientB = created[1]!;
  bankName = `Harbor Bank ${randomUUID().slice(0, 6)}`;
  const bankA = await createRelatedBank(ctx, clientA!, { bankName });
  const bankB = await createRelatedBank(ctx, clientB!);
  accountA = await createAccountRow(ctx, clientA!, bankA, {
    accountName: 'Reserve Fund',
    accountType: 'Investment',
  });
  accountB = await createAccountRow(ctx, clientB!, bankB, { accountType: 'Investment' });
  const cd = await investmentTypeId(ctx, 'Certificate of Deposit');
  const agency = await investmentTypeId(ctx, 'Agency Note');
  ids = {
    // Worked example 1: 1 000.00 discount + 100 000 × 2 % × 364 / 365 = 1 994.52 coupon → 2 994.52.
    discount: await insertInvestment(ctx, clientA!, accountA, {
      investmentTypeId: cd,
      marketIdentifier: '3133EPXK6',
      faceValue: '100000.00',
      settlementAmount: '99000.00',
      couponRate: '2.000000',
      interestRate: '4.250000',
      settlementDate: '2025-01-01',
      maturityDate: '2025-12-31',
      callDate: '2025-06-30',
      fund: 'General Fund',
      liquidityLevel: 3,
    }),
    // Worked example 2: bought 500.00 above par without a coupon → −500.00, 'Premium'.
    premium: await insertInvestment(ctx, clientA!, accountA, {
      investmentTypeId: agency,
      marketIdentifier: '912797GK7',
      faceValue: '50000.00',
      settlementAmount: '50500.00',
      couponRate: null,
      interestRate: '5.100000',
      settlementDate: '2025-03-01',
      maturityDate: '2025-09-01',
      callDate: null,
    }),
    // Matures in 10 days.
    soon: await insertInvestment(ctx, clientA!, accountA, {
      marketIdentifier: '89233GAB2',
      faceValue: '25000.00',
      settlementAmount: '24800.00',
      interestRate: '3.000000',
      settlementDate: dayFromToday(-80),
      maturityDate: dayFromToday(10),
      callDate: dayFromToday(5),
    }),
    other: await insertInvestment(ctx, clientB!, accountB),
  };
  admin = await createSignedInUser(ctx, 'Admin');
  const scopedRole = await createRole(
    ctx,
    ['VIEW_INVESTMENTS', 'EDIT_INVESTMENTS', 'DELETE_INVESTMENTS', 'DOWNLOAD_FILES'],
    true,
  );
  scoped = await createSignedInUser(ctx, scopedRole.roleName, [clientA!]);
  noView = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_CLIENTS'])).roleName);
});

afterAll(async () => {
  await ctx.close();
});

describe('derived fields', () => {
  it('computes interest at maturity, premium or discount, bank and the relationship on the server', async () => {
    const res = await call(ctx, 'GET', `/api/investments/${ids.discount}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.discount,
      fileId: 1,
      faceValue: 100000,
      settlementAmount: 99000,
      couponRate: 2,
      interestRate: 4.25,
      interestAtMaturity: 2994.52,
      premiumDiscount: 'Discount',
      bank: bankName,
      clientAccountRelationship: expect.stringMatching(/^Investor .*, Reserve Fund$/),
      investmentType: 'Certificate of Deposit',
      investmentTypeName: 'Certificate of Deposit',
      // Matured on 2025-12-31: level 1 (the stored 3 is not read, investment-fields.ts liquidityLevelOf).
      liquidityLevel: 1,
      investmentId: '3133EPXK6',
      callDate: '2025-06-30',
      investmentGroupIdList: [],
    });
    const premium = (await call(ctx, 'GET', `/api/investments/${ids.premium}`, admin)).json() as Investment;
    expect(premium).toMatchObject({ interestAtMaturity: -500, premiumDiscount: 'Premium', couponRate: null });
  });

  it('counts days until maturity from today', async () => {
    const soon = (await call(ctx, 'GET', `/api/investments/${ids.soon}`, admin)).json() as Investment;
    expect(soon.daysUntilMaturity).toBe(10);
    const matured = (await call(ctx, 'GET', `/api/investments/${ids.premium}`, admin)).json() as Investment;
    const expected = Math.round((Date.parse('2025-09-01') - Date.parse(dayFromToday(0))) / 86_400_000);
    expect(matured.daysUntilMaturity).toBe(expected);
  });

  it('recomputes the derived fields after an edit', async () => {
    const res = await call(ctx, 'PUT', `/api/investments/${ids.premium}`, admin, {
      investment: {
        faceValue: '50000',
        settlementAmount: 49000,
        interestRate: '5.1',
        couponRate: '1.5',
        maturityDate: '2025-09-01',
        callDate: '2025-06-01',
        settlementDate: '2025-03-01',
        investmentTypeId: await investmentTypeId(ctx, 'Agency Note'),
        fund: '',
      },
    });
    expect(res.statusCode).toBe(200);
    // 1 000.00 + 50 000 × 1.5 % × 184 / 365 = 1 000.00 + 378.08.
    expect(res.json()).toMatchObject({
      msg: INVESTMENT_MSG.updated,
      investment: {
        interestAtMaturity: 1378.08,
        premiumDiscount: 'Discount',
        fund: null,
        callDate: '2025-06-01',
      },
    });
  });
});

describe('lists and scoping', () => {
  it('pages every visible investment, 403 without VIEW_INVESTMENTS', async () => {
    const res = await list('/api/investments/all/', admin, { pageSize: 2 });
    expect(res.statusCode).toBe(200);
    const page = res.json() as PagedList<Investment>;
    expect(page.results).toHaveLength(2);
    expect(page.totalCount).toBeGreaterThanOrEqual(4);
    expect((await list('/api/investments/all/', noView)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/investments/all', noView)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', `/api/investments/${ids.discount}`, noView)).statusCode).toBe(403);
  });

  it("never shows a client-scoped user another client's investments", async () => {
    const page = (await list('/api/investments/all/', scoped)).json() as PagedList<Investment>;
    expect(page.results.map((r) => r.clientId)).toEqual([clientA, clientA, clientA]);
    expect(page.totalCount).toBe(3);
    const all = (await call(ctx, 'GET', '/api/investments/all', scoped)).json() as Investment[];
    expect(all.map((r) => r.id).sort()).toEqual(sorted(ids.discount!, ids.premium!, ids.soon!).sort());
    for (const [method, url] of [
      ['GET', `/api/investments/${ids.other}`],
      ['POST', `/api/investments/account/${accountB}`],
      ['POST', `/api/investments/client/${clientB}`],
    ] as const) {
      const res = await call(ctx, method, url, scoped, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call(ctx, 'GET', `/api/investments/${ids.discount}`, scoped)).statusCode).toBe(200);
  });

  it('lists an account and a client, and 404s an unknown one', async () => {
    const byAccount = (
      await list(`/api/investments/account/${accountA}`, admin)
    ).json() as PagedList<Investment>;
    expect(byAccount.totalCount).toBe(3);
    // Issue 20 point 10: current holdings first, then the matured ones, each by maturity date.
    expect(byAccount.results.map((r) => r.id)).toEqual([ids.soon, ids.premium, ids.discount]);
    const current = (
      await list(`/api/investments/account/${accountA}`, admin, {
        filters: [{ id: 'isMatured', value: false }],
      })
    ).json() as PagedList<Investment>;
    expect(current.results.map((r) => r.id)).toEqual([ids.soon]);
    const byClient = (
      await list(`/api/investments/client/${clientB}`, admin)
    ).json() as PagedList<Investment>;
    expect(byClient.results.map((r) => r.id)).toEqual([ids.other]);
    expect((await list('/api/investments/account/999999999', admin)).statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/api/investments/999999999', admin)).json()).toEqual({
      msg: INVESTMENT_MSG.notFound,
    });
  });
});

describe('filters', () => {
  it('filters every number range, derived ones included', async () => {
    expect(await filterIds([{ id: 'faceValue', value: { low: 40000, high: 60000 } }])).toEqual([ids.premium]);
    expect(await filterIds([{ id: 'settlementAmount', value: { low: '99000', high: '' } }])).toEqual([
      ids.discount,
    ]);
    expect(await filterIds([{ id: 'interestRate', value: { low: 5, high: 4 } }])).toEqual([ids.discount]);
    expect(await filterIds([{ id: 'couponRate', value: { low: 1.6, high: 3 } }])).toEqual([ids.discount]);
    expect(await filterIds([{ id: 'interestAtMaturity', value: { low: 1000, high: 2000 } }])).toEqual([
      ids.premium,
    ]);
    expect(await filterIds([{ id: 'daysUntilMaturity', value: { low: 0, high: 30 } }])).toEqual([ids.soon]);
    // Two matured investments and one maturing in 10 days: all level 1, computed in SQL.
    expect(await filterIds([{ id: 'liquidityLevel', value: { low: 1, high: 1 } }])).toEqual(
      sorted(ids.discount!, ids.premium!, ids.soon!),
    );
    expect(await filterIds([{ id: 'liquidityLevel', value: { low: 2, high: 5 } }])).toEqual([]);
  });

  it('filters every date range, inclusive by day', async () => {
    expect(
      await filterIds([{ id: 'maturityDate', value: { from: '2025-09-01', to: '2025-12-31' } }]),
    ).toEqual(sorted(ids.discount!, ids.premium!));
    expect(
      await filterIds([{ id: 'settlementDate', value: { from: '2025-03-01', to: '2025-03-01' } }]),
    ).toEqual([ids.premium]);
    expect(await filterIds([{ id: 'callDate', value: { from: '2025-06-30', to: null } }])).toEqual(
      sorted(ids.discount!, ids.soon!),
    );
    expect(
      await filterIds([{ id: 'createdAt', value: { from: dayFromToday(0), to: dayFromToday(0) } }]),
    ).toEqual(sorted(ids.discount!, ids.premium!, ids.soon!));
    expect(await filterIds([{ id: 'createdAt', value: { from: null, to: dayFromToday(-1) } }])).toEqual([]);
  });

  it('filters text by prefix, premium or discount, and searches', async () => {
    expect(await filterIds([{ id: 'investmentId', value: '3133' }])).toEqual([ids.discount]);
    expect(await filterIds([{ id: 'investmentType', value: 'agency' }])).toEqual([ids.premium]);
    expect(await filterIds([{ id: 'bank', value: bankName.slice(0, 8).toLowerCase() }])).toHaveLength(3);
    expect(await filterIds([{ id: 'clientAccountRelationship', value: 'investor' }])).toHaveLength(3);
    expect(await filterIds([{ id: 'premiumDiscount', value: ['Premium'] }])).toEqual([]);
    const res = await list(`/api/investments/client/${clientA}`, admin, { searchTerm: 'GAB' });
    expect((res.json() as PagedList<Investment>).results.map((r) => r.id)).toEqual([ids.soon]);
    const bad = await list(`/api/investments/client/${clientA}`, admin, {
      filters: [{ id: 'faceValue', value: { low: 'abc', high: '' } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Field must be a number.');
  });

  it("keeps only the user's own clients with myClients", async () => {
    expect(await filterIds([{ id: 'myClients', value: true }])).toEqual([]);
    await ctx.database.db.insert(clientAssignees).values({ clientId: clientA!, userId: admin.userId });
    expect(await filterIds([{ id: 'myClients', value: true }])).toHaveLength(3);
    const mine = (
      await list('/api/investments/all/', admin, { filters: [{ id: 'myClients', value: true }] })
    ).json();
    expect((mine as PagedList<Investment>).results.every((r) => r.clientId === clientA)).toBe(true);
    expect(await filterIds([{ id: 'myClients', value: false }])).toHaveLength(3);
    // A client-scoped user's own clients are their associated ones.
    expect(await filterIds([{ id: 'myClients', value: true }], scoped)).toHaveLength(3);
  });
});

describe('edit', () => {
  const valid = async () => ({
    faceValue: '25000',
    settlementAmount: '24800',
    interestRate: '3',
    couponRate: null,
    maturityDate: dayFromToday(10),
    callDate: dayFromToday(5),
    settlementDate: dayFromToday(-80),
    investmentTypeId: await investmentTypeId(ctx, 'Treasury Bill'),
    fund: null,
  });

  it('refuses non-numbers, blanks and a fund over 50 characters, and saves nothing', async () => {
    const res = await call(ctx, 'PUT', `/api/investments/${ids.soon}`, admin, {
      investment: {
        ...(await valid()),
        faceValue: 'abc',
        interestRate: '',
        settlementAmount: '1,00',
        fund: 'x'.repeat(51),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      'investment.faceValue': ['Field must be a number.'],
      'investment.settlementAmount': ['Field must be a number.'],
      'investment.interestRate': ['Required!'],
      'investment.fund': ['At most 50 characters.'],
    });
    const after = (await call(ctx, 'GET', `/api/investments/${ids.soon}`, admin)).json() as Investment;
    expect(after.faceValue).toBe(25000);
  });

  it("refuses an inactive type with 'Selected investment type is not active.' (422)", async () => {
    const [inactive] = await ctx.database.db
      .insert(investmentTypes)
      .values({ investmentTypeName: `Retired ${randomUUID().slice(0, 6)}`, status: 0 })
      .returning();
    const res = await call(ctx, 'PUT', `/api/investments/${ids.soon}`, admin, {
      investment: { ...(await valid()), investmentTypeId: inactive!.investmentTypeId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      msg: INVESTMENT_MSG.typeNotActive,
      fieldErrors: { investmentTypeId: [INVESTMENT_MSG.typeNotActive] },
    });
    const options = (await call(ctx, 'GET', '/api/investments/types/list', admin)).json() as {
      label: string;
    }[];
    expect(options.map((o) => o.label)).toContain('Certificate of Deposit');
    expect(options.map((o) => o.label)).not.toContain(inactive!.investmentTypeName);
  });

  it('saves an empty call date as null, and requires one for a callable type only (issue 20 point 1)', async () => {
    const saved = await call(ctx, 'PUT', `/api/investments/${ids.soon}`, admin, {
      investment: { ...(await valid()), callDate: '' },
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as { investment: Investment }).investment.callDate).toBeNull();

    const callable = await investmentTypeId(ctx, 'Callable Agency Note');
    const refused = await call(ctx, 'PUT', `/api/investments/${ids.soon}`, admin, {
      investment: { ...(await valid()), investmentTypeId: callable, callDate: null },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ msg: 'Required!', fieldErrors: { callDate: ['Required!'] } });
    const withDate = await call(ctx, 'PUT', `/api/investments/${ids.soon}`, admin, {
      investment: { ...(await valid()), investmentTypeId: callable },
    });
    expect(withDate.statusCode).toBe(200);

    const options = (await call(ctx, 'GET', '/api/investments/types/list', admin)).json() as {
      label: string;
      callable: boolean;
    }[];
    expect(options.find((o) => o.label === 'Callable Agency Note')?.callable).toBe(true);
    expect(options.find((o) => o.label === 'Treasury Bill')?.callable).toBe(false);
  });

  it('needs EDIT_INVESTMENTS, and a client-scoped user cannot edit another client', async () => {
    const viewer = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_INVESTMENTS'])).roleName);
    const body = { investment: await valid() };
    expect((await call(ctx, 'PUT', `/api/investments/${ids.soon}`, viewer, body)).statusCode).toBe(403);
    expect((await call(ctx, 'PUT', `/api/investments/${ids.other}`, scoped, body)).statusCode).toBe(404);
    expect((await call(ctx, 'PUT', `/api/investments/${ids.soon}`, scoped, body)).statusCode).toBe(200);
  });
});

describe('delete and download source', () => {
  it('deletes for DELETE_INVESTMENTS, keeps what was deleted in the audit row, and scopes', async () => {
    const doomed = await insertInvestment(ctx, clientA!, accountA, { marketIdentifier: '037833AK6' });
    const body = { investment: { investmentIdList: [doomed] } };
    expect((await call(ctx, 'DELETE', '/api/investments/remove', noView, body)).statusCode).toBe(403);
    const outside = { investment: { investmentIdList: [doomed, ids.other] } };
    expect((await call(ctx, 'DELETE', '/api/investments/remove', scoped, outside)).statusCode).toBe(404);
    const res = await call(ctx, 'DELETE', '/api/investments/remove', scoped, body);
    expect(res.json()).toEqual({ msg: INVESTMENT_MSG.deleted, deletedCount: 1 });
    expect((await call(ctx, 'GET', `/api/investments/${doomed}`, admin)).statusCode).toBe(404);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'investment'), eq(auditLog.entityId, String(doomed))))
      .orderBy(desc(auditLog.auditId));
    expect(audit).toMatchObject({ action: 'investment.deleted' });
    expect(audit!.before).toMatchObject({ investmentId: '037833AK6', faceValue: '100000.00' });
  });

  it("answers 'No file associated with this investment.' when fileId is 1", async () => {
    const res = await call(ctx, 'GET', `/api/investments/source/${ids.discount}`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: INVESTMENT_MSG.noFile });
    expect((await call(ctx, 'GET', `/api/investments/source/${ids.other}`, scoped)).json()).toEqual({
      msg: INVESTMENT_MSG.notFound,
    });
    expect((await call(ctx, 'GET', `/api/investments/source/${ids.discount}`, noView)).statusCode).toBe(403);
  });
});
