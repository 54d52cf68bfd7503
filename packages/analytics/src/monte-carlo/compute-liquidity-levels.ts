import { roundCents } from '../core/money';

export interface DurationCapabilities {
  /** R(h) for h = 30 days, 30 weeks, 1 year, 30 months (floored at 0, non-increasing). */
  readonly r30Days: number;
  readonly r30Weeks: number;
  readonly r1Year: number;
  readonly r30Months: number;
}

export interface LiquidityLevels {
  readonly levelOne: number;
  readonly levelTwo: number;
  readonly levelThree: number;
  readonly levelFour: number;
  readonly levelFive: number;
  /** The cushion used; equal to the requested cushion unless R(30 days) is smaller than it. */
  readonly cushion: number;
  readonly requestedCushion: number;
  /** levelOne + levelTwo */
  readonly shortTermDollars: number;
  /** levelTwo + … + levelFive */
  readonly strategicLiquidity: number;
}

/**
 * Monte Carlo section of analytics.md, step 5, with the cushion of docs/models.md ("Liquidity levels"):
 * levelOne is the operating need B0 - R(30 days) itself; the cushion C is a reserve on top of it, taken
 * from the money that would otherwise be invested (each R is capped at R(30 days) - C and the R's are
 * made non-increasing). So no level is negative and levelOne..levelFive + cushion = B0 exactly in
 * cents: the last level is derived from the rounded others. A cushion larger than R(30 days) is cut
 * to it (requestedCushion keeps the asked-for value).
 */
export function computeLiquidityLevels(
  startBalance: number,
  requestedCushion: number,
  capabilities: DurationCapabilities,
): LiquidityLevels {
  const balance = roundCents(Math.max(0, startBalance));
  const cap = (value: number, ceiling: number): number => roundCents(Math.min(Math.max(0, value), ceiling));
  const held = cap(capabilities.r30Days, balance);
  const levelOne = roundCents(balance - held);
  const cushion = roundCents(Math.min(Math.max(0, requestedCushion), held));
  const available = roundCents(held - cushion);
  const r30Days = cap(capabilities.r30Days, available);
  const r30Weeks = cap(capabilities.r30Weeks, r30Days);
  const r1Year = cap(capabilities.r1Year, r30Weeks);
  const r30Months = cap(capabilities.r30Months, r1Year);
  const levelTwo = roundCents(r30Days - r30Weeks);
  const levelThree = roundCents(r30Weeks - r1Year);
  const levelFour = roundCents(r1Year - r30Months);
  // Derive the last level from the rounded sum so the levels and the cushion add up to B0 to the cent.
  const levelFive = roundCents(balance - cushion - levelOne - levelTwo - levelThree - levelFour);
  return {
    levelOne,
    levelTwo,
    levelThree,
    levelFour,
    levelFive,
    cushion,
    requestedCushion: roundCents(Math.max(0, requestedCushion)),
    shortTermDollars: roundCents(levelOne + levelTwo),
    strategicLiquidity: roundCents(levelTwo + levelThree + levelFour + levelFive),
  };
}
