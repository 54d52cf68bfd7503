import { HORIZON_30_DAYS } from './horizons';

/**
 * The largest cumulative net outflow over any 30 days (21 consecutive business days) among the given
 * business-day flows, which the caller limits to the last `dateRange` (6 or 12) months. 0 when no
 * 30-day window lost money. This is the worst 30-day drop the history shows; the cushion is derived
 * from it (deriveDefaultCushion).
 */
export function computeWorstThirtyDayOutflow(flows: Float64Array): number {
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

/**
 * Monte Carlo section of analytics.md, step 5, default cushion (docs/models.md "Liquidity levels"):
 * level one is the operating need, B0 - R(30 days), the 30-day drop the simulation covers with 95%
 * confidence. The cushion is only what the worst 30-day drop of the history asks for beyond that need,
 * max(0, worst drop - need), so level one + cushion = max(need, worst drop) and no dollar of the
 * 30-day need is set aside twice.
 */
export function deriveDefaultCushion(
  worstThirtyDayOutflow: number,
  startBalance: number,
  r30Days: number,
): number {
  const balance = Math.max(0, startBalance);
  const need = balance - Math.min(Math.max(0, r30Days), balance);
  return Math.max(0, Math.max(0, worstThirtyDayOutflow) - need);
}
