import {
  computeLiquidityLevels,
  setLiquidityLevels,
  type ComputedLiquidityLevels,
  type EffectiveLiquidityLevels,
  type LiquidityLevelsOverride,
  type MonteCarloResult,
  type Result,
} from '@tideline/analytics';
import type {
  LiquidityDateRange,
  LiquidityLevels,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import type { liquidityLevelOverrides } from '../../db/schema';

// A run's liquidity levels (analytics.md "Monte Carlo" step 5) from its stored result: the computed
// ones for either duration range, and the effective ones with the analyst's override.

type OverrideRow = typeof liquidityLevelOverrides.$inferSelect;

/** What the job stores in default_cushions: the default cushion of each duration range. */
export type DefaultCushions = Partial<Record<`${LiquidityDateRange}`, number>>;

/** R(h) of the level horizons, as the result lists them (docs/models.md step 5). */
const HORIZONS = {
  r30Days: '30 days',
  r30Weeks: '30 weeks',
  r1Year: '1 year',
  r30Months: '30 months',
} as const;

function readCushion(cushions: unknown, dateRange: LiquidityDateRange): number | null {
  if (!cushions || typeof cushions !== 'object') return null;
  const value = (cushions as Record<string, unknown>)[String(dateRange)];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The levels the model computes for `dateRange`: the run's own for its range; for the other, the same
 * duration capabilities with that range's default cushion (what runMonteCarlo gives with that
 * dateRange, to the cent: the capabilities are capped and rounded the same way). Null when the run
 * did not store that cushion.
 */
export function computeDefaultLevels(
  result: MonteCarloResult,
  cushions: unknown,
  dateRange: LiquidityDateRange,
): ComputedLiquidityLevels | null {
  if (dateRange === result.liquidityLevels.dateRange) return result;
  const cushion = readCushion(cushions, dateRange);
  if (cushion === null) return null;
  const at = (horizon: string) => result.durationCapability.find((d) => d.horizon === horizon)?.amount ?? 0;
  const levels = computeLiquidityLevels(result.startBalance, cushion, {
    r30Days: at(HORIZONS.r30Days),
    r30Weeks: at(HORIZONS.r30Weeks),
    r1Year: at(HORIZONS.r1Year),
    r30Months: at(HORIZONS.r30Months),
  });
  return { startBalance: result.startBalance, liquidityLevels: { ...levels, dateRange } };
}

/** The override row's amounts as the model's override (numeric columns come back as text). */
export function toOverride(row: OverrideRow): LiquidityLevelsOverride {
  return {
    levelOne: Number(row.levelOne),
    levelTwo: Number(row.levelTwo),
    levelThree: Number(row.levelThree),
    levelFour: Number(row.levelFour),
    levelFive: Number(row.levelFive),
    cushion: Number(row.cushion),
  };
}

/** The run's effective levels: the defaults of the override's range, with its amounts applied. */
export function findEffectiveLevels(
  result: MonteCarloResult,
  override: OverrideRow | null | undefined,
  cushions: unknown,
): Result<EffectiveLiquidityLevels> {
  const dateRange: LiquidityDateRange = override?.dateRange === 12 ? 12 : 6;
  const computed = (override && computeDefaultLevels(result, cushions, dateRange)) ?? result;
  return setLiquidityLevels(computed, override ? toOverride(override) : {});
}

/** The contract's answer for a run's levels. */
export function toLiquidityLevels(
  run: { monteCarloId: number; accountGroupId: number },
  levels: EffectiveLiquidityLevels,
  updatedAt: Date | null,
): LiquidityLevels {
  return {
    monteCarloId: run.monteCarloId,
    accountGroupId: run.accountGroupId,
    dateRange: levels.dateRange ?? 6,
    startBalance: levels.startBalance,
    levelOne: levels.levelOne,
    levelTwo: levels.levelTwo,
    levelThree: levels.levelThree,
    levelFour: levels.levelFour,
    levelFive: levels.levelFive,
    cushion: levels.cushion,
    shortTermDollars: levels.shortTermDollars,
    strategicLiquidity: levels.strategicLiquidity,
    isOverridden: levels.isOverridden,
    overridden: levels.overridden,
    defaults: levels.defaults,
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}
