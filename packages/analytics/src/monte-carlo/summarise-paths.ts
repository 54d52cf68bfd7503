import { MINIMUM_CHECKPOINTS, SIMULATION_MONTHS } from './horizons';
import type { SimulatedPaths } from './simulate-paths';
import { selectQuantile } from './select-quantile';

export interface PathSummary {
  /** Unfloored 5th percentile of the running minimum at each checkpoint (MINIMUM_CHECKPOINTS order). */
  readonly minimumQuantiles: Float64Array;
  /** Median, 5th and 95th percentile of the simulated balance at the end of months 1..60. */
  readonly medianBalances: Float64Array;
  readonly lowerBalances: Float64Array;
  readonly upperBalances: Float64Array;
}

/** Monte Carlo section of analytics.md, step 3 (before the floor at 0) and the chart's balance line. */
export function summarisePaths(paths: SimulatedPaths, confidence = 0.95): PathSummary {
  const count = paths.pathCount;
  const scratch = new Float64Array(count);
  const checkpointCount = MINIMUM_CHECKPOINTS.length;
  const minimumQuantiles = new Float64Array(checkpointCount);
  for (let checkpoint = 0; checkpoint < checkpointCount; checkpoint += 1) {
    minimumQuantiles[checkpoint] = selectQuantile(
      paths.minimums,
      count,
      1 - confidence,
      checkpoint,
      checkpointCount,
      scratch,
    );
  }
  const medianBalances = new Float64Array(SIMULATION_MONTHS);
  const lowerBalances = new Float64Array(SIMULATION_MONTHS);
  const upperBalances = new Float64Array(SIMULATION_MONTHS);
  for (let month = 0; month < SIMULATION_MONTHS; month += 1) {
    medianBalances[month] = selectQuantile(
      paths.monthEndBalances,
      count,
      0.5,
      month,
      SIMULATION_MONTHS,
      scratch,
    );
    lowerBalances[month] = selectQuantile(
      paths.monthEndBalances,
      count,
      1 - confidence,
      month,
      SIMULATION_MONTHS,
      scratch,
    );
    upperBalances[month] = selectQuantile(
      paths.monthEndBalances,
      count,
      confidence,
      month,
      SIMULATION_MONTHS,
      scratch,
    );
  }
  return { minimumQuantiles, medianBalances, lowerBalances, upperBalances };
}
