import {
  buildRateTable,
  restoreDefaultLiquidityLevels,
  roundCents,
  setLiquidityLevels,
  type EffectiveLiquidityLevels,
  type MonteCarloResult,
  type RateCurve,
} from '@tideline/analytics';
import {
  LIQUIDITY_LEVEL_TERMS,
  LIQUIDITY_LEVELS_MSG,
  type LiquidityDateRange,
  type LiquidityLevels,
  type LiquidityLevelsFormParsed,
  type LiquidityLevelsSaved,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type {
  DurationCapabilityGraph,
  MonteCarloResults,
  MonteCarloStability,
  MonteCarloTotalBalance,
  RateTableRow,
} from '@tideline/contracts/monte-carlo/monte-carlo-results.schemas';
import { MONTE_CARLO_MSG } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { describeModelError } from './monte-carlo.job';
import * as q from './monte-carlo.queries';
import { findVisibleRun } from './monte-carlo.service';
import { computeDefaultLevels, findEffectiveLevels, toLiquidityLevels } from './run-levels';
import { describeLevelRate, rateSeriesName, readRunRates, type RunRates } from './run-rates';

// The '{name} - Results' panel and Set Liquidity Levels (ingestion-analysis.md 2, 4, 5, 7), read from
// the run's stored result: opening a panel recomputes nothing (issue 18: under 200 ms p95).

const noDefaults = (dateRange: LiquidityDateRange) =>
  `This analysis has no defaults for ${dateRange} months; run it again.`;

const RATE_KEYS: Record<(typeof LIQUIDITY_LEVEL_TERMS)[number]['field'], keyof RateCurve> = {
  levelOne: 'effectiveFedFunds',
  levelTwo: 'treasuryBill90Day',
  levelThree: 'treasury1Year',
  levelFour: 'treasury2Year',
  levelFive: 'corporate2Year',
};

/**
 * analytics.md step 6 on the effective levels: amount x the run date's rate for one year
 * (buildRateTable), each row with its horizon; a level whose rate was not stored has no rate.
 */
export function buildEffectiveRateTable(
  levels: EffectiveLiquidityLevels,
  runRates: RunRates | null,
): RateTableRow[] {
  const curve = Object.fromEntries(
    LIQUIDITY_LEVEL_TERMS.map((t) => [RATE_KEYS[t.field], (runRates?.rates[t.field]?.value ?? 0) / 100]),
  ) as unknown as RateCurve;
  const rows = buildRateTable({ ...levels, requestedCushion: levels.cushion }, curve);
  return LIQUIDITY_LEVEL_TERMS.map((term, index) => {
    const rate = runRates?.rates[term.field] ?? null;
    return {
      field: term.field,
      levelNumber: term.levelNumber,
      amount: levels[term.field],
      duration: term.horizon,
      // The series the rate is from: a stand-in when the level's own was too old (run-rates.ts).
      benchmark: rate ? rateSeriesName(rate.seriesId) : term.benchmark,
      seriesId: rate?.seriesId ?? term.seriesId,
      indicativeRate: rate ? rate.value : null,
      rateDate: rate?.date ?? null,
      benchmarkInterest: rate ? (rows[index]?.benchmarkInterest ?? null) : null,
      rateNote: describeLevelRate(runRates, term.field),
    };
  });
}

/**
 * The stability figures of a stored result (issue 41); a run stored before they existed has none
 * (nulls and empty lists), it is not recomputed.
 */
export function readStability(result: Partial<MonteCarloResult>): MonteCarloStability {
  return {
    levelRanges: result.levelRanges ?? null,
    leftOutYears: (result.leaveOneYearOut ?? []).map((run) => run.leftOutYear),
    coherentShare: result.coherentShare ?? null,
    expectedShortfall: result.expectedShortfall ?? [],
    meanBlockLength: result.meanBlockLength ?? null,
    blockLengthSource: result.blockLengthSource ?? null,
    annualDrift: result.annualDrift ?? null,
    operatingNeed: result.cushionBasis?.operatingNeed ?? null,
    worstThirtyDayOutflow: result.cushionBasis?.worstThirtyDayOutflow ?? null,
  };
}

export function createMonteCarloResultsService(deps: { db: Db }) {
  const { db } = deps;

  /** A finished run the user may see; a run still queued, running or failed has no results (409). */
  async function findDoneRun(user: CurrentUser, monteCarloId: number) {
    const found = await findVisibleRun(db, user, monteCarloId);
    if (found.run.state !== 'done' || !found.run.result) throw conflict(MONTE_CARLO_MSG.noResults);
    return { ...found, result: found.run.result as MonteCarloResult };
  }

  function effectiveOf(found: Awaited<ReturnType<typeof findDoneRun>>): EffectiveLiquidityLevels {
    const levels = findEffectiveLevels(found.result, found.override, found.run.defaultCushions);
    if (!levels.ok) throw conflict(describeModelError(levels.error));
    return levels.value;
  }

  return {
    /** GET monte-carlo/results/{id}: the Monté Result table and the rate table on the effective levels. */
    async findResults(user: CurrentUser, monteCarloId: number): Promise<MonteCarloResults> {
      const found = await findDoneRun(user, monteCarloId);
      const { run, result } = found;
      const levels = effectiveOf(found);
      const rateTable = buildEffectiveRateTable(levels, readRunRates(run.rates));
      const interests = rateTable.map((r) => r.benchmarkInterest);
      return {
        monteCarloId: run.monteCarloId,
        monteCarloName: run.monteCarloName,
        groupId: run.accountGroupId,
        groupName: found.groupName,
        createdAt: run.createdAt.toISOString(),
        startDateRange: run.startDate,
        endDateRange: run.endDate,
        numberOfYears: run.numberOfYears,
        seed: run.seed,
        paths: run.paths,
        // Runs stored before the seasonal bootstrap existed were stationary ones.
        bootstrap: result.bootstrap ?? 'stationary',
        bootstrapBlock:
          result.bootstrapBlock ?? 'blocks of 21 business days on average (stationary bootstrap)',
        dataAsOf: run.dataAsOf?.toISOString() ?? null,
        startBalance: result.startBalance,
        minimumBalance: result.minimumBalance,
        monteResult: [
          { row: 'Raw Output', ...result.monteResult.rawOutput },
          { row: 'From Min Bal', ...result.monteResult.fromMinBal },
        ],
        durationCapability: result.durationCapability,
        levels: toLiquidityLevels(run, levels, found.override?.updatedAt ?? null),
        rateTable,
        totalBenchmarkInterest: interests.every((v) => v !== null)
          ? roundCents(interests.reduce((sum, v) => sum + v, 0))
          : null,
        stability: readStability(result),
      };
    },

    /** GET monte-carlo/total-balance/{id}. */
    async findTotalBalance(user: CurrentUser, monteCarloId: number): Promise<MonteCarloTotalBalance> {
      const { result } = await findDoneRun(user, monteCarloId);
      return {
        monteCarloId,
        endDate: result.endDate,
        startBalance: result.startBalance,
        minimumBalance: result.minimumBalance,
        points: result.chart.map((p) => ({
          month: p.month,
          date: p.date,
          medianBalance: p.medianBalance,
          lowerBalance: p.lowerBalance,
          upperBalance: p.upperBalance,
        })),
      };
    },

    /**
     * GET monte-carlo/duration-capability-cushion-graph/{id} (analytics.md step 7) with the effective
     * cushion: the capability is capped at B0 - cushion. A cushion set below the computed one raises
     * that cap only where the stored curve was under it (the run stored R(h) capped at its own B0 - C),
     * so the curve then stays a lower bound.
     */
    async findGraph(user: CurrentUser, monteCarloId: number): Promise<DurationCapabilityGraph> {
      const found = await findDoneRun(user, monteCarloId);
      const levels = effectiveOf(found);
      const available = roundCents(found.result.startBalance - levels.cushion);
      return {
        monteCarloId,
        startBalance: found.result.startBalance,
        cushion: levels.cushion,
        isOverridden: levels.isOverridden,
        points: found.result.chart.map((p) => ({
          month: p.month,
          date: p.date,
          durationCapability: p.month === 0 ? available : Math.min(p.durationCapability, available),
          cushion: levels.cushion,
        })),
      };
    },

    /** GET liquidity-levels/get/default/{id}?dateRange=: Restore Defaults (spec 4). */
    async findDefaultLevels(
      user: CurrentUser,
      monteCarloId: number,
      dateRange: LiquidityDateRange,
    ): Promise<LiquidityLevels> {
      const found = await findDoneRun(user, monteCarloId);
      const computed = computeDefaultLevels(found.result, found.run.defaultCushions, dateRange);
      if (!computed) throw conflict(noDefaults(dateRange));
      const levels = restoreDefaultLiquidityLevels(computed);
      if (!levels.ok) throw conflict(describeModelError(levels.error));
      return toLiquidityLevels(found.run, levels.value, null);
    },

    /** GET liquidity-levels/get/current/{id}: the run's effective levels. */
    async findCurrentLevels(user: CurrentUser, monteCarloId: number): Promise<LiquidityLevels> {
      const found = await findDoneRun(user, monteCarloId);
      return toLiquidityLevels(found.run, effectiveOf(found), found.override?.updatedAt ?? null);
    },

    /**
     * PUT liquidity-levels/{accountGroupId}: the analyst's amounts for the run, by the model's rule
     * (setLiquidityLevels: no amount below 0; the levels and the cushion add up to B0).
     */
    async saveLevels(
      user: CurrentUser,
      accountGroupId: number,
      input: LiquidityLevelsFormParsed & { monteCarloId: number },
      ctx: AuditContext,
    ): Promise<LiquidityLevelsSaved> {
      const visible = await findVisibleRun(db, user, input.monteCarloId);
      if (visible.run.accountGroupId !== accountGroupId) throw notFound(MONTE_CARLO_MSG.notFound);
      const found = await findDoneRun(user, input.monteCarloId);
      const computed = computeDefaultLevels(found.result, found.run.defaultCushions, input.dateRange);
      if (!computed) throw conflict(noDefaults(input.dateRange));
      const { shortTermDollars, dateRange: _range, monteCarloId: _id, ...amounts } = input;
      const levels = setLiquidityLevels(computed, {
        ...amounts,
        ...(shortTermDollars === undefined ? {} : { shortTermDollars }),
      });
      if (!levels.ok) {
        const { message, field } = levels.error;
        throw badRequest(message, field ? { [`monteCarlo.${field}`]: [message] } : undefined);
      }
      const effective = levels.value;
      const saved = await db.transaction(async (tx) => {
        const row = await q.upsertOverride(tx, {
          monteCarloId: found.run.monteCarloId,
          clientId: found.run.clientId,
          dateRange: input.dateRange,
          levelOne: effective.levelOne.toFixed(2),
          levelTwo: effective.levelTwo.toFixed(2),
          levelThree: effective.levelThree.toFixed(2),
          levelFour: effective.levelFour.toFixed(2),
          levelFive: effective.levelFive.toFixed(2),
          cushion: effective.cushion.toFixed(2),
          updatedBy: user.userId,
          updatedAt: new Date(),
        });
        const amountsOf = (r: q.OverrideRow | null) =>
          r && {
            dateRange: r.dateRange,
            levelOne: r.levelOne,
            levelTwo: r.levelTwo,
            levelThree: r.levelThree,
            levelFour: r.levelFour,
            levelFive: r.levelFive,
            cushion: r.cushion,
          };
        await writeAudit(tx, ctx, {
          action: 'liquidity_levels.update',
          entity: 'liquidity_level_override',
          entityId: found.run.monteCarloId,
          before: amountsOf(found.override),
          after: amountsOf(row),
          clientIds: [found.run.clientId],
        });
        return row;
      });
      return {
        msg: LIQUIDITY_LEVELS_MSG.updated,
        levels: toLiquidityLevels(found.run, effective, saved.updatedAt),
      };
    },
  };
}
