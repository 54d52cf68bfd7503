import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetsWidget,
  LiquidityLevelsWidget,
} from '@tideline/contracts/monte-carlo/monte-carlo-widgets.schemas';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { dayFromToday, insertInvestment, investmentTypeId } from '../../../test/investment-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { findCurrentLiquidityLevels } from './current-liquidity-levels.service';
import { createMonteCarloGroup } from './monte-carlo.fixtures';
import { closeMonteCarloPool } from './monte-carlo-pool';
import * as q from './monte-carlo.queries';
import { runMonteCarloNow } from './run-monte-carlo-now';

// The client summary widgets on the Monte Carlo (clients-accounts-investments-reports.md 2, 3, 7):
// Assets (GET /api/clients/assets-widget/{id}) and 'Current Amounts Invested by Liquidity Level'
// (GET /api/investments/liquidity-levels-widget/{clientId}/{groupId}).

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
}, 60_000);
afterAll(async () => {
  await closeMonteCarloPool();
  await ctx.close();
});

describe('the Assets widget', () => {
  it('is empty for a client without accounts or investments: the web then shows No Results', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Assets empty')) as [number];
    const res = await call(ctx, 'GET', `/api/clients/assets-widget/${clientId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      numberOfAccounts: 0,
      numberOfInvestments: 0,
      cashBalance: 0,
      amountInvested: 0,
      totalAssets: 0,
      strategicLiquidity: null,
      liquiditySource: null,
      series: [],
    });
  });

  it('counts the open accounts, adds the investments held today, and takes strategic liquidity from the All Accounts levels', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Assets')) as [number];
    const { accountId, bankId } = await createMonteCarloGroup(ctx, clientId, { endDate: '2001-06-29' });
    await createAccountRow(ctx, clientId, bankId, {
      accountCategory: 'Money Market',
      accountBalance: '25000.00',
    });
    await createAccountRow(ctx, clientId, bankId, {
      accountCategory: 'Money Market',
      accountBalance: '999.00',
      accountClosed: true,
    });
    await insertInvestment(ctx, clientId, accountId, { faceValue: '50000.00' });
    // Matured already: not held today.
    await insertInvestment(ctx, clientId, accountId, {
      maturityDate: dayFromToday(-1),
      settlementDate: dayFromToday(-90),
    });
    const allAccounts = (await q.selectAllAccountsGroupId(db(), clientId))!;
    const run = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: allAccounts,
      userId: admin.userId,
      name: 'Whole client',
      endDate: '2001-06-29',
      numberOfYears: 1,
      paths: 300,
    });
    expect(run.state).toBe('done');
    const levels = (await findCurrentLiquidityLevels(db(), allAccounts))!.levels;

    const res = await call(ctx, 'GET', `/api/clients/assets-widget/${clientId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const widget = res.json() as AssetsWidget;
    expect(widget).toMatchObject({
      numberOfAccounts: 2,
      numberOfInvestments: 1,
      amountInvested: 50_000,
      strategicLiquidity: levels.strategicLiquidity,
      liquiditySource: {
        monteCarloId: run.monteCarloId,
        monteCarloName: 'Whole client',
        endDate: '2001-06-29',
      },
    });
    // The Operating account's balance is the last day of its tables: the anchor (no flows after it).
    expect(widget.cashBalance).toBe(1_025_000);
    expect(widget.totalAssets).toBe(1_075_000);
    expect(widget.series.map((s) => [s.kind, s.label, s.count])).toEqual([
      ['account', 'Operating', 1],
      ['account', 'Money Market', 1],
      ['investment', 'Treasury Bill', 1],
    ]);
    expect(widget.series.reduce((sum, s) => sum + Math.round(s.sharePercent * 100), 0)).toBe(10_000);
  }, 60_000);
});

describe('Current Amounts Invested by Liquidity Level', () => {
  it('adds the face values of the group’s investments held today by the level of their maturity', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Invested by level')) as [number];
    const bankId = await createRelatedBank(ctx, clientId);
    const accountId = await createAccountRow(ctx, clientId, bankId);
    const cd = await investmentTypeId(ctx, 'Treasury Bill');
    const holding = (days: number, faceValue: string) =>
      insertInvestment(ctx, clientId, accountId, {
        investmentTypeId: cd,
        faceValue,
        maturityDate: dayFromToday(days),
      });
    await holding(10, '1000.00'); // level 1: up to 30 days
    await holding(30, '500.00'); // on the boundary: the shorter level
    await holding(100, '2000.00'); // level 2: up to 30 weeks
    await holding(300, '3000.00'); // level 3: up to a year
    await holding(600, '4000.00'); // level 4: up to 30 months
    await holding(1200, '5000.00'); // level 5
    const allAccounts = (await q.selectAllAccountsGroupId(db(), clientId))!;
    const res = await call(
      ctx,
      'GET',
      `/api/investments/liquidity-levels-widget/${clientId}/${allAccounts}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const widget = res.json() as LiquidityLevelsWidget;
    expect(widget).toMatchObject({
      clientId,
      groupId: allAccounts,
      investmentCount: 6,
      totalInvested: 15_500,
    });
    expect(widget.levels.map((l) => [l.levelNumber, l.horizon, l.count, l.amount, l.levelAmount])).toEqual([
      [1, '0 to 30 days', 2, 1500, null],
      [2, '30 days to 30 weeks', 1, 2000, null],
      [3, '30 weeks to 1 year', 1, 3000, null],
      [4, '1 year to 30 months', 1, 4000, null],
      [5, '30 months and longer', 1, 5000, null],
    ]);
    expect(widget.levels.reduce((sum, l) => sum + Math.round(l.sharePercent * 100), 0)).toBe(10_000);
  });

  it('is empty for a group without investments, and 404 for a group of another client', async () => {
    const [clientId, other] = (await createClients(ctx, 2, 'Invested none')) as [number, number];
    const { groupId } = await createMonteCarloGroup(ctx, clientId, { endDate: '2001-06-29' });
    const res = await call(
      ctx,
      'GET',
      `/api/investments/liquidity-levels-widget/${clientId}/${groupId}`,
      admin,
    );
    expect(res.json()).toMatchObject({ investmentCount: 0, totalInvested: 0 });
    const wrong = await call(
      ctx,
      'GET',
      `/api/investments/liquidity-levels-widget/${other}/${groupId}`,
      admin,
    );
    expect(wrong.statusCode).toBe(404);
  });
});
