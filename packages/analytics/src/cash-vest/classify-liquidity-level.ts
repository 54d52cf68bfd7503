import { addMonths } from '../core/iso-date';

export type LiquidityLevelNumber = 1 | 2 | 3 | 4 | 5;

/**
 * The liquidity level an investment belongs to by its maturity, on the level horizons of analytics.md
 * (Monte Carlo section, step 5): 1 up to 30 days, 2 up to 30 weeks (210 days), 3 up to 1 year, 4 up to
 * 30 months, 5 beyond. Already matured investments are level 1. Used for the investments' Liquidity
 * Level column, the "Current Amounts Invested by Liquidity Level" chart and the cashVest ladder.
 */
export function classifyLiquidityLevel(maturityDay: number, asOfDay: number): LiquidityLevelNumber {
  if (maturityDay <= asOfDay + 30) return 1;
  if (maturityDay <= asOfDay + 210) return 2;
  if (maturityDay <= addMonths(asOfDay, 12)) return 3;
  if (maturityDay <= addMonths(asOfDay, 30)) return 4;
  return 5;
}
