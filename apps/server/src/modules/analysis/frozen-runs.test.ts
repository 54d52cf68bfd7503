import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrozenRunIds } from '@tideline/contracts/analysis/analysis.schemas';
import type { CashVestSubScores, CashVestResult } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { CashVestSuggestion } from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import type { LiquidityLevels } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type {
  AssetsWidget,
  LiquidityLevelsWidget,
} from '@tideline/contracts/monte-carlo/monte-carlo-widgets.schemas';
import { openReports, shortTermModels } from '../../db/schema';
import {
  call,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import {
  findCurrentLiquidityLevels,
  findPeriodLiquidityLevels,
} from '../monte-carlo/current-liquidity-levels.service';
import { closeMonteCarloPool } from '../monte-carlo/monte-carlo-pool';
import { runMonteCarloNow } from '../monte-carlo/run-monte-carlo-now';
import { renderLiquidityAnalysis } from '../reports/document/render-liquidity-analysis';
import {
  allAccountsGroupOf,
  params,
  PERIOD,
  readText,
  RUN_DAY,
} from '../reports/document/report-document.fixtures';
import { createClients } from '../../../test/test-context';
import { createRelatedBank } from '../../../test/account-fixtures';
import { computeBalanceTables } from '../balance-tables/balance-tables.job';
import { createMonteCarloGroup, insertLevelRates } from '../monte-carlo/monte-carlo.fixtures';
import { freezeReportRuns } from '../reports/report-frozen-runs';
import { runShortTermModelNow } from '../short-term/short-term.job';
import { readFrozenRuns } from './frozen-runs';

// Issue 41 point 4, frozen results: the levels of the run chosen for the period (not simply the newest
// run) in the widgets, step 2 and cashVest; a completed analysis, a report and a cashVest score keep
// the runs they used, whatever later runs, deletions and edits of levels do. Deleting a run that one of
// them uses is allowed: their figures come from the copy they keep.

let ctx: TestContext;
let admin: SignedInUser;
interface World {
  clientId: number;
  groupId: number;
  allAccountsId: number;
  monteCarloId: number;
  cashVestId: number;
}
let world: World;
let openReportId: number;
const db = () => ctx.database.db;
const MC = '/api/analytics/monte-carlo';
const LEVEL_FIELDS = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive'] as const;

async function get<T>(url: string): Promise<T> {
  const res = await call(ctx, 'GET', url, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** Set Liquidity Levels on a run: `moved` dollars from its largest level into the cushion. */
async function setLevels(monteCarloId: number, groupId: number, moved: number): Promise<LiquidityLevels> {
  const current = await get<LiquidityLevels>(`${MC}/liquidity-levels/get/current/${monteCarloId}`);
  const from = LEVEL_FIELDS.reduce((a, b) => (current[b] > current[a] ? b : a));
  const fields = Object.fromEntries(
    [...LEVEL_FIELDS, 'cushion' as const].map((f) => [f, current[f].toFixed(2)]),
  );
  const res = await call(ctx, 'PUT', `${MC}/liquidity-levels/${groupId}`, admin, {
    monteCarlo: {
      monteCarloId,
      dateRange: 6,
      ...fields,
      [from]: (current[from] - moved).toFixed(2),
      cushion: (current.cushion + moved).toFixed(2),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { levels: LiquidityLevels }).levels;
}

async function newRun(
  accountGroupId: number,
  name: string,
  seed: number,
  clientId = world.clientId,
): Promise<number> {
  const run = await runMonteCarloNow(db(), {
    clientId,
    accountGroupId,
    userId: admin.userId,
    name,
    endDate: PERIOD.endDate,
    numberOfYears: 1,
    paths: 300,
    seed,
    createdAt: new Date(`${RUN_DAY}T12:00:00Z`),
  });
  expect(run.state, run.message ?? '').toBe('done');
  return run.monteCarloId;
}

const deleteRun = (id: number) => call(ctx, 'DELETE', `${MC}/remove/${id}`, admin);

const levelsOf = (l: LiquidityLevels | { [K in (typeof LEVEL_FIELDS)[number]]: number }) =>
  Object.fromEntries(LEVEL_FIELDS.map((f) => [f, l[f]]));

/** What the summary screens read of the client now. */
async function readScreens() {
  const assets = await get<AssetsWidget>(`/api/clients/assets-widget/${world.clientId}`);
  const byLevel = await get<LiquidityLevelsWidget>(
    `/api/investments/liquidity-levels-widget/${world.clientId}/${world.groupId}`,
  );
  return {
    assets: { strategicLiquidity: assets.strategicLiquidity, source: assets.liquiditySource },
    levelAmounts: byLevel.levels.map((l) => l.levelAmount),
  };
}

let cashVestId: number;
const suggestionOf = () => get<CashVestSuggestion>(`/api/analytics/cash-vest/suggestion/${cashVestId}`);
const proficiencyOf = (s: CashVestSuggestion) => s.subScores.find((x) => x.key === 'liquidityProf')!;

// The runs of the scenario: the first ones of the cycle get the analyst's levels, newer ones do not.
let operatingRun: number;
let allAccountsRun: number;
let operatingLevels: LiquidityLevels;
let allAccountsLevels: LiquidityLevels;
let newerOperatingRun: number;
let newerAllAccountsRun: number;
let backTestModelId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  // A client with an open cycle, its two groups' runs in it, and a cashVest score of the cycle.
  const [clientId] = (await createClients(ctx, 1, 'Frozen runs')) as [number];
  const bankId = await createRelatedBank(ctx, clientId);
  const { groupId } = await createMonteCarloGroup(ctx, clientId, {
    bankId,
    endDate: PERIOD.endDate,
    firstDate: '2028-07-03',
    balance: 2_400_000,
    name: 'Operating',
  });
  const [cycle] = await db()
    .insert(openReports)
    .values({ clientId, ...PERIOD })
    .returning();
  openReportId = cycle!.openReportId;
  await computeBalanceTables({
    db: db(),
    data: { clientId, userId: admin.userId },
    setProgress: async () => {},
  });
  await insertLevelRates(ctx, RUN_DAY);
  const allAccountsId = await allAccountsGroupOf(ctx, clientId);
  operatingRun = await newRun(groupId, 'Operating quarter', 11, clientId);
  allAccountsRun = await newRun(allAccountsId, 'Whole client quarter', 12, clientId);
  // The back-test a cashVest score reads: a finished step 1 of the cycle (its figures stored as is).
  const [backTest] = await db()
    .insert(shortTermModels)
    .values({
      clientId,
      accountGroupId: allAccountsId,
      openReportId,
      shortTermModelName: 'Cycle back-test',
      ...PERIOD,
      step1State: 'done',
      step1Ready: true,
      step1Result: { backTest: { relativeError: 0.25 } },
      step1CompletedAt: new Date(`${RUN_DAY}T13:00:00Z`),
    })
    .returning();
  backTestModelId = backTest!.shortTermModelId;
  const created = await call(ctx, 'POST', `/api/analytics/cash-vest/${clientId}`, admin);
  expect(created.statusCode, created.body).toBe(201);
  cashVestId = (created.json() as CashVestResult).cashVest.cashVestId;
  world = { clientId, groupId, allAccountsId, monteCarloId: operatingRun, cashVestId };
}, 180_000);
afterAll(async () => {
  await closeMonteCarloPool();
  await ctx.close();
});

describe('the run chosen for the report period', () => {
  it('is the run whose levels the analyst set, not a newer run of the cycle (widgets, step 2, cashVest)', async () => {
    operatingLevels = await setLevels(operatingRun, world.groupId, 25_000);
    allAccountsLevels = await setLevels(allAccountsRun, world.allAccountsId, 40_000);
    newerOperatingRun = await newRun(world.groupId, 'Newer operating trial', 99);
    newerAllAccountsRun = await newRun(world.allAccountsId, 'Newer whole client trial', 98);
    const newer = (await findPeriodLiquidityLevels(db(), world.groupId, null))!;
    // Outside the cycle nothing was chosen: there the newest run counts (and it differs).
    expect(newer.monteCarloId).not.toBe(operatingRun);

    const current = (await findCurrentLiquidityLevels(db(), world.groupId))!;
    expect(current).toMatchObject({ monteCarloId: operatingRun, source: 'cycle' });
    expect(levelsOf(current.levels)).toEqual(levelsOf(operatingLevels));
    expect(current.levels.isOverridden).toBe(true);

    const screens = await readScreens();
    expect(screens.assets).toEqual({
      strategicLiquidity: allAccountsLevels.strategicLiquidity,
      source: {
        monteCarloId: allAccountsRun,
        monteCarloName: 'Whole client quarter',
        endDate: PERIOD.endDate,
      },
    });
    expect(screens.levelAmounts).toEqual(LEVEL_FIELDS.map((f) => operatingLevels[f]));

    // The open score reads the same run.
    const suggestion = await suggestionOf();
    expect(suggestion.accountGroup?.groupId).toBe(world.allAccountsId);
    expect(suggestion.liquidityLevels).toMatchObject({
      monteCarloId: allAccountsRun,
      ...levelsOf(allAccountsLevels),
    });
  }, 120_000);

  it('step 2 forecasts against the strategic liquidity of the chosen run', async () => {
    const model = await runShortTermModelNow(db(), ctx.platform.storage, {
      clientId: world.clientId,
      userId: admin.userId,
      accountGroupId: world.groupId,
      name: 'Forecast on the chosen levels',
      startDate: '2028-07-03',
      endDate: PERIOD.endDate,
      openReportId,
    });
    expect(model.step2?.state, JSON.stringify(model.step1)).toBe('done');
    const [row] = await db()
      .select({ step2: shortTermModels.step2Result })
      .from(shortTermModels)
      .where(eq(shortTermModels.shortTermModelId, model.shortTermModelId));
    expect((row!.step2 as { strategicLiquidity: unknown }).strategicLiquidity).toEqual({
      amount: operatingLevels.strategicLiquidity,
      monteCarloId: operatingRun,
      monteCarloName: 'Operating quarter',
    });
  }, 120_000);

  it('follows the analyst when levels are set on the newer run too', async () => {
    const levels = await setLevels(newerOperatingRun, world.groupId, 5_000);
    const current = (await findCurrentLiquidityLevels(db(), world.groupId))!;
    expect(current.monteCarloId).toBe(newerOperatingRun);
    expect(levelsOf(current.levels)).toEqual(levelsOf(levels));
    // Back to the first run: its levels set again, last.
    operatingLevels = await setLevels(operatingRun, world.groupId, 30_000);
    expect((await findCurrentLiquidityLevels(db(), world.groupId))!.monteCarloId).toBe(operatingRun);
  }, 60_000);
});

describe('frozen results', () => {
  let completedIds: FrozenRunIds;
  let screensAtCompletion: Awaited<ReturnType<typeof readScreens>>;
  let savedScore: CashVestSubScores;
  let suggestionAtCompletion: CashVestSuggestion;
  let reportFrozen: unknown;
  let reportText: string;

  const renderReport = async (frozenRuns: unknown) =>
    readText(
      await renderLiquidityAnalysis(db(), {
        reportId: 9101,
        clientId: world.clientId,
        ...PERIOD,
        generatedAt: new Date('2031-04-05T09:00:00Z'),
        params: params({
          clientId: world.clientId,
          stackedAreaAndStats: [world.groupId],
          stressTestResult: [world.groupId],
          liquidityLevelAmounts: 1,
        }),
        frozenRuns,
      }),
    );

  beforeAll(async () => {
    // The analyst saves the score (its runs are recorded), then completes the analysis.
    const saved = await call(ctx, 'PUT', `/api/analytics/cash-vest/update/${cashVestId}`, admin, {
      cashVest: {
        ...PERIOD,
        valueScore: 14,
        liquidityProf: 20,
        warnickRate: 12,
        cashflow: 15,
        investment: 7,
        accountGroupId: world.allAccountsId,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    savedScore = (saved.json() as CashVestResult).cashVest;
    const done = await call(ctx, 'PUT', `/api/analytics/complete-analysis/${world.clientId}`, admin);
    expect(done.statusCode, done.body).toBe(200);
    completedIds = (done.json() as { frozenRuns: FrozenRunIds }).frozenRuns;
    screensAtCompletion = await readScreens();
    suggestionAtCompletion = await suggestionOf();
    reportFrozen = await freezeReportRuns(db(), {
      clientId: world.clientId,
      openReportId,
      ...PERIOD,
    });
    reportText = await renderReport(reportFrozen);
  }, 120_000);

  it('a completed analysis keeps the ids of the runs its period chose', () => {
    expect(completedIds.monteCarloIds).toEqual(expect.arrayContaining([operatingRun, allAccountsRun]));
    expect(completedIds.monteCarloIds).not.toContain(newerOperatingRun);
    expect(completedIds.monteCarloIds).not.toContain(newerAllAccountsRun);
    expect(savedScore.frozenRuns).toEqual({
      monteCarloIds: [allAccountsRun],
      shortTermModelIds: [backTestModelId],
      cashVestId: null,
    });
    expect(suggestionAtCompletion.liquidityLevels?.monteCarloId).toBe(allAccountsRun);
    const frozen = readFrozenRuns(reportFrozen)!;
    expect(frozen.monteCarlo.map((m) => m.monteCarloId).sort()).toEqual(
      [...completedIds.monteCarloIds].sort(),
    );
    expect(frozen.cashVest?.cashVestId).toBe(cashVestId);
    expect(reportText).toContain("Monte Carlo 'Operating quarter'");
  });

  it('keeps every figure after a newer run, edits of levels and deletions of the runs it used', async () => {
    // A newer run with the analyst's levels (outside the completed cycle), an edit of the frozen runs'
    // levels, and the deletion of a trial run and of the frozen runs themselves.
    const latest = await newRun(world.allAccountsId, 'After completion', 97);
    await setLevels(latest, world.allAccountsId, 70_000);
    await setLevels(operatingRun, world.groupId, 1_000);
    await setLevels(allAccountsRun, world.allAccountsId, 2_000);
    for (const id of [newerOperatingRun, newerAllAccountsRun])
      expect((await deleteRun(id)).statusCode).toBe(200);
    const live = await get<LiquidityLevels>(`${MC}/liquidity-levels/get/current/${operatingRun}`);
    expect(levelsOf(live)).not.toEqual(levelsOf(operatingLevels));

    // The period's levels, the widgets, the score and the report: as at completion.
    const period = (await findPeriodLiquidityLevels(db(), world.groupId, openReportId))!;
    expect(period).toMatchObject({ monteCarloId: operatingRun, source: 'completed-analysis' });
    expect(levelsOf(period.levels)).toEqual(levelsOf(operatingLevels));
    expect(await readScreens()).toEqual(screensAtCompletion);
    const suggestion = await suggestionOf();
    expect(suggestion.liquidityLevels).toEqual(suggestionAtCompletion.liquidityLevels);
    expect(proficiencyOf(suggestion)).toEqual(proficiencyOf(suggestionAtCompletion));
    expect(await renderReport(reportFrozen)).toBe(reportText);

    // Deleting the runs the analysis, the report and the score use is allowed; they keep their copy.
    for (const id of [operatingRun, allAccountsRun]) expect((await deleteRun(id)).statusCode).toBe(200);
    expect(await readScreens()).toEqual(screensAtCompletion);
    const afterDelete = await suggestionOf();
    expect(afterDelete.liquidityLevels).toEqual(suggestionAtCompletion.liquidityLevels);
    expect(proficiencyOf(afterDelete)).toEqual(proficiencyOf(suggestionAtCompletion));
    expect(await renderReport(reportFrozen)).toBe(reportText);
    const score = await get<CashVestSubScores>(`/api/analytics/cash-vest/sub-scores/${cashVestId}`);
    expect(score.frozenRuns).toEqual(savedScore.frozenRuns);
    expect(score.liquidityProf).toBe(20);

    // An edit of the closed score keeps its runs.
    const edited = await call(ctx, 'PUT', `/api/analytics/cash-vest/update/${cashVestId}`, admin, {
      cashVest: {
        ...PERIOD,
        valueScore: 15,
        liquidityProf: 21,
        warnickRate: 12,
        cashflow: 15,
        investment: 7,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (edited.json() as CashVestResult).cashVest;
    expect(after.frozenRuns).toEqual(savedScore.frozenRuns);
  }, 180_000);

  it('the report reads the completed analysis even though the newest run differs', async () => {
    const again = readFrozenRuns(
      await freezeReportRuns(db(), { clientId: world.clientId, openReportId, ...PERIOD }),
    )!;
    expect(again.monteCarlo.map((m) => m.monteCarloId).sort()).toEqual(
      [...completedIds.monteCarloIds].sort(),
    );
    expect(again.shortTerm.map((m) => m.shortTermModelId).sort()).toEqual(
      [...completedIds.shortTermModelIds].sort(),
    );
    // The copies are those of completion: the levels set since on the (deleted) runs are not in them.
    const operating = again.monteCarlo.find((m) => m.groupId === world.groupId)!;
    expect(Number(operating.override?.cushion)).toBe(operatingLevels.cushion);
  }, 60_000);
});
