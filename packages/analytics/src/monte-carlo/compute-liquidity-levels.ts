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
  /** The cushion used; equal to the requested cushion unless the balance is smaller than it. */
  readonly cushion: number;
  readonly requestedCushion: number;
  /** levelOne + levelTwo */
  readonly shortTermDollars: number;
  /** levelTwo + … + levelFive */
  readonly strategicLiquidity: number;
}

/**
 * Monte Carlo section of analytics.md, step 5. Each R is first capped at B0 - C (and the R's are made
 * non-increasing), so no level is negative and levelOne..levelFive + cushion = B0 exactly in cents:
 * the last level is derived from the rounded others. A balance below the cushion leaves every level
 * at 0 and the cushion at the balance (requestedCushion keeps the asked-for value).
 */
export function computeLiquidityLevels(
  startBalance: number,
  requestedCushion: number,
  capabilities: DurationCapabilities,
): LiquidityLevels {
  const balance = roundCents(Math.max(0, startBalance));
  const cushion = roundCents(Math.min(Math.max(0, requestedCushion), balance));
  const available = roundCents(balance - cushion);
  const cap = (value: number, ceiling: number): number => roundCents(Math.min(Math.max(0, value), ceiling));
  const r30Days = cap(capabilities.r30Days, available);
  const r30Weeks = cap(capabilities.r30Weeks, r30Days);
  const r1Year = cap(capabilities.r1Year, r30Weeks);
  const r30Months = cap(capabilities.r30Months, r1Year);
  const levelOne = roundCents(available - r30Days);
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
