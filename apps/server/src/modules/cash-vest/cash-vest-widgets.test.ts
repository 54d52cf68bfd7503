import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CashVestSeriesPoint,
  InterestRateComparisonWidget,
  InterestRateWidget,
} from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import { clients, negotiatedRates } from '../../db/schema';
import { createRelatedBank } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { refreshGroupTables } from '../balance-tables/group-history';
import {
  createCashVestWorld,
  insertCashVestRow,
  MONEY_MARKET_ANCHOR,
  OPERATING,
  PERIOD_DAYS,
  type CashVestWorld,
} from './cash-vest.fixtures';

// The client summary widgets of this area on a small seeded client: the cashVest Score series, the
// Interest Rate Comparison (one bank per page) and the client's interest rate.

let ctx: TestContext;
let admin: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(() => ctx.close());

const get = async <T>(url: string, user: SignedInUser = admin) => {
  const res = await call(ctx, 'GET', url, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('GET /api/clients/cash-vest/widget/{id}', () => {
  it('gives one point per month of the edited scores, oldest first, the five keys each', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Widget series')) as [number];
    const scores = (v: number) => ({
      valueScore: v,
      liquidityProf: v + 10,
      warnickRate: v + 1,
      cashflow: v + 2,
      investment: 5,
      totalScore: v + v + 10 + v + 1 + v + 2 + 5,
    });
    await insertCashVestRow(ctx, clientId, { startDate: '2037-04-01', endDate: '2037-06-30', ...scores(12) });
    await insertCashVestRow(ctx, clientId, { ...scores(8) });
    await insertCashVestRow(ctx, clientId, { startDate: null, endDate: null });
    await insertCashVestRow(ctx, clientId);
    expect(await get<CashVestSeriesPoint[]>(`/api/clients/cash-vest/widget/${clientId}`)).toEqual([
      {
        monthYear: '2037-03',
        'Cash Flow': 10,
        Investment: 5,
        'Liquidity Proficiency': 18,
        'Value Score': 8,
        'Warnick Rate': 9,
      },
      {
        monthYear: '2037-06',
        'Cash Flow': 14,
        Investment: 5,
        'Liquidity Proficiency': 22,
        'Value Score': 12,
        'Warnick Rate': 13,
      },
    ]);
  });

  it('is empty for a client without edited scores', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Widget series empty')) as [number];
    await insertCashVestRow(ctx, clientId);
    expect(await get(`/api/clients/cash-vest/widget/${clientId}`)).toEqual([]);
  });
});

describe('the interest rate widgets', () => {
  let world: CashVestWorld;
  let viewer: SignedInUser;
  beforeAll(async () => {
    const [clientId] = (await createClients(ctx, 1, 'Widget rates')) as [number];
    world = await createCashVestWorld(ctx, clientId);
    const db = ctx.database.db;
    await db.update(clients).set({ state: 'IA' }).where(eq(clients.clientId, clientId));
    await refreshGroupTables(db, { clientId, userId: admin.userId }, world.groupId);
    const otherBank = await createRelatedBank(ctx, clientId);
    const quote = { clientId, userName: 'Test Analyst', realized: 1 };
    await db.insert(negotiatedRates).values([
      { ...quote, bankId: world.bankId, state: 'IA', term: '182', rate: '4.35' },
      { ...quote, bankId: otherBank, state: 'WA', term: '30', rate: '3.95' },
    ]);
    // Scoped to this client, so the firm's other negotiated rates (other test files) stay out.
    const role = await createRole(ctx, ['VIEW_CLIENTS'], true);
    viewer = await createSignedInUser(ctx, role.roleName, [clientId]);
  });

  const percent = (fraction: number) => Math.round(fraction * 100 * 10_000) / 10_000;
  const operatingAverage =
    (14 * OPERATING.anchor + 75 * (OPERATING.anchor - 50_000) + OPERATING.anchor) / PERIOD_DAYS;
  const moneyMarketAverage =
    (30 * MONEY_MARKET_ANCHOR + 28 * (MONEY_MARKET_ANCHOR + 2500) + 32 * (MONEY_MARKET_ANCHOR + 6000)) /
    PERIOD_DAYS;

  it('compares the bank’s earned rates with the negotiated ones, last month and last quarter', async () => {
    const widget = await get<InterestRateComparisonWidget>(
      `/api/clients/interest-rate-comparison-widget/${world.clientId}`,
      viewer,
    );
    expect(widget).toMatchObject({
      asOfDate: '2037-04-01',
      lastMonth: { startDate: '2037-03-01', endDate: '2037-03-31' },
      lastQuarter: { startDate: '2037-01-01', endDate: '2037-03-31' },
    });
    expect(widget.banks).toHaveLength(1);
    const [bank] = widget.banks;
    expect(bank).toMatchObject({ bankId: world.bankId, state: 'IA' });
    // The money market earned nothing in March, 6,000 over the quarter.
    expect(bank!.highYield.lastMonth).toBe(0);
    expect(bank!.highYield.lastQuarter).toBeCloseTo(percent((6000 / moneyMarketAverage) * (365 / 90)), 3);
    // The 30-day quote is liquid (low and high yield); the 182-day one a term deposit (fixed income).
    expect(bank!.highYield).toMatchObject({ bestRate: 3.95, bestInState: null, average: 3.95 });
    expect(bank!.lowYield).toMatchObject({ lastQuarter: 0, bestRate: 3.95 });
    expect(bank!.fixedIncome).toEqual({
      lastMonth: null,
      lastQuarter: null,
      bestRate: 4.35,
      bestInState: 4.35,
      average: 4.35,
    });
  });

  it('gives the client’s earned rate (index 0 last month, 1 last quarter) and the interest received', async () => {
    const widget = await get<InterestRateWidget>(
      `/api/clients/interest-rate-widget/${world.clientId}`,
      viewer,
    );
    const quarterRate = (6000 / (operatingAverage + moneyMarketAverage)) * (365 / 90);
    expect(widget.asOfDate).toBe('2037-04-01');
    expect(widget.interestRate[0]).toBe(0);
    expect(widget.interestRate[1]).toBeCloseTo(percent(quarterRate), 3);
    expect(widget.accruedInterest).toEqual({ lastMonth: 0, lastQuarter: 6000 });
  });

  it('answers the empty state for a client without balance tables', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Widget rates empty')) as [number];
    expect(await get(`/api/clients/interest-rate-comparison-widget/${clientId}`)).toEqual({
      asOfDate: null,
      lastMonth: null,
      lastQuarter: null,
      banks: [],
    });
    expect(await get(`/api/clients/interest-rate-widget/${clientId}`)).toEqual({
      asOfDate: null,
      interestRate: [null, null],
      accruedInterest: { lastMonth: null, lastQuarter: null },
    });
  });
});
