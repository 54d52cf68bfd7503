/**
 * Seeded pseudo-random numbers for the Monte Carlo (analytics.md: "deterministic for a given seed").
 *
 * Generator: xoshiro128** 1.1 (Blackman and Vigna, https://prng.di.unimi.it/xoshiro128starstar.c),
 * 128 bits of state, period 2^128 - 1, 32-bit outputs. Its state is filled by splitmix32 (the murmur3
 * finaliser over a golden-ratio counter) from the run seed and the path index, so every path has its
 * own stream: results do not depend on how paths are split over worker threads.
 */
export interface SeededRandom {
  /** Next unsigned 32-bit integer. */
  nextUint32(): number;
  /** Uniform in [0, 1) with 32 bits of resolution. */
  nextUnit(): number;
}

export const MAX_SEED = 0xffff_ffff;

export function isValidSeed(seed: number): boolean {
  return Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED;
}

function splitmix32(state: number): { value: number; state: number } {
  const next = (state + 0x9e37_79b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85eb_ca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2_ae35);
  return { value: (z ^ (z >>> 16)) >>> 0, state: next };
}

/** The four state words of stream `streamIndex` under `seed`. */
export function deriveStreamState(seed: number, streamIndex: number): Uint32Array {
  const state = new Uint32Array(4);
  let mix = (seed ^ Math.imul(streamIndex + 1, 0x632b_e5ab)) | 0;
  mix = splitmix32(mix ^ splitmix32(streamIndex).value).state;
  for (let word = 0; word < 4; word += 1) {
    const step = splitmix32(mix);
    mix = step.state;
    state[word] = step.value;
  }
  // The all-zero state is the one fixed point of xoshiro; splitmix32 makes it practically impossible.
  if (state.every((word) => word === 0)) state[0] = 1;
  return state;
}

export function createSeededRandom(seed: number, streamIndex = 0): SeededRandom {
  return createXoshiro128StarStar(deriveStreamState(seed, streamIndex));
}

/** xoshiro128** from an explicit 128-bit state (four 32-bit words, not all zero). */
export function createXoshiro128StarStar(initial: Uint32Array): SeededRandom {
  let s0 = initial[0] as number;
  let s1 = initial[1] as number;
  let s2 = initial[2] as number;
  let s3 = initial[3] as number;
  const nextUint32 = (): number => {
    const product = Math.imul(s1, 5);
    const result = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  };
  return { nextUint32, nextUnit: () => nextUint32() / 4_294_967_296 };
}
