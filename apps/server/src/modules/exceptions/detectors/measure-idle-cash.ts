import type { BenchmarkGap } from '../../reports/document/sections/benchmark-gap';

/** One account of the 'All Accounts' group over the measured period. */
export interface MeasuredAccount {
  averageBalance: number;
  interestReceived: number;
  /** Issue 41 point 5 (cash-vest/account-earning.ts): its rate is at least a share of its level's benchmark. */
  isEarning: boolean;
}

export interface IdleCash {
  /** The balance above the operating need held in accounts that do not earn. */
  idleBalance: number;
  aboveNeed: number;
  /** Percent a year the idle balance's accounts earned in the period. */
  earnedRate: number;
  /** Percent a year of the levels' benchmarks, weighted by their amounts (the cushion at level one's). */
  benchmarkRate: number;
  dollarsPerYear: number;
}

/**
 * Idle cash of issue 43 from the report's comparison (benchmark-gap.ts, measureBenchmarkGap: the
 * balance above the operating need, at its levels' benchmark rates, against what was earned) and the
 * cashVest earning rule: what is above the need and not in an earning account is idle — the high-yield
 * target's "amount to move" (strategic liquidity less the balances already earning), here with the
 * cushion counted above the need as the comparison counts it, and never more than the non-earning
 * accounts hold. Its dollars a year are what it would gain at the benchmark, and never more than the
 * report's gap (which the earning accounts' own shortfall also makes up). Null: nothing is at stake.
 */
export function measureIdleCash(
  gap: BenchmarkGap,
  accounts: readonly MeasuredAccount[],
  periodDays: number,
): IdleCash | null {
  const earning = accounts.filter((a) => a.isEarning);
  const idle = accounts.filter((a) => !a.isEarning && a.averageBalance > 0);
  const earningBalance = earning.reduce((sum, a) => sum + Math.max(0, a.averageBalance), 0);
  const idleHeld = idle.reduce((sum, a) => sum + a.averageBalance, 0);
  const idleBalance = Math.min(idleHeld, Math.max(0, gap.aboveNeed - earningBalance));
  if (idleBalance <= 0 || gap.aboveNeed <= 0 || gap.gap <= 0) return null;
  const idleInterest = idle.reduce((sum, a) => sum + a.interestReceived, 0);
  const earnedRate = ((idleInterest * 365) / periodDays / idleHeld) * 100;
  const benchmarkRate = (gap.benchmarkInterest / gap.aboveNeed) * 100;
  const dollarsPerYear = Math.min(gap.gap, (idleBalance * (benchmarkRate - earnedRate)) / 100);
  if (dollarsPerYear <= 0) return null;
  const cents = (v: number) => Math.round(v * 100) / 100;
  return {
    idleBalance: cents(idleBalance),
    aboveNeed: cents(gap.aboveNeed),
    earnedRate,
    benchmarkRate,
    dollarsPerYear: cents(dollarsPerYear),
  };
}
