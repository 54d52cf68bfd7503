import {
  BUSINESS_DAYS_PER_MONTH,
  MINIMUM_CHECKPOINTS,
  SIMULATION_BUSINESS_DAYS,
  SIMULATION_MONTHS,
} from './horizons';
import { deriveStreamState } from '../core/seeded-random';
import type { SeasonalSegments } from './seasonal-segments';
import type { SimulatedPaths, SimulatePathsInput } from './simulate-paths';

/**
 * Monte Carlo section of analytics.md, step 2, seasonal block bootstrap (after Politis 2001 and the
 * generalized seasonal block bootstrap of Dudek, Leśkow, Paparoditis and Politis 2014, with the
 * calendar month as the block): the future replays the history's calendar-month pieces in calendar
 * order from the day after the end date, each piece taken from a history year drawn at random, so a
 * property-tax month follows the months before it as it did in the history. A piece keeps its own
 * number of business days, so a path advances one business day per historical business day and every
 * flow of the month is used once. One draw per piece from the path's own stream, typed arrays, no
 * allocation inside the loop.
 */
export function simulateSeasonalPaths(input: SimulatePathsInput, seasonal: SeasonalSegments): SimulatedPaths {
  const { flows, startBalance, seed, firstPath, pathCount } = input;
  const { yearCount, slotCount, starts, lengths } = seasonal;
  const checkpointCount = MINIMUM_CHECKPOINTS.length;
  const checkpoints = Int32Array.from(MINIMUM_CHECKPOINTS);
  const minimums = new Float64Array(pathCount * checkpointCount);
  const monthEndBalances = new Float64Array(pathCount * SIMULATION_MONTHS);
  const toYear = yearCount / 4_294_967_296;
  for (let path = 0; path < pathCount; path += 1) {
    const state = deriveStreamState(seed, firstPath + path);
    let s0 = state[0] as number;
    let s1 = state[1] as number;
    let s2 = state[2] as number;
    let s3 = state[3] as number;
    let draw = 0;
    let index = 0;
    let pieceEnd = 0;
    let slot = 0;
    let balance = startBalance;
    let runningMinimum = startBalance;
    let checkpoint = 0;
    let nextCheckpoint = checkpoints[0] as number;
    const minimumBase = path * checkpointCount;
    const monthBase = path * SIMULATION_MONTHS;
    for (let day = 1; day <= SIMULATION_BUSINESS_DAYS; day += 1) {
      // The next piece, skipping stretches without a business day; every year has some, so this ends.
      while (index === pieceEnd) {
        {
          // xoshiro128** inline, as in simulate-paths.ts.
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
        const piece = Math.floor(draw * toYear) * slotCount + slot;
        index = starts[piece] as number;
        pieceEnd = index + (lengths[piece] as number);
        slot = slot + 1 === slotCount ? 0 : slot + 1;
      }
      balance += flows[index] as number;
      index += 1;
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
