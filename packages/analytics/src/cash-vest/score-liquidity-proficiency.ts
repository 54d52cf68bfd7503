import type { LevelAmounts } from './cash-vest-input';
import { mapRatioToScore, type SubScore } from './map-ratio-to-score';
import { roundCents, roundRate } from '../core/money';

export interface LiquidityProficiencyInputs {
  readonly investableDollars: number;
  /** Held in a matching term, counted up to each level's amount. */
  readonly matchedDollars: number;
  readonly matchedShare: number;
}

/** The note of a suggestion made with no investable dollars. */
export const NO_INVESTABLE_NOTE =
  'No investable dollars (levels two to five are $0): nothing is held to be proficient with, so the suggestion is the minimum; the analyst decides.';

/** Full marks from 90% matched (analytics.md: "full marks at 90-100%"). */
export const FULL_MARKS_SHARE = 0.9;

/**
 * cashVest Liquidity Proficiency (3-30): the share of the investable dollars (levels two to five) held
 * in instruments or accounts whose term matches their level; the share over 0.9 is the ratio.
 */
export function scoreLiquidityProficiency(
  levels: LevelAmounts,
  heldByLevel: Omit<LevelAmounts, 'levelOne'>,
): SubScore<LiquidityProficiencyInputs> {
  const keys = ['levelTwo', 'levelThree', 'levelFour', 'levelFive'] as const;
  let investable = 0;
  let matched = 0;
  for (const key of keys) {
    const level = Math.max(0, levels[key]);
    investable += level;
    matched += Math.min(level, Math.max(0, heldByLevel[key]));
  }
  if (investable <= 0) {
    // Issue 41 point 4: with levels two to five at $0 there is nothing to be proficient with, so no
    // proficiency is shown: the range's minimum (ratio 0), never full marks (docs/models.md).
    const inputs = { investableDollars: 0, matchedDollars: 0, matchedShare: 0 };
    return mapRatioToScore('liquidityProficiency', 0, inputs, NO_INVESTABLE_NOTE);
  }
  const share = matched / investable;
  const inputs = {
    investableDollars: roundCents(investable),
    matchedDollars: roundCents(matched),
    matchedShare: roundRate(share),
  };
  return mapRatioToScore('liquidityProficiency', share / FULL_MARKS_SHARE, inputs);
}
