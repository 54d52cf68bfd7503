import { listLevelTerms, type RateCurve } from '../monte-carlo/build-rate-table';
import type { LevelAmounts } from './cash-vest-input';
import { mapRatioToScore, type SubScore } from './map-ratio-to-score';
import { roundCents, roundRate } from '../core/money';

export interface WarnickRateInputs {
  readonly periodInterest: number;
  readonly periodDays: number;
  readonly earningAverageBalance: number;
  readonly totalAverageBalance: number;
  /** Annualised: interest / earning balances x 365 / days. */
  readonly earningRate: number;
  /** Annualised: interest / all balances x 365 / days. */
  readonly allBalancesRate: number;
  /** Market rate of the liquidity levels' horizons, weighted by level amounts. */
  readonly benchmarkRate: number;
}

/**
 * cashVest Warnick Rate Indicator (2-20): the rate on interest-earning balances and the rate on all
 * balances, each divided by the level-weighted benchmark rate; the ratio is the mean of the two.
 */
export function scoreWarnickRate(options: {
  periodInterest: number;
  periodDays: number;
  earningAverageBalance: number;
  totalAverageBalance: number;
  levels: LevelAmounts;
  rateCurve: RateCurve;
}): SubScore<WarnickRateInputs> {
  const { periodInterest, periodDays, earningAverageBalance, totalAverageBalance } = options;
  const annualise = (balance: number) =>
    balance > 0 && periodDays > 0 ? (periodInterest / balance) * (365 / periodDays) : 0;
  let weight = 0;
  let weighted = 0;
  for (const { level, benchmark } of listLevelTerms()) {
    const amount = Math.max(0, options.levels[level]);
    weight += amount;
    weighted += amount * options.rateCurve[benchmark];
  }
  const benchmarkRate = weight > 0 ? weighted / weight : options.rateCurve.effectiveFedFunds;
  const earningRate = annualise(earningAverageBalance);
  const allBalancesRate = annualise(totalAverageBalance);
  const inputs = {
    periodInterest: roundCents(periodInterest),
    periodDays,
    earningAverageBalance: roundCents(earningAverageBalance),
    totalAverageBalance: roundCents(totalAverageBalance),
    earningRate: roundRate(earningRate),
    allBalancesRate: roundRate(allBalancesRate),
    benchmarkRate: roundRate(benchmarkRate),
  };
  if (benchmarkRate <= 0) {
    return mapRatioToScore(
      'warnickRate',
      1,
      inputs,
      'The benchmark rate is 0 or below: any earned rate meets it',
    );
  }
  return mapRatioToScore(
    'warnickRate',
    (earningRate / benchmarkRate + allBalancesRate / benchmarkRate) / 2,
    inputs,
  );
}
