import type { AccountAverage } from './cash-vest-input';
import { mapRatioToScore, type SubScore } from './map-ratio-to-score';
import { roundCents } from '../core/money';

export interface ValueScoreInputs {
  readonly earningAverageBalance: number;
  readonly totalAverageBalance: number;
}

/**
 * cashVest Value Score (2-20), "% of available funds providing value": average balances of accounts
 * that earn interest or an earnings credit over the average balances of all accounts.
 */
export function scoreValue(accounts: readonly AccountAverage[]): SubScore<ValueScoreInputs> {
  let earning = 0;
  let total = 0;
  for (const account of accounts) {
    total += account.averageBalance;
    if (account.isEarning) earning += account.averageBalance;
  }
  const inputs = { earningAverageBalance: roundCents(earning), totalAverageBalance: roundCents(total) };
  if (total <= 0)
    return mapRatioToScore('valueScore', 0, inputs, 'No positive average balance in the period');
  return mapRatioToScore('valueScore', earning / total, inputs);
}
