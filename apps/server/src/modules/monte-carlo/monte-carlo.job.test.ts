import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonteCarlo, type MonteCarloResult } from '@tideline/analytics';
import { accountGroups, monteCarloRuns } from '../../db/schema';
import { insertTransactions, weekdays } from '../../../test/account-fixtures';
import {
  createClients,
  createSignedInUser,
  createTestContext,
  type TestContext,
} from '../../../test/test-context';
import { loadGroupHistory } from '../balance-tables/group-history';
import { createMonteCarloGroup, insertLevelRates } from './monte-carlo.fixtures';
import { closeMonteCarloPool } from './monte-carlo-pool';
import { computeMonteCarloRun } from './monte-carlo.job';
import { runMonteCarloNow } from './run-monte-carlo-now';

// The Monte Carlo run (analytics.md "Monte Carlo") against the real database: what the job stores,
// that the stored seed reproduces it, and that a failed run can be run again. Dates are in 2001 so the
// market rates written here stay clear of other tests' (1991) and of today's.

let ctx: TestContext;
let userId: number;
const db = () => ctx.database.db;
const RUN_DAY = new Date('2001-07-02T15:00:00Z');
const END_DATE = '2001-06-29';

const rowOf = async (monteCarloId: number) =>
  (await db().select().from(monteCarloRuns).where(eq(monteCarloRuns.monteCarloId, monteCarloId)))[0]!;

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await createSignedInUser(ctx, 'Admin')).userId;
  await insertLevelRates(ctx, '2001-06-28');
}, 60_000);
afterAll(async () => {
  await closeMonteCarloPool();
  await ctx.close();
});

describe('the Monte Carlo job', () => {
  let clientId: number;
  let groupId: number;
  let monteCarloId: number;

  beforeAll(async () => {
    [clientId] = (await createClients(ctx, 1, 'Monte Carlo job')) as [number];
    ({ groupId } = await createMonteCarloGroup(ctx, clientId, { endDate: END_DATE }));
    const run = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: groupId,
      userId,
      name: 'Two years',
      endDate: END_DATE,
      numberOfYears: 1,
      seed: 20_010_629,
      paths: 2_000,
      createdAt: RUN_DAY,
    });
    expect(run).toMatchObject({ state: 'done', message: null });
    monteCarloId = run.monteCarloId;
  }, 60_000);

  it('stores the model’s result, the rates of the run date, both default cushions and when it read the data', async () => {
    const row = await rowOf(monteCarloId);
    expect(row).toMatchObject({ state: 'done', message: null, startDate: '2000-06-29', paths: 2_000 });
    const result = row.result as MonteCarloResult;
    expect(result).toMatchObject({
      seed: 20_010_629,
      paths: 2_000,
      startBalance: 1_000_000,
      endDate: END_DATE,
    });
    expect(result.chart).toHaveLength(61);
    // The levels and the cushion add up to the balance on the end date (the model's invariant).
    const { levelOne, levelTwo, levelThree, levelFour, levelFive, cushion } = result.liquidityLevels;
    expect(Math.round((levelOne + levelTwo + levelThree + levelFour + levelFive + cushion) * 100)).toBe(
      100_000_000,
    );
    expect(row.rates).toMatchObject({
      runDate: '2001-07-02',
      rates: { levelOne: { seriesId: 'EFFR', date: '2001-06-28', value: 5.33 } },
    });
    // levelTwo at the 90-day rate: amount x 5.45 % for one year.
    expect(result.rateTable?.[1]).toMatchObject({
      level: 'levelTwo',
      indicativeRate: 0.0545,
      benchmarkInterest: Math.round(levelTwo * 0.0545 * 100) / 100,
    });
    expect(row.defaultCushions).toEqual({ '6': cushion, '12': expect.any(Number) });
    expect((row.defaultCushions as Record<string, number>)['12']).toBeGreaterThanOrEqual(cushion);
    expect(row.dataAsOf).toBeInstanceOf(Date);
    expect(row.completedAt).toBeInstanceOf(Date);
  });

  it('is reproducible from its stored seed: the model on the same history gives the same result', async () => {
    const row = await rowOf(monteCarloId);
    const history = await loadGroupHistory(db(), groupId);
    const again = runMonteCarlo({
      accounts: [history!],
      endDate: row.endDate,
      numberOfYears: row.numberOfYears,
      today: '2001-07-02',
      seed: row.seed,
      paths: row.paths,
      dateRange: 6,
      rateCurve: {
        effectiveFedFunds: 0.0533,
        treasuryBill90Day: 0.0545,
        treasury1Year: 0.051,
        treasury2Year: 0.0475,
        corporate2Year: 0.056,
      },
    });
    expect(again.ok && again.value).toEqual(row.result);
  });

  it('writes the same result when the job runs again (a retry)', async () => {
    const before = await rowOf(monteCarloId);
    const again = await computeMonteCarloRun({
      db: db(),
      data: { monteCarloId, clientId, userId },
      setProgress: async () => undefined,
    });
    expect(again.state).toBe('done');
    expect((await rowOf(monteCarloId)).result).toEqual(before.result);
  }, 60_000);

  it('reports its progress, up to the simulation', async () => {
    const progress: [number, string | undefined][] = [];
    await computeMonteCarloRun({
      db: db(),
      data: { monteCarloId, clientId, userId },
      setProgress: async (percent, message) => {
        progress.push([percent, message]);
      },
    });
    expect(progress[0]).toEqual([5, 'Bringing the balance tables up to date']);
    expect(progress.map(([p]) => p)).toEqual([...progress.map(([p]) => p)].sort((a, b) => a - b));
    expect(progress.at(-1)![0]).toBeGreaterThanOrEqual(90);
  }, 60_000);
});

describe('a failed run', () => {
  it('records why, and runs again once the data allows it', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Monte Carlo short')) as [number];
    // Three months of history: the model needs data reaching back a year before the end date.
    const { groupId, accountId } = await createMonteCarloGroup(ctx, clientId, {
      endDate: END_DATE,
      firstDate: '2001-04-02',
    });
    const failed = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: groupId,
      userId,
      name: 'Too short',
      endDate: END_DATE,
      numberOfYears: 1,
      paths: 500,
      createdAt: RUN_DAY,
    });
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(
      /^The group's history starts 2001-04-02; at least 1 year before the end date is needed\.$/,
    );
    const row = await rowOf(failed.monteCarloId);
    expect(row).toMatchObject({ state: 'failed', result: null, message: failed.message });

    // The missing year arrives; the same run is run again (as a retry or Edit and Rerun in place do).
    await insertTransactions(
      ctx,
      clientId,
      accountId,
      weekdays('2000-05-01', '2001-03-30').map((transactionDate, index) => ({
        transactionDate,
        amount: index % 2 ? '150.00' : '-125.00',
      })),
    );
    const rerun = await computeMonteCarloRun({
      db: db(),
      data: { monteCarloId: failed.monteCarloId, clientId, userId },
      setProgress: async () => undefined,
    });
    expect(rerun).toEqual({ monteCarloId: failed.monteCarloId, state: 'done', message: null });
    expect(await rowOf(failed.monteCarloId)).toMatchObject({ state: 'done', message: null });
  }, 60_000);

  it('says so when the group has no history at all', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Monte Carlo empty')) as [number];
    const [group] = await db().insert(accountGroups).values({ clientId, groupName: 'Empty' }).returning();
    const run = await runMonteCarloNow(db(), {
      clientId,
      accountGroupId: group!.groupId,
      userId,
      name: 'Nothing',
      endDate: END_DATE,
      numberOfYears: 1,
      createdAt: RUN_DAY,
    });
    expect(run).toMatchObject({
      state: 'failed',
      message: 'The account group has no balance history: none of its accounts has data.',
    });
  });

  it('ends quietly when the run was deleted before the job got to it', async () => {
    const result = await computeMonteCarloRun({
      db: db(),
      data: { monteCarloId: 2_000_000_000, clientId: 1, userId },
      setProgress: async () => undefined,
    });
    expect(result.state).toBe('missing');
  });
});
