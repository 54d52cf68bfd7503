import { addBusinessDays } from '../calendar/business-calendar';
import { buildRateTable, type RateTableRow } from './build-rate-table';
import { computeLiquidityLevels, type LiquidityLevels } from './compute-liquidity-levels';
import {
  BUSINESS_DAYS_PER_MONTH,
  BUSINESS_DAYS_PER_YEAR,
  findCheckpointIndex,
  HORIZON_1_YEAR,
  HORIZON_30_DAYS,
  HORIZON_30_MONTHS,
  HORIZON_30_WEEKS,
  SIMULATION_MONTHS,
} from './horizons';
import { formatIsoDate, type IsoDate } from '../core/iso-date';
import { roundCents } from '../core/money';
import type { BootstrapMethod, MonteCarloPlan } from './prepare-monte-carlo';
import type { PathSummary } from './summarise-paths';

export interface YearRow {
  readonly year1: number;
  readonly year2: number;
  readonly year3: number;
  readonly year4: number;
  readonly year5: number;
}

export interface ChartPoint {
  /** Months ahead, 0 to 60 (business months of 21 days). */
  readonly month: number;
  readonly date: IsoDate;
  /** R(h) capped at B0 - cushion: the stacked area under the cushion. */
  readonly durationCapability: number;
  readonly cushion: number;
  readonly medianBalance: number;
  /** 5th and 95th percentile of the simulated balance (used by forecast accuracy). */
  readonly lowerBalance: number;
  readonly upperBalance: number;
}

export interface MonteCarloResult {
  readonly seed: number;
  readonly paths: number;
  /** Mean block length of the stationary bootstrap (used only when bootstrap is 'stationary'). */
  readonly meanBlockLength: number;
  /** How the future was built: 'seasonal' (calendar months of random history years) or 'stationary'. */
  readonly bootstrap: BootstrapMethod;
  /** The bootstrap's block in words, for the results panel and the report. */
  readonly bootstrapBlock: string;
  /** Full history years ending on the end date that the group's data covers (at most numberOfYears). */
  readonly historyYears: number;
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly historyBusinessDays: number;
  /** B0: the group balance on the end date. */
  readonly startBalance: number;
  readonly minimumBalance: number;
  /** R(h) floored at 0 for the level horizons. */
  readonly durationCapability: {
    readonly horizon: string;
    readonly businessDays: number;
    readonly amount: number;
  }[];
  readonly monteResult: { readonly rawOutput: YearRow; readonly fromMinBal: YearRow };
  readonly liquidityLevels: LiquidityLevels & { readonly dateRange: 6 | 12 };
  readonly rateTable?: RateTableRow[];
  readonly chart: ChartPoint[];
}

/** Step 2's block, as the results panel and the report say it. */
export function describeBootstrapBlock(
  plan: Pick<MonteCarloPlan, 'bootstrap' | 'historyYears' | 'meanBlockLength'>,
): string {
  if (plan.bootstrap === 'seasonal') {
    return `one calendar month at a time, each taken from one of the last ${plan.historyYears} years of history at random, in calendar order`;
  }
  const fallback =
    plan.historyYears < 2
      ? ` (the history has ${plan.historyYears} full year; the seasonal bootstrap needs 2)`
      : '';
  return `runs of consecutive history days from random starting days, ${plan.meanBlockLength} business days long on average${fallback}`;
}

/** Monte Carlo section of analytics.md, steps 3 to 7, from the simulated paths' summary. */
export function assembleMonteCarloResult(plan: MonteCarloPlan, summary: PathSummary): MonteCarloResult {
  const quantileAt = (businessDays: number): number =>
    summary.minimumQuantiles[findCheckpointIndex(businessDays)] as number;
  // Step 3: R(h) floored at 0. Step 4: 'From Min Bal' uses the same paths (same seed) started from the
  // window's minimum, which shifts every path, so its quantile, by (minimum - B0).
  const shift = plan.minimumBalance - plan.startBalance;
  const capability = (businessDays: number, offset = 0): number =>
    Math.max(0, quantileAt(businessDays) + offset);
  const yearRow = (offset: number): YearRow => {
    const at = (year: number) => roundCents(capability(year * BUSINESS_DAYS_PER_YEAR, offset));
    return { year1: at(1), year2: at(2), year3: at(3), year4: at(4), year5: at(5) };
  };
  const levels = computeLiquidityLevels(plan.startBalance, plan.requestedCushion, {
    r30Days: capability(HORIZON_30_DAYS),
    r30Weeks: capability(HORIZON_30_WEEKS),
    r1Year: capability(HORIZON_1_YEAR),
    r30Months: capability(HORIZON_30_MONTHS),
  });
  const available = roundCents(plan.startBalance) - levels.cushion;
  const chart: ChartPoint[] = [];
  let previousCapability = available;
  for (let month = 0; month <= SIMULATION_MONTHS; month += 1) {
    const businessDays = month * BUSINESS_DAYS_PER_MONTH;
    const durationCapability =
      month === 0 ? available : Math.min(previousCapability, Math.min(available, capability(businessDays)));
    previousCapability = durationCapability;
    const balanceAt = (series: Float64Array) =>
      month === 0 ? plan.startBalance : (series[month - 1] as number);
    chart.push({
      month,
      date: formatIsoDate(month === 0 ? plan.endDay : addBusinessDays(plan.endDay, businessDays)),
      durationCapability: roundCents(durationCapability),
      cushion: levels.cushion,
      medianBalance: roundCents(balanceAt(summary.medianBalances)),
      lowerBalance: roundCents(balanceAt(summary.lowerBalances)),
      upperBalance: roundCents(balanceAt(summary.upperBalances)),
    });
  }
  const horizons: [string, number][] = [
    ['30 days', HORIZON_30_DAYS],
    ['30 weeks', HORIZON_30_WEEKS],
    ['1 year', HORIZON_1_YEAR],
    ['30 months', HORIZON_30_MONTHS],
    ['5 years', 5 * BUSINESS_DAYS_PER_YEAR],
  ];
  return {
    seed: plan.seed,
    paths: plan.paths,
    meanBlockLength: plan.meanBlockLength,
    bootstrap: plan.bootstrap,
    bootstrapBlock: describeBootstrapBlock(plan),
    historyYears: plan.historyYears,
    startDate: plan.startDate,
    endDate: plan.endDate,
    historyBusinessDays: plan.flows.length,
    startBalance: roundCents(plan.startBalance),
    minimumBalance: roundCents(plan.minimumBalance),
    durationCapability: horizons.map(([horizon, businessDays]) => ({
      horizon,
      businessDays,
      amount: roundCents(capability(businessDays)),
    })),
    monteResult: { rawOutput: yearRow(0), fromMinBal: yearRow(shift) },
    liquidityLevels: { ...levels, dateRange: plan.dateRange },
    ...(plan.rateCurve ? { rateTable: buildRateTable(levels, plan.rateCurve) } : {}),
    chart,
  };
}
