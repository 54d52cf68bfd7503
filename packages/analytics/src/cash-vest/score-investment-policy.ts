import type { InvestmentHolding, LevelAmounts, PolicyChecklist } from './cash-vest-input';
import { classifyLiquidityLevel } from './classify-liquidity-level';
import { parseIsoDate } from '../core/iso-date';
import { mapRatioToScore, type SubScore } from './map-ratio-to-score';
import { roundCents, roundRate } from '../core/money';

export interface InvestmentPolicyInputs {
  readonly checklist: PolicyChecklist;
  readonly tickedCount: number;
  readonly investedDollars: number;
  /** Dollars whose maturity is covered by levels available at least that long. */
  readonly ladderFitDollars: number;
  readonly ladderFitShare: number;
}

/**
 * Investment dollars by the liquidity level their maturity falls in, index 0 = level 1 … 4 = level 5
 * ("Current Amounts Invested by Liquidity Level"). Negative amounts count as 0.
 */
export function sumInvestmentsByLevel(investments: readonly InvestmentHolding[], asOfDay: number): number[] {
  const buckets = [0, 0, 0, 0, 0];
  for (const investment of investments) {
    const level = classifyLiquidityLevel(parseIsoDate(investment.maturityDate) ?? asOfDay, asOfDay);
    buckets[level - 1] = (buckets[level - 1] as number) + Math.max(0, investment.amount);
  }
  return buckets;
}

/**
 * cashVest Investment Policy (1-10): six checklist elements plus the maturity ladder as a seventh,
 * ratio = (ticked + ladder fit share) / 7. The ladder fits where money tied up beyond a horizon is
 * covered by levels available that long: longest maturities are matched first with levelFive, and a
 * longer level's unused dollars may fund shorter maturities.
 */
export function scoreInvestmentPolicy(options: {
  checklist: PolicyChecklist;
  investments: readonly InvestmentHolding[];
  levels: LevelAmounts;
  asOfDay: number;
}): SubScore<InvestmentPolicyInputs> {
  const ticked = Object.values(options.checklist).filter(Boolean).length;
  const buckets = sumInvestmentsByLevel(options.investments, options.asOfDay);
  const capacities = ['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive'].map((key) =>
    Math.max(0, options.levels[key as keyof LevelAmounts]),
  );
  let carry = 0;
  let fit = 0;
  for (let level = 4; level >= 0; level -= 1) {
    const available = (capacities[level] as number) + carry;
    const used = Math.min(buckets[level] as number, available);
    fit += used;
    carry = available - used;
  }
  const invested = buckets.reduce((sum, amount) => sum + amount, 0);
  // With no investments there is nothing mis-laddered.
  const fitShare = invested > 0 ? fit / invested : 1;
  return mapRatioToScore('investment', (ticked + fitShare) / 7, {
    checklist: options.checklist,
    tickedCount: ticked,
    investedDollars: roundCents(invested),
    ladderFitDollars: roundCents(fit),
    ladderFitShare: roundRate(fitShare),
  });
}
