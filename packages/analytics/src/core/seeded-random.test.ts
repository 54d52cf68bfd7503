import { describe, expect, it } from 'vitest';
import { createSeededRandom, createXoshiro128StarStar } from './seeded-random';

describe('xoshiro128**', () => {
  it('matches the reference outputs for state (1, 2, 3, 4), worked by hand from the C code', () => {
    const random = createXoshiro128StarStar(Uint32Array.from([1, 2, 3, 4]));
    expect([random.nextUint32(), random.nextUint32(), random.nextUint32()]).toEqual([11520, 0, 5927040]);
  });

  it('is reproducible per seed and stream and differs across them', () => {
    const draw = (seed: number, stream: number) => {
      const random = createSeededRandom(seed, stream);
      return Array.from({ length: 5 }, () => random.nextUnit());
    };
    expect(draw(1, 0)).toEqual(draw(1, 0));
    expect(draw(1, 0)).not.toEqual(draw(2, 0));
    expect(draw(1, 0)).not.toEqual(draw(1, 1));
    for (const value of draw(123, 4)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('has a roughly uniform mean over 100,000 draws', () => {
    const random = createSeededRandom(2024);
    let sum = 0;
    for (let index = 0; index < 100_000; index += 1) sum += random.nextUnit();
    // Standard error of the mean is 0.0009; 0.005 is more than five of them.
    expect(Math.abs(sum / 100_000 - 0.5)).toBeLessThan(0.005);
  });
});
