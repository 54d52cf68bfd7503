import { describe, expect, it } from 'vitest';
import { toDay } from '../../test/make-history';
import { listBusinessDays } from '../calendar/business-calendar';
import { addMonths, fromDayNumber } from '../core/iso-date';
import { createSeededRandom } from '../core/seeded-random';
import { findCheckpointIndex, MINIMUM_CHECKPOINTS } from './horizons';
import { buildSeasonalSegments, SEASONAL_SLOTS } from './seasonal-segments';
import { concatSimulatedPaths, simulatePaths } from './simulate-paths';
import { summarisePaths } from './summarise-paths';

const END = toDay('2024-06-28');
/** Business days of a two-year history window ending on END. */
const DAYS = listBusinessDays(addMonths(END, -24) + 1, END);
const SEGMENTS = buildSeasonalSegments(DAYS, END, 2);

/** Business days of each calendar piece of history year `year` (0 = latest), counted from the dates. */
function pieceLengths(year: number): number[] {
  const yearStart = addMonths(END, -12 * (year + 1));
  const yearEnd = addMonths(END, -12 * year);
  const first = fromDayNumber(yearStart);
  const lengths = new Array<number>(SEASONAL_SLOTS).fill(0);
  for (const day of listBusinessDays(yearStart + 1, yearEnd)) {
    const { year: y, month } = fromDayNumber(day);
    const slot = (y - first.year) * 12 + month - first.month;
    lengths[slot] = (lengths[slot] as number) + 1;
  }
  return lengths;
}

/**
 * Exact P(the running minimum reaches -m within h business days) when the latest year's flows are +1 a
 * business day and the year before's -1, and each calendar piece comes from either year with
 * probability 1/2. Dynamic programming over (days from the latest year, days from the year before);
 * a falling piece hits -m on the way down.
 */
function exactHitProbability(up: number[], down: number[], h: number, m: number): number {
  const size = h + 1;
  let grid = new Float64Array(size * size);
  grid[0] = 1;
  let hit = 0;
  for (let piece = 0; ; piece += 1) {
    const rise = up[piece % up.length] as number;
    const fall = down[piece % down.length] as number;
    const next = new Float64Array(size * size);
    let isAlive = false;
    for (let ups = 0; ups < h; ups += 1) {
      for (let downs = 0; ups + downs < h; downs += 1) {
        const probability = grid[ups * size + downs] as number;
        if (probability === 0) continue;
        const day = ups + downs;
        const balance = ups - downs;
        if (day + rise < h) {
          next[(ups + rise) * size + downs] = (next[(ups + rise) * size + downs] as number) + probability / 2;
          isAlive = true;
        }
        if (balance - Math.min(fall, h - day) <= -m) hit += probability / 2;
        else if (day + fall < h) {
          next[ups * size + downs + fall] = (next[ups * size + downs + fall] as number) + probability / 2;
          isAlive = true;
        }
      }
    }
    if (!isAlive) return hit;
    grid = next;
  }
}

/** The largest m whose hit probability is still at least p: the p-quantile of the minimum is -m. */
function exactDrawdown(h: number, p: number): number {
  const up = pieceLengths(0);
  const down = pieceLengths(1);
  let low = 1;
  let high = h;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (exactHitProbability(up, down, h, middle) >= p) low = middle;
    else high = middle - 1;
  }
  return low;
}

describe('simulateSeasonalPaths', () => {
  it('matches the exact distribution of a walk of calendar pieces from two opposite years (N = 100,000)', () => {
    // Latest year +1 a business day, the year before -1: each piece rises or falls by its length.
    const flows = new Float64Array(DAYS.map((day) => (day > addMonths(END, -12) ? 1 : -1)));
    const paths = simulatePaths({
      flows,
      startBalance: 0,
      seed: 20_240_628,
      firstPath: 0,
      pathCount: 100_000,
      meanBlockLength: 21,
      seasonal: SEGMENTS,
    });
    const summary = summarisePaths(paths);
    for (const horizon of [252, 630]) {
      const simulated = -(summary.minimumQuantiles[findCheckpointIndex(horizon)] as number);
      const expected = exactDrawdown(horizon, 0.05);
      expect(Math.abs(simulated - expected) / expected).toBeLessThan(0.02);
    }
  }, 120_000);

  it('draws one history year per calendar piece from the documented generator, stream per path', () => {
    // With flows 0, 1, 2, … the balance after 21 days is the sum of the history indices replayed.
    const flows = new Float64Array(DAYS.map((_day, index) => index));
    const paths = simulatePaths({
      flows,
      startBalance: 0,
      seed: 99,
      firstPath: 5,
      pathCount: 3,
      meanBlockLength: 21,
      seasonal: SEGMENTS,
    });
    for (let path = 0; path < 3; path += 1) {
      const random = createSeededRandom(99, 5 + path);
      let balance = 0;
      let day = 0;
      for (let slot = 0; day < 21; slot += 1) {
        const year = Math.floor((random.nextUint32() * 2) / 4_294_967_296);
        const start = SEGMENTS.starts[year * SEASONAL_SLOTS + slot] as number;
        const length = SEGMENTS.lengths[year * SEASONAL_SLOTS + slot] as number;
        for (let index = start; index < start + length && day < 21; index += 1, day += 1) balance += index;
      }
      expect(paths.monthEndBalances[path * 60]).toBe(balance);
    }
  });

  it('gives the same paths whether run at once or in slices (worker threads)', () => {
    const flows = new Float64Array(DAYS.map((_day, index) => ((index * 7919) % 13) - 6));
    const common = { flows, startBalance: 100, seed: 7, meanBlockLength: 21, seasonal: SEGMENTS };
    const whole = simulatePaths({ ...common, firstPath: 0, pathCount: 30 });
    const sliced = concatSimulatedPaths([
      simulatePaths({ ...common, firstPath: 0, pathCount: 11 }),
      simulatePaths({ ...common, firstPath: 11, pathCount: 19 }),
    ]);
    expect(sliced.minimums).toEqual(whole.minimums);
    expect(sliced.monthEndBalances).toEqual(whole.monthEndBalances);
  });

  it('records running minimums that never increase along a path', () => {
    const flows = new Float64Array(DAYS.map((_day, index) => [50, -70, 20, -10, 30][index % 5] as number));
    const paths = simulatePaths({
      flows,
      startBalance: 0,
      seed: 3,
      firstPath: 0,
      pathCount: 50,
      meanBlockLength: 21,
      seasonal: SEGMENTS,
    });
    const count = MINIMUM_CHECKPOINTS.length;
    for (let path = 0; path < 50; path += 1) {
      expect(paths.minimums[path * count]).toBeLessThanOrEqual(0);
      for (let checkpoint = 1; checkpoint < count; checkpoint += 1) {
        expect(paths.minimums[path * count + checkpoint]).toBeLessThanOrEqual(
          paths.minimums[path * count + checkpoint - 1] as number,
        );
      }
    }
  });
});
