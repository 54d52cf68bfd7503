// Public API of @tideline/analytics: pure models over plain data (analytics.md). Every model returns
// Result<T>: { ok: true, value } or { ok: false, error: AnalyticsError }.
export type { AnalyticsError, AnalyticsErrorCode, Result } from './result';
export type { IsoDate } from './iso-date';
export { roundCents } from './money';
export type { AccountHistory, ObservedBalance, Transaction } from './account-history';

// Calendar
export { listFederalHolidayDates, FIRST_CALENDAR_YEAR, LAST_CALENDAR_YEAR } from './us-federal-holidays';
export {
  addBusinessDays,
  countBusinessDays,
  isBusinessDate,
  isBusinessDay,
  listBusinessDays,
  nextBusinessDayOnOrAfter,
  previousBusinessDayOnOrBefore,
} from './business-calendar';
export { foldToBusinessDays, type BusinessDayFlows, type DayFlow } from './fold-to-business-days';
export { formatIsoDate, parseIsoDate } from './iso-date';

// Balance tables
export {
  buildBalanceTables,
  type AccountBalanceTables,
  type BalanceTables,
  type BalanceTablesInput,
  type DailyBalanceRow,
} from './build-balance-tables';
export type { MonthlyBalanceRow } from './compute-monthly-table';
export type { DayToDayVarianceRow } from './compute-day-to-day-variance';
export type { ReconciliationRow } from './reconcile-balances';

// Monte Carlo
export { runMonteCarlo } from './run-monte-carlo';
export {
  createMonteCarloWorkerPool,
  runMonteCarloInWorkers,
  MAX_WORKER_THREADS,
  type MonteCarloWorkerOptions,
  type MonteCarloWorkerPool,
  type MonteCarloWorkerRunOptions,
  type SliceTiming,
} from './monte-carlo-worker-pool';
export { prepareMonteCarlo, type MonteCarloInput, type MonteCarloPlan } from './prepare-monte-carlo';
export {
  simulatePaths,
  concatSimulatedPaths,
  type SimulatedPaths,
  type SimulatePathsInput,
} from './simulate-paths';
export { summarisePaths, type PathSummary } from './summarise-paths';
export {
  assembleMonteCarloResult,
  type ChartPoint,
  type MonteCarloResult,
  type YearRow,
} from './assemble-monte-carlo-result';
export {
  computeLiquidityLevels,
  type DurationCapabilities,
  type LiquidityLevels,
} from './compute-liquidity-levels';
export {
  LIQUIDITY_LEVEL_FIELDS,
  restoreDefaultLiquidityLevels,
  setLiquidityLevels,
  type ComputedLiquidityLevels,
  type EffectiveLiquidityLevels,
  type LiquidityLevelField,
  type LiquidityLevelsOverride,
} from './set-liquidity-levels';
export { buildRateTable, type RateCurve, type RateTableRow } from './build-rate-table';
export { classifyLiquidityLevel, type LiquidityLevelNumber } from './classify-liquidity-level';
export { sumInvestmentsByLevel } from './score-investment-policy';
export { createSeededRandom, type SeededRandom } from './seeded-random';

// Short-term model
export {
  runShortTermStep1,
  type BalanceAdjustment,
  type ShortTermStep1Input,
  type ShortTermStep1Model,
} from './run-short-term-step1';
export {
  runShortTermStep2,
  type ForecastRow,
  type ShortTermStep2Input,
  type ShortTermStep2Result,
  type WeeklyForecastRow,
} from './run-short-term-step2';
export type { ReadinessChecks } from './check-history-readiness';
export type { BackTest, BackTestWeek } from './back-test-short-term';
export type { TrendRatio } from './compute-trend-ratio';

// cashVest
export { scoreCashVest, type CashVestSuggestion } from './score-cash-vest';
export type { CashVestInput, LevelAmounts } from './cash-vest-input';
export { CASH_VEST_RANGES, type SubScore } from './map-ratio-to-score';
export {
  buildCashVestSeries,
  type CashVestScoreRecord,
  type CashVestSeriesPoint,
} from './build-cash-vest-series';

// Client summary: Assets widget
export {
  summariseAssets,
  type AssetAccount,
  type AssetInvestment,
  type AssetSlice,
  type AssetsInput,
  type AssetsSummary,
} from './summarise-assets';
export { allocateBasisPoints } from './allocate-shares';

// Interest rate comparison and forecast accuracy
export {
  compareInterestRates,
  type BankRateComparison,
  type CategoryRates,
  type InterestRateComparisonInput,
  type NegotiatedRate,
  type RateCategory,
} from './compare-interest-rates';
export {
  measureForecastAccuracy,
  type ForecastAccuracy,
  type ForecastAccuracyInput,
} from './measure-forecast-accuracy';
