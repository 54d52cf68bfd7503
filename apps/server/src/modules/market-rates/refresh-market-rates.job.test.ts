import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, marketRateObservations } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-context';
import { upsertObservations } from './market-rates.queries';
import { createFredProvider } from './providers/fred-provider';
import { readFixture, send, startStandInServer } from './providers/start-stand-in-server';
import { createTreasuryProvider } from './providers/treasury-provider';
import { refreshMarketRatesJob } from './refresh-market-rates.job';

// FRED stands in under series ids of this file only, so other files' rows are never touched; the
// Treasury stand-in serves the real 2022 feed of the fixtures, so "today" is in March 2022.
const tag = randomUUID().slice(0, 6).toUpperCase();
const SERIES = [`T${tag}A`, `T${tag}B`];
/** A series no provider reads: its demo rows stay. */
const UNREAD = `T${tag}U`;
const TODAY = '2022-03-10';

let ctx: TestContext;
let standIn: Awaited<ReturnType<typeof startStandInServer>>;
let fredAnswer: 'good' | 'down' | 'garbage' = 'good';
let treasuryAnswer: 'good' | 'down' = 'good';
let fredSample: string;
let treasuryFeed: string;

beforeAll(async () => {
  ctx = await createTestContext();
  fredSample = await readFixture('fred-observations-sofr-2024-06.json');
  treasuryFeed = await readFixture('treasury-par-yield-curve-2022.xml');
  standIn = await startStandInServer((url, res) => {
    if (url.pathname.startsWith('/fred/')) {
      if (fredAnswer === 'down') return send(res, 503, 'text/html', '<html>Service Unavailable</html>');
      const body = fredAnswer === 'garbage' ? fredSample.replace('"5.35"', '"#N/A"') : fredSample;
      return send(res, 200, 'application/json', body);
    }
    if (treasuryAnswer === 'down') return send(res, 500, 'text/plain', 'Internal Server Error');
    return send(res, 200, 'application/xml', treasuryFeed);
  });
});
afterAll(async () => {
  await ctx.database.db
    .delete(marketRateObservations)
    .where(inArray(marketRateObservations.seriesId, [...SERIES, UNREAD]));
  await standIn.close();
  await ctx.close();
});

const providers = () => [
  createFredProvider({
    apiKey: 'k'.repeat(32),
    baseUrl: `${standIn.baseUrl}/fred`,
    timeoutMs: 2000,
    series: SERIES,
  }),
  createTreasuryProvider({ baseUrl: `${standIn.baseUrl}/treasury`, timeoutMs: 2000, today: () => TODAY }),
];

/** Runs the job's handler as the runner would, keeping what it recorded on the run. */
async function runRefresh() {
  const job = refreshMarketRatesJob({ providers: providers(), today: () => TODAY });
  const recorded: { messages: string[]; warnings: string[] } = { messages: [], warnings: [] };
  // A real logger writing to a list: the warnings the job logs are what an operator would read.
  const log = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        const entry = JSON.parse(line) as { level: number; msg: string };
        if (entry.level === 40) recorded.warnings.push(entry.msg);
      },
    },
  );
  const run = job.handle({
    jobId: randomUUID(),
    data: {},
    attempt: 1,
    db: ctx.database.db,
    log,
    setProgress: async (_p, message) => {
      if (message) recorded.messages.push(message);
    },
  });
  return { run, recorded };
}

const valuesOf = async (seriesId: string) =>
  (
    await ctx.database.db
      .select()
      .from(marketRateObservations)
      .where(eq(marketRateObservations.seriesId, seriesId))
      .orderBy(marketRateObservations.observationDate)
  ).map((r) => [r.observationDate, r.value, r.source]);

describe('market rates refresh job', () => {
  it("saves every provider, replacing the shipped snapshot's and the demo's rows of the series it read", async () => {
    await upsertObservations(
      ctx.database.db,
      [{ seriesId: SERIES[0]!, date: '2026-08-03', value: 3.1 }],
      'snapshot',
    );
    await upsertObservations(
      ctx.database.db,
      [
        { seriesId: SERIES[0]!, date: '2024-05-01', value: 5.33 },
        { seriesId: UNREAD, date: '2024-05-01', value: 5.33 },
      ],
      'demo',
    );
    const { run, recorded } = await runRefresh();
    await expect(run).resolves.toEqual({
      outcomes: [
        { provider: 'fred', saved: 8, problems: [] },
        { provider: 'treasury', saved: 30, problems: [] },
      ],
    });
    expect(recorded.messages).toEqual(['fred: 8 observations saved. treasury: 30 observations saved.']);
    const series = await valuesOf(SERIES[0]!);
    expect(series).toHaveLength(4);
    expect(series[0]).toEqual(['2024-06-03', 5.35, 'fred']);
    expect(series.every(([, , source]) => source === 'fred')).toBe(true);
    expect(await valuesOf(UNREAD)).toEqual([['2024-05-01', 5.33, 'demo']]);
    const treasury = await ctx.database.db
      .select()
      .from(marketRateObservations)
      .where(
        and(
          eq(marketRateObservations.seriesId, 'BC_2MONTH'),
          eq(marketRateObservations.observationDate, '2022-03-09'),
        ),
      );
    expect(treasury).toMatchObject([{ value: 0.26, source: 'treasury' }]);
  });

  it('keeps the last good rates of a provider that is down, and says why', async () => {
    const before = await valuesOf(SERIES[1]!);
    fredAnswer = 'down';
    const { run, recorded } = await runRefresh();
    const result = (await run) as { outcomes: { provider: string; saved: number; problems: string[] }[] };
    expect(result.outcomes[0]).toEqual({
      provider: 'fred',
      saved: 0,
      problems: [`FRED answered no series. ${SERIES[0]}: HTTP 503: the answer is not JSON`],
    });
    expect(recorded.messages[0]).toContain(
      'fred: 0 observations saved; last good rates kept for: FRED answered no series.',
    );
    expect(recorded.warnings).toEqual([
      expect.stringContaining('market rate refresh: fred: 0 observations saved'),
    ]);
    expect(await valuesOf(SERIES[1]!)).toEqual(before);
  });

  it('fails the run, saving nothing, when every provider is down or answers garbage', async () => {
    const before = await valuesOf(SERIES[0]!);
    fredAnswer = 'garbage';
    treasuryAnswer = 'down';
    const { run } = await runRefresh();
    await expect(run).rejects.toThrow(
      `fred: 0 observations saved; last good rates kept for: FRED answered no series. ${SERIES[0]}: '#N/A' on 2024-06-03 is not a rate. treasury: 0 observations saved; last good rates kept for: Treasury answered HTTP 500 for 2021`,
    );
    expect(await valuesOf(SERIES[0]!)).toEqual(before);
    fredAnswer = 'good';
    treasuryAnswer = 'good';
  });

  it('runs on the job runner, which records the outcome on the job run', async () => {
    const definition = refreshMarketRatesJob({ providers: providers(), today: () => TODAY });
    // A queue of this file's own, so no other test file's worker takes the job.
    const name = `${definition.name}.test-${tag.toLowerCase()}`;
    ctx.platform.jobs.define({ ...definition, name });
    await ctx.platform.jobs.start({ work: true });
    const jobId = await ctx.platform.jobs.enqueue(name, {});
    const until = Date.now() + 20_000;
    let run = (await ctx.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId)))[0];
    while (run?.state !== 'completed' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      run = (await ctx.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, jobId)))[0];
    }
    expect(run).toMatchObject({
      state: 'completed',
      message: 'fred: 8 observations saved. treasury: 30 observations saved.',
    });
  });
});
