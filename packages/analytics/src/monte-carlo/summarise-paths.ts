import {
  findCheckpointIndex,
  HORIZON_1_YEAR,
  HORIZON_30_DAYS,
  HORIZON_30_MONTHS,
  HORIZON_30_WEEKS,
  MINIMUM_CHECKPOINTS,
  SIMULATION_MONTHS,
} from './horizons';
import type { SimulatedPaths } from './simulate-paths';
import { averageLowest, selectQuantile } from './select-quantile';

/** The horizons the liquidity levels are cut at (step 5). */
export const LEVEL_HORIZONS: readonly number[] = [
  HORIZON_30_DAYS,
  HORIZON_30_WEEKS,
  HORIZON_1_YEAR,
  HORIZON_30_MONTHS,
];

/**
 * Share of paths on which the levels hold together: the path's lowest balance stays at or above R(h)
 * at every level horizon at once (so no level's money is touched before its horizon). Each R(h) alone
 * holds on 95% of the paths; all four together on this share.
 */
export function measureCoherentShare(paths: SimulatedPaths, quantiles: Float64Array): number {
  const checkpointCount = MINIMUM_CHECKPOINTS.length;
  const indexes = LEVEL_HORIZONS.map(findCheckpointIndex);
  let coherent = 0;
  for (let path = 0; path < paths.pathCount; path += 1) {
    const base = path * checkpointCount;
    if (indexes.every((index) => (paths.minimums[base + index] as number) >= (quantiles[index] as number)))
      coherent += 1;
  }
  return paths.pathCount > 0 ? coherent / paths.pathCount : 0;
}

export interface PathSummary {
  /** Unfloored 5th percentile of the running minimum at each checkpoint (MINIMUM_CHECKPOINTS order). */
  readonly minimumQuantiles: Float64Array;
  /** Expected shortfall: mean of the worst (1 - confidence) of the running minimums, per checkpoint. */
  readonly minimumTailMeans: Float64Array;
  /** measureCoherentShare on the unfloored quantiles. */
  readonly coherentShare: number;
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
  const minimumTailMeans = new Float64Array(checkpointCount);
  for (let checkpoint = 0; checkpoint < checkpointCount; checkpoint += 1) {
    minimumTailMeans[checkpoint] = averageLowest(
      paths.minimums,
      count,
      1 - confidence,
      checkpoint,
      checkpointCount,
      scratch,
    );
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
  return {
    minimumQuantiles,
    minimumTailMeans,
    coherentShare: measureCoherentShare(paths, minimumQuantiles),
    medianBalances,
    lowerBalances,
    upperBalances,
  };
}
