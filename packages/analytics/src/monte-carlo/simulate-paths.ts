import {
  BUSINESS_DAYS_PER_MONTH,
  MINIMUM_CHECKPOINTS,
  SIMULATION_BUSINESS_DAYS,
  SIMULATION_MONTHS,
} from './horizons';
import { deriveStreamState } from '../core/seeded-random';
import type { SeasonalSegments } from './seasonal-segments';
import { simulateSeasonalPaths } from './simulate-seasonal-paths';

export interface SimulatePathsInput {
  /** Historical daily net flows on business days (the bootstrap sample), at least one value. */
  readonly flows: Float64Array;
  readonly startBalance: number;
  readonly seed: number;
  /** Index of the first path (paths keep their index, so a worker can run a slice). */
  readonly firstPath: number;
  readonly pathCount: number;
  /** Mean block length of the stationary bootstrap, in business days (default 21). */
  readonly meanBlockLength: number;
  /** When given, the seasonal block bootstrap over these calendar-month pieces replaces the stationary one. */
  readonly seasonal?: SeasonalSegments;
  /**
   * The seasonal mean of each simulated business day (SIMULATION_BUSINESS_DAYS values), added to the
   * resampled flow of that day; `flows` are then residuals around it. Absent: 0.
   */
  readonly meanPath?: Float64Array;
}

const NO_MEAN = new Float64Array(SIMULATION_BUSINESS_DAYS);

export interface SimulatedPaths {
  readonly pathCount: number;
  /** Running minimum (balance at day 0 included) at each of MINIMUM_CHECKPOINTS, path-major. */
  readonly minimums: Float64Array;
  /** Balance at the end of each business month 1..60, path-major. */
  readonly monthEndBalances: Float64Array;
}

/**
 * Monte Carlo section of analytics.md, step 2. With `seasonal`, the seasonal block bootstrap
 * (simulate-seasonal-paths.ts); otherwise the stationary block bootstrap (Politis and Romano 1994) of
 * `flows`, plus `meanPath` on each day when given (the seasonal-mean method resamples residuals).
 * Each path starts at a uniform random day of the history; on each following day it either starts a new
 * block at a uniform random day (probability 1 / meanBlockLength) or moves to the next historical day,
 * wrapping at the end. One pass per path, typed arrays, no allocation inside the loop.
 */
export function simulatePaths(input: SimulatePathsInput): SimulatedPaths {
  if (input.seasonal) return simulateSeasonalPaths(input, input.seasonal);
  const { flows, startBalance, seed, firstPath, pathCount } = input;
  const meanPath = input.meanPath ?? NO_MEAN;
  const sampleSize = flows.length;
  const checkpointCount = MINIMUM_CHECKPOINTS.length;
  const checkpoints = Int32Array.from(MINIMUM_CHECKPOINTS);
  const minimums = new Float64Array(pathCount * checkpointCount);
  const monthEndBalances = new Float64Array(pathCount * SIMULATION_MONTHS);
  // Compare raw 32-bit outputs against a threshold instead of dividing on every step.
  const restartThreshold = Math.min(1, 1 / input.meanBlockLength) * 4_294_967_296;
  const toIndex = sampleSize / 4_294_967_296;
  for (let path = 0; path < pathCount; path += 1) {
    const state = deriveStreamState(seed, firstPath + path);
    let s0 = state[0] as number;
    let s1 = state[1] as number;
    let s2 = state[2] as number;
    let s3 = state[3] as number;
    // xoshiro128** (see seeded-random.ts) is written out inline: as a closure its state would live on
    // the heap, and this loop runs 12.6 million times per 10,000 paths.
    let draw = 0;
    let index = 0;
    let balance = startBalance;
    let runningMinimum = startBalance;
    let checkpoint = 0;
    let nextCheckpoint = checkpoints[0] as number;
    const minimumBase = path * checkpointCount;
    const monthBase = path * SIMULATION_MONTHS;
    for (let day = 1; day <= SIMULATION_BUSINESS_DAYS; day += 1) {
      {
        const product = Math.imul(s1, 5);
        draw = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
      }
      // Day 1 always starts a block; later days start one with probability 1 / meanBlockLength.
      if (day === 1 || draw < restartThreshold) {
        {
          const product = Math.imul(s1, 5);
          draw = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
          const t = s1 << 9;
          s2 ^= s0;
          s3 ^= s1;
          s1 ^= s2;
          s0 ^= s3;
          s2 ^= t;
          s3 = (s3 << 11) | (s3 >>> 21);
        }
        index = Math.floor(draw * toIndex);
      } else if (++index === sampleSize) index = 0;
      balance += (flows[index] as number) + (meanPath[day - 1] as number);
      if (balance < runningMinimum) runningMinimum = balance;
      if (day === nextCheckpoint) {
        minimums[minimumBase + checkpoint] = runningMinimum;
        checkpoint += 1;
        nextCheckpoint = checkpoint < checkpointCount ? (checkpoints[checkpoint] as number) : -1;
      }
      if (day % BUSINESS_DAYS_PER_MONTH === 0)
        monthEndBalances[monthBase + day / BUSINESS_DAYS_PER_MONTH - 1] = balance;
    }
  }
  return { pathCount, minimums, monthEndBalances };
}

/** Joins path slices (from worker threads) in path order. */
export function concatSimulatedPaths(parts: readonly SimulatedPaths[]): SimulatedPaths {
  const pathCount = parts.reduce((sum, part) => sum + part.pathCount, 0);
  const minimums = new Float64Array(pathCount * MINIMUM_CHECKPOINTS.length);
  const monthEndBalances = new Float64Array(pathCount * SIMULATION_MONTHS);
  let minimumOffset = 0;
  let monthOffset = 0;
  for (const part of parts) {
    minimums.set(part.minimums, minimumOffset);
    monthEndBalances.set(part.monthEndBalances, monthOffset);
    minimumOffset += part.minimums.length;
    monthOffset += part.monthEndBalances.length;
  }
  return { pathCount, minimums, monthEndBalances };
}
