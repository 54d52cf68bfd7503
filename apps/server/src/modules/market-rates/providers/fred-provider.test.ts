import { afterEach, describe, expect, it } from 'vitest';
import { createFredProvider } from './fred-provider';
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

describe('FRED provider', () => {
  it("asks series/observations for each series as JSON and skips '.' days", async () => {
    const sample = await readFixture('fred-observations-dgs3mo.json');
    const { server, provider } = await fredStandIn(async () => [200, sample]);
    const result = await provider.fetchObservations('2026-11-09');
    expect(server.requests.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { series_id: 'DGS3MO', api_key: API_KEY, file_type: 'json', observation_start: '2026-11-09' },
      { series_id: 'SOFR', api_key: API_KEY, file_type: 'json', observation_start: '2026-11-09' },
    ]);
    const dgs3mo = result.observations.filter((o) => o.seriesId === 'DGS3MO');
    expect(dgs3mo).toHaveLength(9);
    expect(dgs3mo.map((o) => o.date)).not.toContain('2026-11-11');
    expect(dgs3mo.at(-1)).toEqual({ seriesId: 'DGS3MO', date: '2026-11-20', value: 3.3 });
    expect(result.failures).toEqual([]);
  });

  it("reports FRED's own error message and fails when no series could be read", async () => {
    const error = await readFixture('fred-error-bad-api-key.json');
    const { provider } = await fredStandIn(async () => [400, error]);
    await expect(provider.fetchObservations('2026-11-01')).rejects.toThrow(
      'FRED answered no series. DGS3MO: HTTP 400: Bad Request.  The value for variable api_key is not registered.',
    );
  });

  it('keeps the series it could read and names the one that answered garbage', async () => {
    const sample = await readFixture('fred-observations-dgs3mo.json');
    const garbage = sample.replace('"3.31"', '"n/a"');
    const { provider } = await fredStandIn(async (id) => [200, id === 'SOFR' ? garbage : sample]);
    const result = await provider.fetchObservations('2026-11-09');
    expect(result.observations.every((o) => o.seriesId === 'DGS3MO')).toBe(true);
    expect(result.failures).toEqual(["SOFR: 'n/a' on 2026-11-12 is not a rate"]);
  });

  it('refuses an answer that is not JSON or has no observations', async () => {
    const { provider } = await fredStandIn(async (id) =>
      id === 'SOFR' ? [200, '<html>maintenance</html>'] : [200, '{"count":0}'],
    );
    await expect(provider.fetchObservations('2026-11-09')).rejects.toThrow(
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
    const failure = await provider.fetchObservations('2026-11-09').catch((e: Error) => e.message);
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
    await expect(provider.fetchObservations('2026-11-09')).rejects.toThrow(
      'SOFR: could not connect (ECONNREFUSED)',
    );
  });
});
