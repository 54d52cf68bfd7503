import { createSeededRandom } from '@tideline/analytics/core/seeded-random';

/** The one seed of the demo data set: the same seed and end date give the same rows. */
export const DEMO_SEED = 20_240_611;

export interface DemoRandom {
  /** Uniform in [0, 1). */
  unit(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(probability: number): boolean;
  /** `cents` moved up or down by at most `spread` (0.1 = ±10%), in whole cents. */
  vary(cents: number, spread: number): number;
}

/** xoshiro128** (packages/analytics), one stream per account so accounts do not depend on each other. */
export function createDemoRandom(seed: number, stream: number): DemoRandom {
  const source = createSeededRandom(seed, stream);
  const unit = () => source.nextUnit();
  return {
    unit,
    int: (min, max) => min + Math.floor(unit() * (max - min + 1)),
    pick: (list) => list[Math.floor(unit() * list.length)]!,
    chance: (probability) => unit() < probability,
    vary: (cents, spread) => Math.max(1, Math.round(cents * (1 + (unit() * 2 - 1) * spread))),
  };
}

/** A stable small number for a text (FNV-1a), for account numbers and stream indexes. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
