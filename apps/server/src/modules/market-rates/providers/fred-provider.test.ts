import { afterEach, describe, expect, it } from 'vitest';
import { createFredProvider, readObservations } from './fred-provider';
import { readFixture, send, startStandInServer } from './start-stand-in-server';

const API_KEY = 'abcdefghijklmnopqrstuvwxyz123456';
let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function fredStandIn(answer: (seriesId: string) => Promise<[number, string]>) {
  const server = await startStandInServer(async (url, res) => {
    if (url.pathname !== '/fred/series/observations') return send(res, 404, 'text/plain', 'no such page');
    const [status, body] = await answer(url.searchParams.get('series_id') ?? '');
    send(res, status, 'application/json', body);
  });
  close = server.close;
  const provider = createFredProvider({
    apiKey: API_KEY,
    baseUrl: `${server.baseUrl}/fred`,
    timeoutMs: 2000,
    series: ['DGS3MO', 'SOFR'],
  });
  return { server, provider };
}

// The samples are real FRED answers (fixtures/README.md says where each was recorded).
describe('FRED provider', () => {
  it('asks series/observations for each series as JSON and reads the values FRED sent', async () => {
    const sofr = await readFixture('fred-observations-sofr-2024-06.json');
    const { server, provider } = await fredStandIn(async () => [200, sofr]);
    const result = await provider.fetchObservations('2024-06-01');
    expect(server.requests.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { series_id: 'DGS3MO', api_key: API_KEY, file_type: 'json', observation_start: '2024-06-01' },
      { series_id: 'SOFR', api_key: API_KEY, file_type: 'json', observation_start: '2024-06-01' },
    ]);
    expect(result.observations.filter((o) => o.seriesId === 'SOFR')).toEqual([
      { seriesId: 'SOFR', date: '2024-06-03', value: 5.35 },
      { seriesId: 'SOFR', date: '2024-06-04', value: 5.33 },
      { seriesId: 'SOFR', date: '2024-06-05', value: 5.33 },
      { seriesId: 'SOFR', date: '2024-06-06', value: 5.33 },
    ]);
    expect(result.failures).toEqual([]);
  });

  it("skips the '.' FRED sends for a day without a value, and reads negative spreads", async () => {
    const t10y3m = await readFixture('fred-observations-t10y3m-2023-01.json');
    const observations = readObservations(JSON.parse(t10y3m), 'T10Y3M');
    expect(observations.map((o) => o.date)).not.toContain('2023-01-02');
    expect(observations.map((o) => o.date)).not.toContain('2023-01-16');
    expect(observations).toHaveLength(10);
    expect(observations[0]).toEqual({ seriesId: 'T10Y3M', date: '2023-01-03', value: -0.74 });
    expect(observations.at(-1)).toEqual({ seriesId: 'T10Y3M', date: '2023-01-17', value: -1.18 });
  });

  it('keeps the full precision FRED publishes for a computed average', async () => {
    const average = await readFixture('fred-observations-sofr30dayavg-2024-06.json');
    expect(readObservations(JSON.parse(average), 'SOFR30DAYAVG')).toEqual([
      { seriesId: 'SOFR30DAYAVG', date: '2024-06-03', value: 5.326980000000001 },
      { seriesId: 'SOFR30DAYAVG', date: '2024-06-04', value: 5.32834 },
      { seriesId: 'SOFR30DAYAVG', date: '2024-06-05', value: 5.32901 },
      { seriesId: 'SOFR30DAYAVG', date: '2024-06-06', value: 5.329680000000001 },
    ]);
  });

  it("reports FRED's own error message and fails when no series could be read", async () => {
    const error = await readFixture('fred-error-bad-api-key.json');
    const { provider } = await fredStandIn(async () => [400, error]);
    await expect(provider.fetchObservations('2024-06-01')).rejects.toThrow(
      'FRED answered no series. DGS3MO: HTTP 400: Bad Request.  The value for variable api_key is not registered.  Read https://fred.stlouisfed.org/docs/api/api_key.html for more information.',
    );
  });

  it('keeps the series it could read and names the one that answered garbage', async () => {
    const sofr = await readFixture('fred-observations-sofr-2024-06.json');
    // Garbage is made by hand from the real answer: FRED itself never sent this.
    const garbage = sofr.replace('"5.35"', '"n/a"');
    const { provider } = await fredStandIn(async (id) => [200, id === 'SOFR' ? garbage : sofr]);
    const result = await provider.fetchObservations('2024-06-01');
    expect(result.observations.map((o) => [o.seriesId, o.value])).toEqual([
      ['DGS3MO', 5.35],
      ['DGS3MO', 5.33],
      ['DGS3MO', 5.33],
      ['DGS3MO', 5.33],
    ]);
    expect(result.failures).toEqual(["SOFR: 'n/a' on 2024-06-03 is not a rate"]);
  });

  it('refuses an answer that is not JSON or has no observations', async () => {
    const { provider } = await fredStandIn(async (id) =>
      id === 'SOFR' ? [200, '<html>maintenance</html>'] : [200, '{"count":0}'],
    );
    await expect(provider.fetchObservations('2024-06-01')).rejects.toThrow(
      'FRED answered no series. DGS3MO: the answer has no observations list',
    );
  });

  it('gives up on a server that does not answer in time, without printing the key', async () => {
    const server = await startStandInServer(() => new Promise<void>(() => undefined));
    close = server.close;
    const provider = createFredProvider({
      apiKey: API_KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 200,
      series: ['SOFR'],
    });
    const failure = await provider.fetchObservations('2024-06-01').catch((e: Error) => e.message);
    expect(failure).toBe('FRED answered no series. SOFR: no answer within 200 ms');
    expect(failure).not.toContain(API_KEY);
  });

  it('says it could not connect when nothing listens', async () => {
    const server = await startStandInServer(() => undefined);
    await server.close();
    const provider = createFredProvider({
      apiKey: API_KEY,
      baseUrl: server.baseUrl,
      timeoutMs: 2000,
      series: ['SOFR'],
    });
    await expect(provider.fetchObservations('2024-06-01')).rejects.toThrow(
      'SOFR: could not connect (ECONNREFUSED)',
    );
  });
});
