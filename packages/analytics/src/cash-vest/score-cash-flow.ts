import { mapRatioToScore, type SubScore } from './map-ratio-to-score';
import { roundCents, roundRate } from '../core/money';

export interface CashFlowInputs {
  readonly totalFees: number;
  readonly earningsCredit: number;
  /** Share of fees offset by earnings credit (1 when there were no fees). */
  readonly feeOffsetShare: number;
  /** Average balance of non-earning accounts above levelOne. */
  readonly idleBalance: number;
  readonly totalAverageBalance: number;
  /** 1 - idle / total. */
  readonly workingShare: number;
  readonly backTestRelativeError: number | null;
  /** 1 - error, floored at 0; null without a short-term model. */
  readonly forecastShare: number | null;
}

/**
 * cashVest Cash Flow Optimization (2-20): fees not offset by earnings credit, idle balances above
 * levelOne in non-earning accounts and the short-term back-test error, each as a share in [0, 1]
 * where 1 is best; the ratio is their mean (the back-test part is left out when there is no model).
 */
export function scoreCashFlow(options: {
  totalFees: number;
  earningsCredit: number;
  nonEarningAverageBalance: number;
  totalAverageBalance: number;
  levelOne: number;
  backTestRelativeError: number | null;
}): SubScore<CashFlowInputs> {
  const fees = Math.max(0, options.totalFees);
  const feeOffsetShare = fees > 0 ? Math.min(fees, Math.max(0, options.earningsCredit)) / fees : 1;
  const idle = Math.max(0, options.nonEarningAverageBalance - Math.max(0, options.levelOne));
  const workingShare =
    options.totalAverageBalance > 0 ? Math.max(0, 1 - idle / options.totalAverageBalance) : 0;
  const error = options.backTestRelativeError;
  const forecastShare = error === null ? null : Math.max(0, 1 - error);
  const parts =
    forecastShare === null ? [feeOffsetShare, workingShare] : [feeOffsetShare, workingShare, forecastShare];
  const ratio = parts.reduce((sum, part) => sum + part, 0) / parts.length;
  return mapRatioToScore('cashflow', ratio, {
    totalFees: roundCents(fees),
    earningsCredit: roundCents(options.earningsCredit),
    feeOffsetShare: roundRate(feeOffsetShare),
    idleBalance: roundCents(idle),
    totalAverageBalance: roundCents(options.totalAverageBalance),
    workingShare: roundRate(workingShare),
    backTestRelativeError: error,
    forecastShare: forecastShare === null ? null : roundRate(forecastShare),
  });
}
