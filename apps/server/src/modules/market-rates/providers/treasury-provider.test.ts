import { afterEach, describe, expect, it } from 'vitest';
import { createTreasuryProvider, readTreasuryFeed } from './treasury-provider';
import { readFixture, send, startStandInServer } from './start-stand-in-server';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function treasuryStandIn(answer: (year: string) => Promise<[number, string]>, today = '2022-03-10') {
  const server = await startStandInServer(async (url, res) => {
    if (url.pathname !== '/interest-rates/pages/xml') return send(res, 404, 'text/plain', 'no such page');
    const [status, body] = await answer(url.searchParams.get('field_tdr_date_value') ?? '');
    send(res, status, 'application/xml', body);
  });
  close = server.close;
  const provider = createTreasuryProvider({
    baseUrl: `${server.baseUrl}/interest-rates`,
    timeoutMs: 2000,
    today: () => today,
  });
  return { server, provider };
}

const EMPTY_FEED =
  '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title type="text">DailyTreasuryYieldCurveRateData</title></feed>';

// The feed is a real home.treasury.gov answer for 2022 (fixtures/README.md says where it was recorded).
describe('Treasury par yield curve provider', () => {
  it('reads the 1-, 2-, 3-month, 1- and 2-year columns of each day, one request per year', async () => {
    const feed = await readFixture('treasury-par-yield-curve-2022.xml');
    const { server, provider } = await treasuryStandIn(async (year) => [
      200,
      year === '2022' ? feed : EMPTY_FEED,
    ]);
    const result = await provider.fetchObservations('2021-03-10');
    expect(server.requests.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { data: 'daily_treasury_yield_curve', field_tdr_date_value: '2021' },
      { data: 'daily_treasury_yield_curve', field_tdr_date_value: '2022' },
    ]);
    expect(result.observations).toHaveLength(6 * 5);
    expect(result.observations.filter((o) => o.date === '2022-01-03')).toEqual([
      { seriesId: 'DGS1MO', date: '2022-01-03', value: 0.05 },
      { seriesId: 'BC_2MONTH', date: '2022-01-03', value: 0.06 },
      { seriesId: 'DGS3MO', date: '2022-01-03', value: 0.08 },
      { seriesId: 'DGS1', date: '2022-01-03', value: 0.4 },
      { seriesId: 'DGS2', date: '2022-01-03', value: 0.78 },
    ]);
    expect(result.observations.filter((o) => o.date === '2022-03-09')).toEqual([
      { seriesId: 'DGS1MO', date: '2022-03-09', value: 0.18 },
      { seriesId: 'BC_2MONTH', date: '2022-03-09', value: 0.26 },
      { seriesId: 'DGS3MO', date: '2022-03-09', value: 0.38 },
      { seriesId: 'DGS1', date: '2022-03-09', value: 1.15 },
      { seriesId: 'DGS2', date: '2022-03-09', value: 1.68 },
    ]);
  });

  it('keeps only the days since the date asked for, and only the year asked for', async () => {
    const feed = await readFixture('treasury-par-yield-curve-2022.xml');
    const { provider } = await treasuryStandIn(async () => [200, feed]);
    const { observations } = await provider.fetchObservations('2022-01-06');
    expect([...new Set(observations.map((o) => o.date))]).toEqual(['2022-01-06', '2022-01-07', '2022-03-09']);
    // Asked for 2021 as well, the same 2022 answer adds nothing to it.
    const sinceEarlier = await provider.fetchObservations('2021-12-31');
    expect(sinceEarlier.observations).toHaveLength(6 * 5);
  });

  // The 2022 feed has every column on every day; the two cases below are made by hand from it.
  it('skips a column marked m:null and refuses a feed with an unreadable value', async () => {
    const feed = await readFixture('treasury-par-yield-curve-2022.xml');
    const withNull = feed.replace(
      '<d:BC_2MONTH m:type="Edm.Double">0.26</d:BC_2MONTH>',
      '<d:BC_2MONTH m:type="Edm.Double" m:null="true" />',
    );
    expect(
      readTreasuryFeed(withNull)
        .filter((o) => o.seriesId === 'BC_2MONTH')
        .map((o) => o.date),
    ).toEqual(['2022-01-03', '2022-01-04', '2022-01-05', '2022-01-06', '2022-01-07']);
    const broken = feed.replace(
      '<d:BC_1YEAR m:type="Edm.Double">1.15</d:BC_1YEAR>',
      '<d:BC_1YEAR>N/A</d:BC_1YEAR>',
    );
    expect(() => readTreasuryFeed(broken)).toThrow('Treasury feed: BC_1YEAR on 2022-03-09 is not a rate');
  });

  it('refuses an error status, an HTML page and broken XML', async () => {
    let answer: [number, string] = [503, 'Service Unavailable'];
    const { provider } = await treasuryStandIn(async () => answer);
    await expect(provider.fetchObservations('2022-03-01')).rejects.toThrow(
      'Treasury answered HTTP 503 for 2022',
    );
    answer = [200, '<!DOCTYPE html><html><body>Maintenance</body></html>'];
    await expect(provider.fetchObservations('2022-03-01')).rejects.toThrow('Treasury feed:');
    answer = [200, '<html><body>Maintenance</body></html>'];
    await expect(provider.fetchObservations('2022-03-01')).rejects.toThrow(
      'Treasury answer is not the yield curve feed',
    );
    answer = [200, '<feed><entry><content>'];
    await expect(provider.fetchObservations('2022-03-01')).rejects.toThrow('Treasury feed:');
  });
});
