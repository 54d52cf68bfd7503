/**
 * Horizons of the Monte Carlo in business days (Monte Carlo section of analytics.md). A business year
 * is 252 days and a business month 21, so "30 days" is one business month, "30 weeks" is 150 business
 * days (5 per week), "30 months" is 630 and the simulation covers 5 years = 1,260 business days.
 */
export const BUSINESS_DAYS_PER_MONTH = 21;
export const BUSINESS_DAYS_PER_YEAR = 252;
export const SIMULATION_BUSINESS_DAYS = 5 * BUSINESS_DAYS_PER_YEAR;
export const SIMULATION_MONTHS = 60;

export const HORIZON_30_DAYS = BUSINESS_DAYS_PER_MONTH;
export const HORIZON_30_WEEKS = 150;
export const HORIZON_1_YEAR = BUSINESS_DAYS_PER_YEAR;
export const HORIZON_30_MONTHS = 30 * BUSINESS_DAYS_PER_MONTH;

/**
 * Checkpoints where each path's running minimum is recorded: every business month (1..60) plus
 * 30 weeks. Years 1-5 are months 12, 24, …, 60.
 */
export const MINIMUM_CHECKPOINTS: readonly number[] = [
  ...Array.from({ length: SIMULATION_MONTHS }, (_, index) => (index + 1) * BUSINESS_DAYS_PER_MONTH),
  HORIZON_30_WEEKS,
].sort((a, b) => a - b);

export function findCheckpointIndex(businessDays: number): number {
  const index = MINIMUM_CHECKPOINTS.indexOf(businessDays);
  if (index < 0) throw new RangeError(`No checkpoint at ${businessDays} business days`);
  return index;
}
