import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../core/seeded-random';
import {
  computeAutocovariances,
  computeStationaryBlockLength,
  flatTopWeight,
  maximumBlockLength,
  selectStationaryBlockLength,
} from './select-block-length';

/** Standard normal draws (Box-Muller) from the package's seeded generator. */
function drawGaussians(count: number, seed: number): Float64Array {
  const random = createSeededRandom(seed);
  const values = new Float64Array(count);
  for (let index = 0; index < count; index += 2) {
    const radius = Math.sqrt(-2 * Math.log(1 - random.nextUnit()));
    const angle = 2 * Math.PI * random.nextUnit();
    values[index] = radius * Math.cos(angle);
    if (index + 1 < count) values[index + 1] = radius * Math.sin(angle);
  }
  return values;
}

function simulateAr1(phi: number, count: number, seed: number): Float64Array {
  const shocks = drawGaussians(count + 200, seed);
  const series = new Float64Array(count);
  let value = 0;
  for (let index = 0; index < count + 200; index += 1) {
    value = phi * value + (shocks[index] as number);
    if (index >= 200) series[index - 200] = value;
  }
  return series;
}

/** For an AR(1), G / g(0) = 2 phi / (1 - phi^2), so b_SB = (2 phi / (1 - phi^2))^(2/3) N^(1/3). */
const closedForm = (phi: number, n: number) => Math.cbrt(((2 * phi) / (1 - phi * phi)) ** 2) * Math.cbrt(n);

describe('selectStationaryBlockLength (Politis-White 2004, Patton-Politis-White 2009)', () => {
  it('uses the flat-top lag window', () => {
    expect([0, 0.25, 0.5, 0.75, 1, 1.5].map(flatTopWeight)).toEqual([1, 1, 1, 0.5, 0, 0]);
  });

  it('gives the closed form of an AR(1) from its exact autocovariances', () => {
    for (const phi of [0.2, 0.5, 0.8]) {
      const lags = 400;
      const exact = new Float64Array(lags + 1).map((_, k) => phi ** k / (1 - phi * phi));
      // A wide window: the weights are 1 wherever phi^k is not negligible.
      const block = computeStationaryBlockLength(exact, 1_000_000, lags);
      expect(block).toBeCloseTo(Math.min(closedForm(phi, 1_000_000), maximumBlockLength(1_000_000)), 6);
    }
  });

  it('chooses a short block for i.i.d. noise', () => {
    const choice = selectStationaryBlockLength(drawGaussians(5_000, 3));
    expect(choice.blockLength).toBeGreaterThanOrEqual(1);
    expect(choice.blockLength).toBeLessThan(3);
    expect(choice.mHat).toBeLessThanOrEqual(2);
  });

  it('chooses a longer block for an AR(1) as phi grows, near the closed form', () => {
    const n = 5_000;
    const blocks = [0.3, 0.5, 0.8].map((phi) => {
      const choice = selectStationaryBlockLength(simulateAr1(phi, n, 11));
      expect(Math.abs(choice.blockLength / closedForm(phi, n) - 1)).toBeLessThan(0.35);
      return choice.blockLength;
    });
    expect(blocks[0]).toBeLessThan(blocks[1] as number);
    expect(blocks[1]).toBeLessThan(blocks[2] as number);
  });

  it('caps the block at min(3 sqrt N, N / 3) and handles a constant series', () => {
    expect(maximumBlockLength(900)).toBe(90);
    expect(selectStationaryBlockLength(simulateAr1(0.999, 300, 2)).blockLength).toBeLessThanOrEqual(
      maximumBlockLength(300),
    );
    expect(selectStationaryBlockLength(new Float64Array(50).fill(7)).blockLength).toBe(1);
    expect(Array.from(computeAutocovariances(Float64Array.from([1, -1, 1, -1]), 2))).toEqual([1, -0.75, 0.5]);
  });
});
