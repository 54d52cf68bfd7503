import type { LiquidityLevels } from './compute-liquidity-levels';
import { formatDollars, isFiniteAmount } from '../core/money';
import { fail, ok, type Result } from '../core/result';

export const LIQUIDITY_LEVEL_FIELDS = [
  'levelOne',
  'levelTwo',
  'levelThree',
  'levelFour',
  'levelFive',
  'cushion',
] as const;
export type LiquidityLevelField = (typeof LIQUIDITY_LEVEL_FIELDS)[number];

/** What the model computed: a MonteCarloResult can be passed as it is. */
export interface ComputedLiquidityLevels {
  /** B0, the group balance on the end date. */
  readonly startBalance: number;
  readonly liquidityLevels: LiquidityLevels & { readonly dateRange?: 6 | 12 };
}

/**
 * The analyst's amounts (Set Liquidity Levels). A field left out keeps the computed value.
 * shortTermDollars is derived (levelOne + levelTwo); when sent it must match.
 */
export type LiquidityLevelsOverride = Partial<Record<LiquidityLevelField, number>> & {
  readonly shortTermDollars?: number;
};

export interface EffectiveLiquidityLevels extends Record<LiquidityLevelField, number> {
  readonly startBalance: number;
  readonly dateRange?: 6 | 12;
  /** levelOne + levelTwo */
  readonly shortTermDollars: number;
  /** levelTwo + … + levelFive */
  readonly strategicLiquidity: number;
  /** Which amounts differ (to the cent) from the computed ones. */
  readonly overridden: Record<LiquidityLevelField, boolean>;
  readonly isOverridden: boolean;
  /** The computed amounts, for "computed: …" hints and Restore Defaults. */
  readonly defaults: Record<LiquidityLevelField, number>;
}

const LABELS: Record<LiquidityLevelField, string> = {
  levelOne: 'Level one',
  levelTwo: 'Level two',
  levelThree: 'Level three',
  levelFour: 'Level four',
  levelFive: 'Level five',
  cushion: 'The cushion',
};

function toCents(value: number): number {
  return Math.round(value * 100);
}

function fromCents(cents: number): number {
  const dollars = cents / 100;
  return dollars === 0 ? 0 : dollars;
}

function readDefaults(computed: ComputedLiquidityLevels): Result<Record<LiquidityLevelField, number>> {
  const defaults = {} as Record<LiquidityLevelField, number>;
  for (const field of LIQUIDITY_LEVEL_FIELDS) {
    const value = computed.liquidityLevels[field];
    if (!isFiniteAmount(value) || value < 0) {
      return fail(
        'INVALID_ARGUMENT',
        `The computed ${field} is not an amount of at least 0; run the Monte Carlo again`,
        `liquidityLevels.${field}`,
      );
    }
    defaults[field] = toCents(value);
  }
  if (!isFiniteAmount(computed.startBalance)) {
    return fail('INVALID_ARGUMENT', 'The computed start balance is not a number', 'startBalance');
  }
  const total = LIQUIDITY_LEVEL_FIELDS.reduce((sum, field) => sum + defaults[field], 0);
  if (total !== toCents(computed.startBalance)) {
    // Not the analyst's doing: the stored result is inconsistent, so say so instead of blaming the input.
    return fail(
      'INVALID_ARGUMENT',
      'The computed levels and cushion do not add up to the start balance; run the Monte Carlo again',
      'liquidityLevels',
    );
  }
  return ok(defaults);
}

/**
 * Set Liquidity Levels (ingestion-analysis.md 2 and 5; analytics.md, Monte Carlo step 5). The rule,
 * the model's own invariant: every amount is a number of at least 0, and levelOne..levelFive plus the
 * cushion add up to B0 to the cent. So an override moves money between levels; it cannot invent or
 * drop any, and the figures built on the levels (strategic liquidity, benchmark interest, cashVest)
 * still describe the client's actual balance. Amounts are taken to the cent.
 */
export function setLiquidityLevels(
  computed: ComputedLiquidityLevels,
  override: LiquidityLevelsOverride,
): Result<EffectiveLiquidityLevels> {
  const defaults = readDefaults(computed);
  if (!defaults.ok) return defaults;
  const cents = { ...defaults.value };
  for (const field of LIQUIDITY_LEVEL_FIELDS) {
    const value: unknown = override[field];
    if (value === undefined) continue;
    if (!isFiniteAmount(value)) return fail('NON_FINITE_AMOUNT', `${LABELS[field]} must be a number.`, field);
    if (toCents(value) < 0) {
      return fail(
        'NEGATIVE_AMOUNT',
        `${LABELS[field]} cannot be negative (${formatDollars(value)} was entered).`,
        field,
      );
    }
    cents[field] = toCents(value);
  }
  const balanceCents = toCents(computed.startBalance);
  const totalCents = LIQUIDITY_LEVEL_FIELDS.reduce((sum, field) => sum + cents[field], 0);
  if (totalCents !== balanceCents) {
    const difference = totalCents - balanceCents;
    return fail(
      'LEVELS_DO_NOT_ADD_UP',
      `The five levels and the cushion must add up to the balance on the end date, ` +
        `${formatDollars(fromCents(balanceCents))}; they add up to ${formatDollars(fromCents(totalCents))}, ` +
        `${formatDollars(fromCents(Math.abs(difference)))} too ${difference > 0 ? 'much' : 'little'}.`,
    );
  }
  const shortTermCents = cents.levelOne + cents.levelTwo;
  if (override.shortTermDollars !== undefined) {
    const sent: unknown = override.shortTermDollars;
    if (!isFiniteAmount(sent))
      return fail('NON_FINITE_AMOUNT', 'Short-term dollars must be a number.', 'shortTermDollars');
    if (toCents(sent) !== shortTermCents) {
      return fail(
        'INVALID_ARGUMENT',
        `Short-term dollars are level one plus level two, ${formatDollars(fromCents(shortTermCents))}; ` +
          `${formatDollars(sent)} was entered.`,
        'shortTermDollars',
      );
    }
  }
  const overridden = {} as Record<LiquidityLevelField, boolean>;
  const amounts = {} as Record<LiquidityLevelField, number>;
  const defaultAmounts = {} as Record<LiquidityLevelField, number>;
  for (const field of LIQUIDITY_LEVEL_FIELDS) {
    overridden[field] = cents[field] !== defaults.value[field];
    amounts[field] = fromCents(cents[field]);
    defaultAmounts[field] = fromCents(defaults.value[field]);
  }
  const { dateRange } = computed.liquidityLevels;
  return ok({
    ...amounts,
    startBalance: fromCents(balanceCents),
    ...(dateRange === undefined ? {} : { dateRange }),
    shortTermDollars: fromCents(shortTermCents),
    strategicLiquidity: fromCents(cents.levelTwo + cents.levelThree + cents.levelFour + cents.levelFive),
    overridden,
    isOverridden: Object.values(overridden).some(Boolean),
    defaults: defaultAmounts,
  });
}

/** Restore Defaults: the computed levels, nothing overridden. */
export function restoreDefaultLiquidityLevels(
  computed: ComputedLiquidityLevels,
): Result<EffectiveLiquidityLevels> {
  return setLiquidityLevels(computed, {});
}
