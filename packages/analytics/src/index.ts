// Public API of @tideline/analytics: pure models over plain data (analytics.md). Every model returns
// Result<T>: { ok: true, value } or { ok: false, error: AnalyticsError }.
export type { AnalyticsError, AnalyticsErrorCode, Result } from './core/result';
export type { IsoDate } from './core/iso-date';
export { roundCents } from './core/money';
export type { AccountHistory, ObservedBalance, Transaction } from './core/account-history';

// Calendar
export {
  listFederalHolidayDates,
  FIRST_CALENDAR_YEAR,
  LAST_CALENDAR_YEAR,
} from './calendar/us-federal-holidays';
export {
  addBusinessDays,
  countBusinessDays,
  isBusinessDate,
  isBusinessDay,
  listBusinessDays,
  nextBusinessDayOnOrAfter,
  previousBusinessDayOnOrBefore,
} from './calendar/business-calendar';
export { foldToBusinessDays, type BusinessDayFlows, type DayFlow } from './calendar/fold-to-business-days';
export { addMonths, formatIsoDate, parseIsoDate } from './core/iso-date';

// Balance tables
export {
  buildBalanceTables,
  type AccountBalanceTables,
  type BalanceTables,
  type BalanceTablesInput,
  type DailyBalanceRow,
} from './balances/build-balance-tables';
export type { MonthlyBalanceRow } from './balances/compute-monthly-table';
export type { DayToDayVarianceRow } from './balances/compute-day-to-day-variance';
export type { ReconciliationRow } from './balances/reconcile-balances';

// Monte Carlo
export { runMonteCarlo } from './monte-carlo/run-monte-carlo';
export {
  createMonteCarloWorkerPool,
  runMonteCarloInWorkers,
  MAX_WORKER_THREADS,
  type MonteCarloWorkerOptions,
  type MonteCarloWorkerPool,
  type MonteCarloWorkerRunOptions,
  type SliceTiming,
} from './monte-carlo/monte-carlo-worker-pool';
export {
  prepareMonteCarlo,
  type BootstrapChoice,
  type BootstrapMethod,
  type MonteCarloInput,
  type MonteCarloPlan,
} from './monte-carlo/prepare-monte-carlo';
export type { SeasonalSegments } from './monte-carlo/seasonal-segments';
export {
  simulatePaths,
  concatSimulatedPaths,
  type SimulatedPaths,
  type SimulatePathsInput,
} from './monte-carlo/simulate-paths';
export { summarisePaths, type PathSummary } from './monte-carlo/summarise-paths';
export {
  assembleMonteCarloResult,
  type ChartPoint,
  type LeaveOneYearOutRun,
  type LevelField,
  type MonteCarloResult,
  type YearRow,
} from './monte-carlo/assemble-monte-carlo-result';
export { computeWorstThirtyDayOutflow, deriveDefaultCushion } from './monte-carlo/compute-cushion';
export { selectStationaryBlockLength, type BlockLengthChoice } from './monte-carlo/select-block-length';
export {
  computeLiquidityLevels,
  type DurationCapabilities,
  type LiquidityLevels,
} from './monte-carlo/compute-liquidity-levels';
export {
  LIQUIDITY_LEVEL_FIELDS,
  restoreDefaultLiquidityLevels,
  setLiquidityLevels,
  type ComputedLiquidityLevels,
  type EffectiveLiquidityLevels,
  type LiquidityLevelField,
  type LiquidityLevelsOverride,
} from './monte-carlo/set-liquidity-levels';
export { buildRateTable, type RateCurve, type RateTableRow } from './monte-carlo/build-rate-table';
export { classifyLiquidityLevel, type LiquidityLevelNumber } from './cash-vest/classify-liquidity-level';
export { sumInvestmentsByLevel } from './cash-vest/score-investment-policy';
export { createSeededRandom, type SeededRandom } from './core/seeded-random';

// Short-term model
export {
  runShortTermStep1,
  type BalanceAdjustment,
  type ShortTermStep1Input,
  type ShortTermStep1Model,
} from './short-term/run-short-term-step1';
export {
  runShortTermStep2,
  type ForecastRow,
  type ShortTermStep2Input,
  type ShortTermStep2Result,
  type WeeklyForecastRow,
} from './short-term/run-short-term-step2';
export type { ReadinessChecks } from './short-term/check-history-readiness';
export { assessGroupHistory, type GroupHistory } from './short-term/assess-group-history';
export type {
  BackTest,
  BackTestAccuracy,
  BackTestWeek,
  ForecastMethod,
  HorizonAccuracy,
} from './short-term/back-test-short-term';
export type { TrendRatio } from './short-term/compute-trend-ratio';
export type { CalendarModel, SideModel, SideTrend, AnnualDate } from './short-term/calendar-model';
export {
  makeSyntheticHistory,
  type SyntheticHistoryOptions,
  type SyntheticStructure,
} from './short-term/synthetic-history';

// cashVest
export { scoreCashVest, type CashVestSuggestion } from './cash-vest/score-cash-vest';
export { sumInterest } from './rates/sum-interest';
export type { CashVestInput, LevelAmounts } from './cash-vest/cash-vest-input';
export { CASH_VEST_RANGES, type SubScore } from './cash-vest/map-ratio-to-score';
export {
  buildCashVestSeries,
  type CashVestScoreRecord,
  type CashVestSeriesPoint,
} from './cash-vest/build-cash-vest-series';

// Client summary: Assets widget
export {
  summariseAssets,
  type AssetAccount,
  type AssetInvestment,
  type AssetSlice,
  type AssetsInput,
  type AssetsSummary,
} from './summary/summarise-assets';
export { allocateBasisPoints } from './core/allocate-shares';

// Interest rate comparison and forecast accuracy
export {
  compareInterestRates,
  type BankRateComparison,
  type CategoryRates,
  type InterestRateComparisonInput,
  type NegotiatedRate,
  type RateCategory,
} from './rates/compare-interest-rates';
export {
  measureForecastAccuracy,
  type ForecastAccuracy,
  type ForecastAccuracyInput,
} from './short-term/measure-forecast-accuracy';
