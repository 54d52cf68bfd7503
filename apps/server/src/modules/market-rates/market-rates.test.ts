import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKET_DATA_GROUPS,
  MARKET_DATA_LAYOUT,
  MARKET_RATE_SERIES,
  MARKET_RATES_MSG,
  type MarketData,
} from '@tideline/contracts/market-rates/market-rates.schemas';
import { marketRateObservations } from '../../db/schema';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { upsertObservations } from './market-rates.queries';

// The rate history is shared by every test file: this one owns the dates of 2099, later than any
// other file writes, so the latest values are its own.
const LATEST = '2099-03-31';
const DATES = ['2099-03-30', LATEST];

let ctx: TestContext;
let viewer: SignedInUser;
let rateReader: SignedInUser;
let noDashboard: SignedInUser;
let advisor: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  viewer = await createSignedInUser(ctx, 'Client Viewer');
  advisor = await createSignedInUser(ctx, 'Advisor');
  rateReader = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_RATE_DATA'])).roleName);
  noDashboard = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_CLIENTS'])).roleName);
  // Each series on two days, the later one 0.01 higher; HQM is monthly, on the 1st.
  const rows = MARKET_RATE_SERIES.filter((s) => s !== 'EFFR' && !s.startsWith('HQM')).flatMap((seriesId, i) =>
    DATES.map((date, d) => ({ seriesId, date, value: 3 + i / 10 + d / 100 })),
  );
  rows.push({ seriesId: 'HQMCB1YR', date: '2099-03-01', value: 3.71 });
  rows.push({ seriesId: 'HQMCB2YR', date: '2099-02-01', value: 3.82 });
  // EFFR: 3.30 published on February 27, 3.40 from March 16.
  rows.push({ seriesId: 'EFFR', date: '2099-02-27', value: 3.3 });
  rows.push({ seriesId: 'EFFR', date: '2099-03-16', value: 3.4 });
  rows.push({ seriesId: 'EFFR', date: LATEST, value: 3.4 });
  await upsertObservations(ctx.database.db, rows, 'import');
});
afterAll(async () => {
  await ctx.database.db
    .delete(marketRateObservations)
    .where(
      inArray(marketRateObservations.observationDate, [
        ...DATES,
        '2099-03-01',
        '2099-02-01',
        '2099-02-27',
        '2099-03-16',
      ]),
    );
  await ctx.close();
});

const getQuandl = (user?: SignedInUser | null) => call(ctx, 'GET', '/api/dashboard/quandl', user);

describe('GET /api/dashboard/quandl', () => {
  it('answers the market data object as the first element of a list, each value with its date', async () => {
    const res = await getQuandl(viewer);
    expect(res.statusCode).toBe(200);
    const list = res.json() as MarketData[];
    expect(list).toHaveLength(1);
    const data = list[0]!;
    expect(Object.keys(data)).toEqual([...MARKET_DATA_GROUPS]);
    for (const group of MARKET_DATA_GROUPS)
      expect(data[group].map((r) => [r.label, r.seriesId])).toEqual(
        MARKET_DATA_LAYOUT[group].rates.map((r) => [r.label, r.seriesId]),
      );
    expect(data.usTreasury.map((r) => r.label)).toEqual(['30-Day', '60-Day', '90-Day', '1-Year', '2-Year']);
    expect(data.usTreasury[0]).toEqual({
      label: '30-Day',
      seriesId: 'DGS1MO',
      value: 3.01,
      asOf: LATEST,
      source: 'import',
    });
    expect(data.federalFund.map((r) => r.asOf)).toEqual([LATEST, LATEST]);
    expect(data.sofr).toEqual([
      {
        label: '30-Day',
        seriesId: 'SOFR30DAYAVG',
        value: expect.any(Number),
        asOf: LATEST,
        source: 'import',
      },
      { label: 'Overnight', seriesId: 'SOFR', value: expect.any(Number), asOf: LATEST, source: 'import' },
    ]);
    // Monthly HQM values are dated the 1st of their month; each value carries its own date.
    expect(data.corporateBond).toEqual([
      { label: '1-Year', seriesId: 'HQMCB1YR', value: 3.71, asOf: '2099-03-01', source: 'import' },
      { label: '2-Year', seriesId: 'HQMCB2YR', value: 3.82, asOf: '2099-02-01', source: 'import' },
    ]);
  });

  it('averages daily EFFR over the 30 calendar days ending on its latest date', async () => {
    const data = ((await getQuandl(advisor)).json() as MarketData[])[0]!;
    // March 2-31: March 2-15 (14 days) carry 3.30 from Feb 27, March 16-31 (16 days) are 3.40.
    expect(data.effectiveFund).toEqual([
      {
        label: '30-Day',
        seriesId: 'EFFR',
        value: Math.round(((14 * 3.3 + 16 * 3.4) / 30) * 1e6) / 1e6,
        asOf: LATEST,
        source: 'import',
      },
    ]);
  });

  it('is open to VIEW_DASHBOARD or VIEW_RATE_DATA only, and to signed-in users only', async () => {
    expect((await getQuandl(rateReader)).statusCode).toBe(200);
    expect((await getQuandl(noDashboard)).statusCode).toBe(403);
    expect((await getQuandl(null)).statusCode).toBe(401);
  });
});

describe('POST /api/market-rates/refresh', () => {
  it('needs EDIT_RATE_DATA and a configured provider', async () => {
    const admin = await createSignedInUser(ctx, 'Admin');
    const refused = await call(ctx, 'POST', '/api/market-rates/refresh', advisor);
    expect(refused.statusCode).toBe(403);
    const res = await call(ctx, 'POST', '/api/market-rates/refresh', admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: MARKET_RATES_MSG.noProvider });
  });
});
