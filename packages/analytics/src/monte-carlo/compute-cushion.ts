import { HORIZON_30_DAYS } from './horizons';

/**
 * Monte Carlo section of analytics.md, step 5, default cushion: the largest cumulative net outflow
 * over any 30 days (21 consecutive business days) among the given business-day flows, which the
 * caller limits to the last `dateRange` (6 or 12) months. 0 when no 30-day window lost money.
 */
export function computeDefaultCushion(flows: Float64Array): number {
  const window = Math.min(HORIZON_30_DAYS, flows.length);
  if (window === 0) return 0;
  let sum = 0;
  for (let index = 0; index < window; index += 1) sum += flows[index] as number;
  let lowest = sum;
  for (let index = window; index < flows.length; index += 1) {
    sum += (flows[index] as number) - (flows[index - window] as number);
    if (sum < lowest) lowest = sum;
  }
  return Math.max(0, -lowest);
}
