import { afterEach, describe, expect, it } from 'vitest';
import { createTreasuryProvider, readTreasuryFeed } from './treasury-provider';
import { readFixture, send, startStandInServer } from './start-stand-in-server';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function treasuryStandIn(answer: (year: string) => Promise<[number, string]>, today = '2026-11-22') {
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

describe('Treasury par yield curve provider', () => {
  it('reads the 1-, 2-, 3-month, 1- and 2-year columns of each day, one request per year', async () => {
    const feed = await readFixture('treasury-par-yield-curve-2026.xml');
    const { server, provider } = await treasuryStandIn(async (year) => [
      200,
      year === '2026' ? feed : EMPTY_FEED,
    ]);
    const result = await provider.fetchObservations('2025-11-18');
    expect(server.requests.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { data: 'daily_treasury_yield_curve', field_tdr_date_value: '2025' },
      { data: 'daily_treasury_yield_curve', field_tdr_date_value: '2026' },
    ]);
    expect(result.observations).toHaveLength(4 * 5);
    expect(result.observations.filter((o) => o.date === '2026-11-20')).toEqual([
      { seriesId: 'DGS1MO', date: '2026-11-20', value: 3.35 },
      { seriesId: 'BC_2MONTH', date: '2026-11-20', value: 3.33 },
      { seriesId: 'DGS3MO', date: '2026-11-20', value: 3.3 },
      { seriesId: 'DGS1', date: '2026-11-20', value: 3.17 },
      { seriesId: 'DGS2', date: '2026-11-20', value: 3.21 },
    ]);
  });

  it('keeps only the days since the date asked for', async () => {
    const feed = await readFixture('treasury-par-yield-curve-2026.xml');
    const { provider } = await treasuryStandIn(async () => [200, feed]);
    const { observations } = await provider.fetchObservations('2026-11-19');
    expect([...new Set(observations.map((o) => o.date))]).toEqual(['2026-11-19', '2026-11-20']);
  });

  it('skips a column marked m:null and refuses a feed with an unreadable value', async () => {
    const feed = await readFixture('treasury-par-yield-curve-2026.xml');
    const withNull = feed.replace(
      '<d:BC_2MONTH m:type="Edm.Double">3.33</d:BC_2MONTH>',
      '<d:BC_2MONTH m:type="Edm.Double" m:null="true" />',
    );
    expect(
      readTreasuryFeed(withNull)
        .filter((o) => o.seriesId === 'BC_2MONTH')
        .map((o) => o.date),
    ).toEqual(['2026-11-17', '2026-11-18', '2026-11-20']);
    const broken = feed.replace(
      '<d:BC_1YEAR m:type="Edm.Double">3.17</d:BC_1YEAR>',
      '<d:BC_1YEAR>N/A</d:BC_1YEAR>',
    );
    expect(() => readTreasuryFeed(broken)).toThrow('Treasury feed: BC_1YEAR on 2026-11-20 is not a rate');
  });

  it('refuses an error status, an HTML page and broken XML', async () => {
    let answer: [number, string] = [503, 'Service Unavailable'];
    const { provider } = await treasuryStandIn(async () => answer);
    await expect(provider.fetchObservations('2026-11-01')).rejects.toThrow(
      'Treasury answered HTTP 503 for 2026',
    );
    answer = [200, '<!DOCTYPE html><html><body>Maintenance</body></html>'];
    await expect(provider.fetchObservations('2026-11-01')).rejects.toThrow('Treasury feed:');
    answer = [200, '<html><body>Maintenance</body></html>'];
    await expect(provider.fetchObservations('2026-11-01')).rejects.toThrow(
      'Treasury answer is not the yield curve feed',
    );
    answer = [200, '<feed><entry><content>'];
    await expect(provider.fetchObservations('2026-11-01')).rejects.toThrow('Treasury feed:');
  });
});
