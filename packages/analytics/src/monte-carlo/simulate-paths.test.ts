import { describe, expect, it } from 'vitest';
import { findCheckpointIndex, MINIMUM_CHECKPOINTS } from './horizons';
import { createSeededRandom } from '../core/seeded-random';
import { concatSimulatedPaths, simulatePaths } from './simulate-paths';
import { summarisePaths } from './summarise-paths';

/** P(S_h = k) for a simple symmetric walk of h steps, as an array indexed by k + h. */
function walkDistribution(h: number): Float64Array {
  const logFactorial = new Float64Array(h + 1);
  for (let n = 1; n <= h; n += 1) logFactorial[n] = (logFactorial[n - 1] as number) + Math.log(n);
  const probability = new Float64Array(2 * h + 1);
  for (let ups = 0; ups <= h; ups += 1) {
    const log =
      (logFactorial[h] as number) -
      (logFactorial[ups] as number) -
      (logFactorial[h - ups] as number) -
      h * Math.LN2;
    probability[2 * ups] = Math.exp(log);
  }
  return probability;
}

/**
 * Reflection principle: P(min over h steps <= -m) = 2 P(S_h > m) + P(S_h = m). The 5th percentile of
 * the minimum is -m* with m* the largest m whose probability is still at least 5%.
 */
function reflectionDrawdown(h: number, p: number): number {
  const probability = walkDistribution(h);
  const atLeast = (m: number) => {
    let above = 0;
    for (let k = m + 1; k <= h; k += 1) above += probability[k + h] as number;
    return 2 * above + (probability[m + h] as number);
  };
  let m = 1;
  while (atLeast(m + 1) >= p) m += 1;
  return m;
}

describe('simulatePaths', () => {
  it('matches the reflection principle for a ±1 walk with block length 1 (N = 100,000)', () => {
    const flows = new Float64Array(Array.from({ length: 500 }, (_, index) => (index % 2 === 0 ? 1 : -1)));
    const startBalance = 10_000;
    const paths = simulatePaths({
      flows,
      startBalance,
      seed: 20_240_601,
      firstPath: 0,
      pathCount: 100_000,
      meanBlockLength: 1,
    });
    const summary = summarisePaths(paths);
    for (const horizon of [252, 630, 1260]) {
      const simulated = startBalance - (summary.minimumQuantiles[findCheckpointIndex(horizon)] as number);
      const expected = reflectionDrawdown(horizon, 0.05);
      expect(Math.abs(simulated - expected) / expected).toBeLessThan(0.02);
    }
  }, 120_000);

  it('draws block starts from the documented generator, stream per path', () => {
    // With flows 0, 1, 2, … and block length 1 every day adds the index drawn from the path's stream.
    const flows = new Float64Array(Array.from({ length: 37 }, (_, index) => index));
    const paths = simulatePaths({
      flows,
      startBalance: 0,
      seed: 99,
      firstPath: 5,
      pathCount: 2,
      meanBlockLength: 1,
    });
    for (let path = 0; path < 2; path += 1) {
      const random = createSeededRandom(99, 5 + path);
      let balance = 0;
      for (let day = 1; day <= 21; day += 1) {
        random.nextUint32(); // the restart draw
        balance += Math.floor((random.nextUint32() * 37) / 4_294_967_296);
      }
      expect(paths.monthEndBalances[path * 60]).toBe(balance);
    }
  });

  it('gives the same paths whether run at once or in slices (worker threads)', () => {
    const flows = new Float64Array([5, -3, 2, -8, 1, 4, -2]);
    const common = { flows, startBalance: 100, seed: 7, meanBlockLength: 21 };
    const whole = simulatePaths({ ...common, firstPath: 0, pathCount: 30 });
    const sliced = concatSimulatedPaths([
      simulatePaths({ ...common, firstPath: 0, pathCount: 11 }),
      simulatePaths({ ...common, firstPath: 11, pathCount: 19 }),
    ]);
    expect(sliced.minimums).toEqual(whole.minimums);
    expect(sliced.monthEndBalances).toEqual(whole.monthEndBalances);
  });

  it('records running minimums that never increase along a path', () => {
    const flows = new Float64Array([50, -70, 20, -10, 30]);
    const paths = simulatePaths({
      flows,
      startBalance: 0,
      seed: 3,
      firstPath: 0,
      pathCount: 50,
      meanBlockLength: 5,
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
