import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonteCarloResult } from '@tideline/analytics';
import { MSG } from '@tideline/contracts';
import {
  LIQUIDITY_LEVELS_MSG,
  type LiquidityLevels,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type {
  DurationCapabilityGraph,
  MonteCarloResults,
  MonteCarloTotalBalance,
} from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import { MONTE_CARLO_MSG } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { auditLog, monteCarloRuns } from '../../db/schema';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { findCurrentLiquidityLevels } from './current-liquidity-levels.service';
import { createMonteCarloGroup, insertLevelRates } from './monte-carlo.fixtures';
import { closeMonteCarloPool } from './monte-carlo-pool';
import { runMonteCarloNow } from './run-monte-carlo-now';

// The '{name} - Results' panel and Set Liquidity Levels (ingestion-analysis.md 2, 4, 5 "Liquidity
// levels", 7), read from a stored run: the Monté Result table, the rate table on the effective
// levels, the graph, Restore Defaults for 6 and 12 months and the model's rule on an override.

let ctx: TestContext;
let admin: SignedInUser;
const db = () => ctx.database.db;
const BASE = '/api/analytics/monte-carlo';
const END_DATE = '2001-06-29';
const cents = (v: number) => Math.round(v * 100);

let clientId: number;
let groupId: number;
let monteCarloId: number;
let result: MonteCarloResult;

const get = <T>(url: string) =>
  call(ctx, 'GET', url, admin).then((r) => ({ status: r.statusCode, body: r.json() as T }));
const put = (fields: Record<string, unknown>, group = groupId) =>
  call(ctx, 'PUT', `${BASE}/liquidity-levels/${group}`, admin, {
    monteCarlo: { monteCarloId, dateRange: 6, ...fields },
  });
const LEVEL_FIELDS = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive', 'cushion'] as const;
const asFields = (levels: Readonly<Record<(typeof LEVEL_FIELDS)[number], number>>) =>
  Object.fromEntries(LEVEL_FIELDS.map((f) => [f, levels[f].toFixed(2)]));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  await insertLevelRates(ctx, '2001-06-27', [5.25, 5.4, 5.0, 4.8, 5.5]);
  [clientId] = (await createClients(ctx, 1, 'Liquidity levels')) as [number];
  ({ groupId } = await createMonteCarloGroup(ctx, clientId, { endDate: END_DATE }));
  const run = await runMonteCarloNow(db(), {
    clientId,
    accountGroupId: groupId,
    userId: admin.userId,
    name: 'Levels',
    endDate: END_DATE,
    numberOfYears: 1,
    seed: 7,
    paths: 1_000,
    createdAt: new Date('2001-07-02T12:00:00Z'),
  });
  monteCarloId = run.monteCarloId;
  const [row] = await db().select().from(monteCarloRuns).where(eq(monteCarloRuns.monteCarloId, monteCarloId));
  result = row!.result as MonteCarloResult;
}, 60_000);
afterAll(async () => {
  await closeMonteCarloPool();
  await ctx.close();
});

describe('GET monte-carlo/results/{id}', () => {
  it('answers the Monté Result table and the rate table of the computed levels, from the stored result', async () => {
    const { status, body } = await get<MonteCarloResults>(`${BASE}/results/${monteCarloId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      monteCarloId,
      monteCarloName: 'Levels',
      groupId,
      startDateRange: '2000-06-29',
      endDateRange: END_DATE,
      seed: 7,
      paths: 1_000,
      // One year of history: the stationary bootstrap, said in words.
      bootstrap: result.bootstrap,
      bootstrapBlock: result.bootstrapBlock,
      startBalance: 1_000_000,
      monteResult: [
        { row: 'Raw Output', ...result.monteResult.rawOutput },
        { row: 'From Min Bal', ...result.monteResult.fromMinBal },
      ],
    });
    expect(body.levels).toMatchObject({ isOverridden: false, dateRange: 6, updatedAt: null });
    expect(
      body.rateTable.map((r) => [r.field, r.duration, r.seriesId, r.indicativeRate, r.rateDate]),
    ).toEqual([
      ['levelOne', '0 to 30 days', 'EFFR', 5.25, '2001-06-27'],
      ['levelTwo', '30 days to 30 weeks', 'DGS3MO', 5.4, '2001-06-27'],
      ['levelThree', '30 weeks to 1 year', 'DGS1', 5, '2001-06-27'],
      ['levelFour', '1 year to 30 months', 'DGS2', 4.8, '2001-06-27'],
      ['levelFive', '30 months and longer', 'HQMCB2YR', 5.5, '2001-06-27'],
    ]);
    for (const row of body.rateTable) {
      expect(row.amount).toBe(result.liquidityLevels[row.field]);
      expect(row.benchmarkInterest).toBe(Math.round(row.amount * row.indicativeRate!) / 100);
    }
    expect(cents(body.totalBenchmarkInterest!)).toBe(
      body.rateTable.reduce((sum, r) => sum + cents(r.benchmarkInterest!), 0),
    );
  });

  it('leaves the rates empty when none was stored near the run date', async () => {
    const { groupId: oldGroup } = await createMonteCarloGroup(ctx, clientId, {
      endDate: '1996-06-28',
      firstDate: '1995-01-02',
    });
    const run = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: oldGroup,
      userId: admin.userId,
      name: 'No rates',
      endDate: '1996-06-28',
      numberOfYears: 1,
      paths: 200,
      createdAt: new Date('1996-07-01T12:00:00Z'),
    });
    const { body } = await get<MonteCarloResults>(`${BASE}/results/${run.monteCarloId}`);
    expect(body.rateTable.every((r) => r.indicativeRate === null && r.benchmarkInterest === null)).toBe(true);
    expect(body.totalBenchmarkInterest).toBeNull();
    // Issue 41 point 5: never an empty level; nothing was stored before 1996, so it says so.
    expect(body.rateTable.map((r) => r.rateNote)).toEqual(
      ['EFFR', 'DGS3MO', 'DGS1', 'DGS2', 'HQMCB2YR'].map((id) => `Rate unavailable (no ${id} rate stored)`),
    );
  }, 60_000);

  it('has no results for a run that has not finished (409)', async () => {
    const [row] = await db()
      .insert(monteCarloRuns)
      .values({
        clientId,
        accountGroupId: groupId,
        monteCarloName: 'Queued',
        startDate: '2000-06-29',
        endDate: END_DATE,
        numberOfYears: 1,
        seed: 1,
        paths: 200,
      })
      .returning();
    for (const path of [
      'results',
      'total-balance',
      'duration-capability-cushion-graph',
      'liquidity-levels/get/current',
    ]) {
      const res = await call(ctx, 'GET', `${BASE}/${path}/${row!.monteCarloId}`, admin);
      expect(res.statusCode, path).toBe(409);
      expect(res.json()).toEqual({ msg: MONTE_CARLO_MSG.noResults });
    }
  });
});

describe('the chart data', () => {
  it('GET total-balance/{id}: B0 and the simulated balance by month', async () => {
    const { body } = await get<MonteCarloTotalBalance>(`${BASE}/total-balance/${monteCarloId}`);
    expect(body).toMatchObject({
      endDate: END_DATE,
      startBalance: 1_000_000,
      minimumBalance: result.minimumBalance,
    });
    expect(body.points).toHaveLength(61);
    expect(body.points[0]).toMatchObject({ month: 0, date: END_DATE, medianBalance: 1_000_000 });
    expect(body.points[12]).toEqual({
      month: 12,
      date: result.chart[12]!.date,
      medianBalance: result.chart[12]!.medianBalance,
      lowerBalance: result.chart[12]!.lowerBalance,
      upperBalance: result.chart[12]!.upperBalance,
    });
  });

  it('GET duration-capability-cushion-graph/{id}: the stacked areas as computed', async () => {
    const { body } = await get<DurationCapabilityGraph>(
      `${BASE}/duration-capability-cushion-graph/${monteCarloId}`,
    );
    expect(body).toMatchObject({
      startBalance: 1_000_000,
      cushion: result.liquidityLevels.cushion,
      isOverridden: false,
    });
    expect(body.points.map((p) => p.durationCapability)).toEqual(
      result.chart.map((p) => p.durationCapability),
    );
    expect(body.points.every((p) => p.cushion === result.liquidityLevels.cushion)).toBe(true);
  });
});

describe('GET liquidity-levels/get/default/{id} and get/current/{id}', () => {
  it('answers the computed levels for 6 months, and for 12 months with that range’s cushion', async () => {
    const six = await get<LiquidityLevels>(`${BASE}/liquidity-levels/get/default/${monteCarloId}`);
    expect(six.body).toMatchObject({
      dateRange: 6,
      isOverridden: false,
      ...asNumbers(result.liquidityLevels),
    });
    const [row] = await db()
      .select()
      .from(monteCarloRuns)
      .where(eq(monteCarloRuns.monteCarloId, monteCarloId));
    const twelve = await get<LiquidityLevels>(
      `${BASE}/liquidity-levels/get/default/${monteCarloId}?dateRange=12`,
    );
    expect(twelve.status).toBe(200);
    expect(twelve.body).toMatchObject({
      dateRange: 12,
      cushion: (row!.defaultCushions as Record<string, number>)['12'],
      isOverridden: false,
    });
    const total = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive', 'cushion'] as const;
    expect(total.reduce((sum, f) => sum + cents(twelve.body[f]), 0)).toBe(cents(1_000_000));
    const bad = await call(
      ctx,
      'GET',
      `${BASE}/liquidity-levels/get/default/${monteCarloId}?dateRange=9`,
      admin,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('answers the current levels: the computed ones until the analyst sets them', async () => {
    const { body } = await get<LiquidityLevels>(`${BASE}/liquidity-levels/get/current/${monteCarloId}`);
    expect(body).toMatchObject({
      monteCarloId,
      accountGroupId: groupId,
      isOverridden: false,
      updatedAt: null,
    });
    expect(body.shortTermDollars).toBe(result.liquidityLevels.shortTermDollars);
  });
});

function asNumbers(levels: MonteCarloResult['liquidityLevels']) {
  const { levelOne, levelTwo, levelThree, levelFour, levelFive, cushion } = levels;
  return { levelOne, levelTwo, levelThree, levelFour, levelFive, cushion };
}

describe('PUT liquidity-levels/{accountGroupId}', () => {
  it.each([
    ['a level is required', { levelOne: '' }, 'levelOne', MSG.required],
    ['the cushion is required', { cushion: undefined }, 'cushion', MSG.required],
    ['a level is a number', { levelTwo: '12,00' }, 'levelTwo', MSG.fieldMustBeNumber],
    ['shortTermDollars is a number', { shortTermDollars: 'abc' }, 'shortTermDollars', MSG.fieldMustBeNumber],
  ])('spec 5: %s', async (_name, change, field, message) => {
    const res = await put({ ...asFields(result.liquidityLevels), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ [`monteCarlo.${field}`]: [message] });
  });

  it('refuses a duration range other than 6 or 12 months', async () => {
    const res = await put({ ...asFields(result.liquidityLevels), dateRange: 9 });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a negative level, levels that do not add up to the balance, and a wrong shortTermDollars', async () => {
    const levels = asFields(result.liquidityLevels);
    const negative = await put({ ...levels, levelThree: '-5' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({
      msg: 'Level three cannot be negative (-$5.00 was entered).',
      fieldErrors: { 'monteCarlo.levelThree': ['Level three cannot be negative (-$5.00 was entered).'] },
    });
    const more = await put({ ...levels, levelOne: (result.liquidityLevels.levelOne + 1000).toFixed(2) });
    expect(more.statusCode).toBe(400);
    expect(more.json().msg).toBe(
      'The five levels and the cushion must add up to the balance on the end date, $1,000,000.00; ' +
        'they add up to $1,001,000.00, $1,000.00 too much.',
    );
    const shortTerm = await put({ ...levels, shortTermDollars: '1' });
    expect(shortTerm.statusCode).toBe(400);
    expect(shortTerm.json().msg).toMatch(/^Short-term dollars are level one plus level two/);
    const current = await get<LiquidityLevels>(`${BASE}/liquidity-levels/get/current/${monteCarloId}`);
    expect(current.body.isOverridden).toBe(false);
  });

  it('answers 404 for a run of another group', async () => {
    const { groupId: other } = await createMonteCarloGroup(ctx, clientId, { endDate: END_DATE });
    const res = await put(asFields(result.liquidityLevels), other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: MONTE_CARLO_MSG.notFound });
  });

  it('saves an override that moves money between levels; every reader then uses it', async () => {
    const computed = result.liquidityLevels;
    // From the largest level into the cushion: a bigger cushion, the same balance.
    const fields = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive'] as const;
    const from = fields.reduce((a, b) => (computed[b] > computed[a] ? b : a));
    const moved = 10_000;
    const res = await put({
      ...asFields(computed),
      [from]: (computed[from] - moved).toFixed(2),
      cushion: (computed.cushion + moved).toFixed(2),
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as { msg: string; levels: LiquidityLevels };
    expect(saved.msg).toBe(LIQUIDITY_LEVELS_MSG.updated);
    expect(saved.levels).toMatchObject({
      isOverridden: true,
      overridden: { ...Object.fromEntries(fields.map((f) => [f, f === from])), cushion: true },
      cushion: computed.cushion + moved,
      defaults: { cushion: computed.cushion },
      updatedAt: expect.any(String),
    });

    const current = await get<LiquidityLevels>(`${BASE}/liquidity-levels/get/current/${monteCarloId}`);
    expect(current.body).toEqual(saved.levels);
    const results = await get<MonteCarloResults>(`${BASE}/results/${monteCarloId}`);
    expect(results.body.rateTable.find((r) => r.field === from)!.amount).toBe(computed[from] - moved);
    const graph = await get<DurationCapabilityGraph>(
      `${BASE}/duration-capability-cushion-graph/${monteCarloId}`,
    );
    expect(graph.body).toMatchObject({ cushion: computed.cushion + moved, isOverridden: true });
    expect(graph.body.points[0]!.durationCapability).toBe(1_000_000 - computed.cushion - moved);
    expect(graph.body.points.every((p) => p.durationCapability + p.cushion <= 1_000_000)).toBe(true);
    const group = await findCurrentLiquidityLevels(db(), groupId);
    expect(group?.levels.cushion).toBe(computed.cushion + moved);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'liquidity_level_override'), eq(auditLog.entityId, String(monteCarloId))),
      );
    expect(audit).toHaveLength(1);
  });

  it('Restore Defaults for 12 months, saved: the 12-month levels, nothing overridden', async () => {
    const twelve = await get<LiquidityLevels>(
      `${BASE}/liquidity-levels/get/default/${monteCarloId}?dateRange=12`,
    );
    const res = await put({ ...asFields(twelve.body), dateRange: 12 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().levels).toMatchObject({
      dateRange: 12,
      isOverridden: false,
      cushion: twelve.body.cushion,
    });
    const group = await findCurrentLiquidityLevels(db(), groupId);
    expect(group?.levels).toMatchObject({ dateRange: 12, isOverridden: false });
  });
});
