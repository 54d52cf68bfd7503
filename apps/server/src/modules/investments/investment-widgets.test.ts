import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InvestmentBalanceWidget,
  MaturingInvestments,
  UserMaturingInvestments,
} from '@tideline/contracts/investments/investment-widgets.schemas';
import { clientAssignees } from '../../db/schema';
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
let advisor: SignedInUser;
let scoped: SignedInUser;
let clientA: number;
let clientB: number;
let accountA: number;
let accountB: number;
let ids: Record<string, number>;

const setMaturityLimit = (value: number) =>
  call(ctx, 'PUT', '/api/administration/global-setting/2', admin, { globalSetting: { value } });

beforeAll(async () => {
  ctx = await createTestContext();
  const created = await createClients(ctx, 2, 'Maturing');
  clientA = created[0]!;
  clientB = created[1]!;
  accountA = await createAccountRow(ctx, clientA!, await createRelatedBank(ctx, clientA!));
  accountB = await createAccountRow(ctx, clientB!, await createRelatedBank(ctx, clientB!));
  const cp = await investmentTypeId(ctx, 'Commercial Paper');
  ids = {
    today: await insertInvestment(ctx, clientA!, accountA, {
      maturityDate: dayFromToday(0),
      faceValue: '1000.00',
    }),
    in29: await insertInvestment(ctx, clientA!, accountA, {
      maturityDate: dayFromToday(29),
      faceValue: '2000.00',
      investmentTypeId: cp,
      marketIdentifier: '07274NAB9',
    }),
    in60: await insertInvestment(ctx, clientA!, accountA, {
      maturityDate: dayFromToday(60),
      faceValue: '4000.00',
    }),
    in91: await insertInvestment(ctx, clientA!, accountA, {
      maturityDate: dayFromToday(91),
      faceValue: '8000.00',
    }),
    matured: await insertInvestment(ctx, clientA!, accountA, {
      settlementDate: dayFromToday(-200),
      maturityDate: dayFromToday(-1),
    }),
    otherClient: await insertInvestment(ctx, clientB!, accountB, { maturityDate: dayFromToday(5) }),
  };
  admin = await createSignedInUser(ctx, 'Admin');
  advisor = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_INVESTMENTS'])).roleName);
  const scopedRole = await createRole(ctx, ['VIEW_INVESTMENTS'], true);
  scoped = await createSignedInUser(ctx, scopedRole.roleName, [clientA!]);
  await ctx.database.db.insert(clientAssignees).values([
    { clientId: clientA!, userId: advisor.userId },
    { clientId: clientB!, userId: advisor.userId },
  ]);
});

afterAll(async () => {
  await setMaturityLimit(90);
  await ctx.close();
});

describe('maturing investments', () => {
  it('windows the client widget from today to today + the maturity limit, inclusive', async () => {
    const res = await call(ctx, 'GET', `/api/clients/maturing-investments/${clientA}`, advisor);
    expect(res.statusCode).toBe(200);
    const widget = res.json() as MaturingInvestments;
    expect(widget).toMatchObject({
      windowStart: dayFromToday(0),
      windowEnd: dayFromToday(90),
      maturityLimitDays: 90,
      totalMaturingInvestments: 3,
      totalAmountMaturingInvestments: 7000,
    });
    expect(widget.maturingInvestments.map((m) => m.id)).toEqual([ids.today, ids.in29, ids.in60]);
    expect(widget.maturingInvestments[1]).toMatchObject({
      investmentId: '07274NAB9',
      investmentType: 'Commercial Paper',
      amount: 2000,
      maturityDate: dayFromToday(29),
    });
  });

  it('follows global setting 2', async () => {
    expect((await setMaturityLimit(29)).statusCode).toBe(200);
    const widget = (await call(ctx, 'GET', `/api/clients/maturing-investments/${clientA}`, advisor)).json();
    expect(widget).toMatchObject({ windowEnd: dayFromToday(29), totalMaturingInvestments: 2 });
    const refused = await call(ctx, 'PUT', '/api/administration/global-setting/2', advisor, {
      globalSetting: { value: 10 },
    });
    expect(refused.statusCode).toBe(403);
    const negative = await setMaturityLimit(-1);
    expect(negative.statusCode).toBe(400);
    await setMaturityLimit(90);
  });

  it("scopes the client widget: another client's answers 404", async () => {
    expect((await call(ctx, 'GET', `/api/clients/maturing-investments/${clientB}`, scoped)).statusCode).toBe(
      404,
    );
    expect((await call(ctx, 'GET', `/api/clients/maturing-investments/${clientA}`, scoped)).statusCode).toBe(
      200,
    );
  });

  it("summarises the user's own clients for the dashboard, only for themselves without VIEW_USERS", async () => {
    const res = await call(
      ctx,
      'GET',
      `/api/dashboard/users/maturing-investments/${advisor.userId}`,
      advisor,
    );
    expect(res.statusCode).toBe(200);
    const summary = res.json() as UserMaturingInvestments;
    expect(summary.clients).toEqual([
      {
        clientId: clientA,
        clientName: expect.any(String),
        investmentCount: 3,
        totalAmount: 7000,
        earliestMaturityDate: dayFromToday(0),
      },
      expect.objectContaining({
        clientId: clientB,
        investmentCount: 1,
        earliestMaturityDate: dayFromToday(5),
      }),
    ]);
    expect(
      (await call(ctx, 'GET', `/api/dashboard/users/maturing-investments/${admin.userId}`, advisor))
        .statusCode,
    ).toBe(403);
    const asAdmin = await call(
      ctx,
      'GET',
      `/api/dashboard/users/maturing-investments/${advisor.userId}`,
      admin,
    );
    expect((asAdmin.json() as UserMaturingInvestments).clients).toHaveLength(2);
    const own = await call(ctx, 'GET', `/api/dashboard/users/maturing-investments/${scoped.userId}`, scoped);
    expect((own.json() as UserMaturingInvestments).clients.map((c) => c.clientId)).toEqual([clientA]);
  });
});

describe('balance and interest rate widgets', () => {
  it('gives month-end holdings for 24 months back and 12 ahead, and the amounts invested', async () => {
    const res = await call(ctx, 'GET', `/api/investments/balance-widget/accounts/${accountA}`, advisor);
    expect(res.statusCode).toBe(200);
    const widget = res.json() as InvestmentBalanceWidget;
    expect(widget.balances).toHaveLength(36);
    expect(widget.balances.filter((b) => b.series === 'Actual')).toHaveLength(24);
    expect(widget.balances[23]!.date < dayFromToday(0)).toBe(true);
    // Each holding cost 99 000.00; the matured one settled 200 days ago, so past month ends hold it.
    expect(widget.balances.some((b) => b.series === 'Actual' && b.total === 99000 && b.max === 99000)).toBe(
      true,
    );
    expect(widget.balances[0]).toMatchObject({ total: 0, max: 0, min: 0 });
    expect(widget.balances.at(-1)).toMatchObject({ total: 0, series: 'Scheduled' });
    // Held today: the ones maturing in 29, 60 and 91 days (not today's, not yesterday's).
    expect(widget.amountsInvested).toMatchObject({ investmentCount: 3, totalSettlementAmount: 297000 });
    expect(widget.amountsInvested.byType).toContainEqual({
      investmentType: 'Commercial Paper',
      count: 1,
      settlementAmount: 99000,
    });
    const client = await call(ctx, 'GET', `/api/investments/balance-widget/clients/${clientB}`, scoped);
    expect(client.statusCode).toBe(404);
  });

  it('weights coupon and yield by settlement amount', async () => {
    const [client] = await createClients(ctx, 1, 'Rates');
    const account = await createAccountRow(ctx, client!, await createRelatedBank(ctx, client!));
    await insertInvestment(ctx, client!, account, {
      settlementAmount: '100.00',
      couponRate: '2',
      interestRate: '3',
    });
    await insertInvestment(ctx, client!, account, {
      settlementAmount: '300.00',
      couponRate: '4',
      interestRate: '5',
    });
    await insertInvestment(ctx, client!, account, {
      settlementAmount: '600.00',
      couponRate: null,
      interestRate: '1',
    });
    const res = await call(ctx, 'GET', `/api/investments/interest-rate-widget/${account}`, advisor);
    // Coupon: (2 × 100 + 4 × 300) / 400 = 3.5; yield: (3 × 100 + 5 × 300 + 1 × 600) / 1000 = 2.4.
    expect(res.json()).toEqual({
      weightedCouponRate: 3.5,
      weightedInterestRate: 2.4,
      holdingsCount: 3,
      totalSettlementAmount: 1000,
    });
    const empty = await call(ctx, 'GET', `/api/investments/interest-rate-widget/${accountB}`, scoped);
    expect(empty.statusCode).toBe(404);
  });
});
