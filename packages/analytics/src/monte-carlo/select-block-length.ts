/**
 * Mean block length of the stationary bootstrap chosen from the data (Monte Carlo section of
 * analytics.md, "Accuracy, baselines and frozen results"): Politis and White (2004), "Automatic
 * block-length selection for the dependent bootstrap", with the correction of Patton, Politis and
 * White (2009) to the stationary bootstrap's constant D_SB.
 *
 * - m-hat: the smallest lag m after which K_N consecutive sample autocorrelations are all within
 *   ±c sqrt(log10 N / N), with c = 2 and K_N = max(5, ceil(sqrt(log10 N))), searched up to
 *   ceil(sqrt N) + K_N; M = 2 m-hat (at least 2, at most that bound).
 * - The flat-top lag window λ(t) = 1 for |t| <= 1/2, 2 (1 - |t|) for 1/2 < |t| <= 1, else 0.
 * - G = Σ_{|k| <= M} λ(k / M) |k| R(k) and g(0) = Σ_{|k| <= M} λ(k / M) R(k) (R: sample autocovariance).
 * - b_SB = (2 G² / D_SB)^(1/3) N^(1/3) with D_SB = 2 g(0)², capped at min(3 sqrt N, N / 3), at least 1.
 */
export interface BlockLengthChoice {
  /** Mean block length in business days (not rounded: the bootstrap restarts with probability 1 / it). */
  readonly blockLength: number;
  /** The autocorrelation cut-off m-hat and the lag window's width M = 2 m-hat. */
  readonly mHat: number;
  readonly lagWindow: number;
}

const CRITICAL_VALUE = 2;

/** λ(t) of the flat-top (trapezoid) lag window of Politis and Romano (1995). */
export function flatTopWeight(t: number): number {
  const x = Math.abs(t);
  if (x <= 0.5) return 1;
  if (x <= 1) return 2 * (1 - x);
  return 0;
}

/** Sample autocovariances R(0..maxLag) of the demeaned series, divided by N. */
export function computeAutocovariances(series: Float64Array, maxLag: number): Float64Array {
  const n = series.length;
  let mean = 0;
  for (let index = 0; index < n; index += 1) mean += series[index] as number;
  mean /= n;
  const centred = new Float64Array(n);
  for (let index = 0; index < n; index += 1) centred[index] = (series[index] as number) - mean;
  const lags = Math.min(maxLag, n - 1);
  const autocovariances = new Float64Array(lags + 1);
  for (let lag = 0; lag <= lags; lag += 1) {
    let sum = 0;
    for (let index = lag; index < n; index += 1)
      sum += (centred[index] as number) * (centred[index - lag] as number);
    autocovariances[lag] = sum / n;
  }
  return autocovariances;
}

/** The largest block length the rule allows for N observations. */
export function maximumBlockLength(n: number): number {
  return Math.max(1, Math.ceil(Math.min(3 * Math.sqrt(n), n / 3)));
}

/**
 * b_SB from autocovariances R(0..M) and the lag window's width M (the formula of the header). Exposed
 * so it can be checked against closed forms with exact autocovariances.
 */
export function computeStationaryBlockLength(
  autocovariances: Float64Array,
  n: number,
  lagWindow: number,
): number {
  const width = Math.min(lagWindow, autocovariances.length - 1);
  let g0 = autocovariances[0] as number;
  let bigG = 0;
  for (let lag = 1; lag <= width; lag += 1) {
    const weight = flatTopWeight(lag / lagWindow);
    const value = autocovariances[lag] as number;
    // The sums run over -M..M; R(-k) = R(k).
    g0 += 2 * weight * value;
    bigG += 2 * weight * lag * value;
  }
  const dSb = 2 * g0 * g0;
  if (!(dSb > 0) || !Number.isFinite(bigG)) return 1;
  const block = Math.cbrt((2 * bigG * bigG) / dSb) * Math.cbrt(n);
  return Math.min(maximumBlockLength(n), Math.max(1, block));
}

/** Politis-White-Patton automatic mean block length of the stationary bootstrap for `series`. */
export function selectStationaryBlockLength(series: Float64Array): BlockLengthChoice {
  const n = series.length;
  if (n < 4) return { blockLength: 1, mHat: 0, lagWindow: 0 };
  const kN = Math.max(5, Math.ceil(Math.sqrt(Math.log10(n))));
  const mMax = Math.min(n - 1, Math.ceil(Math.sqrt(n)) + kN);
  const autocovariances = computeAutocovariances(series, mMax);
  const variance = autocovariances[0] as number;
  if (!(variance > 0)) return { blockLength: 1, mHat: 0, lagWindow: 0 };
  const bound = CRITICAL_VALUE * Math.sqrt(Math.log10(n) / n);
  const isSmall = (lag: number) => Math.abs((autocovariances[lag] as number) / variance) < bound;
  let mHat = -1;
  for (let m = 0; m + kN <= mMax && mHat < 0; m += 1) {
    let isRun = true;
    for (let k = 1; k <= kN && isRun; k += 1) isRun = isSmall(m + k);
    if (isRun) mHat = m;
  }
  // No run of K_N small autocorrelations within the search: use the widest window allowed.
  const lagWindow = mHat < 0 ? mMax : Math.min(mMax, 2 * Math.max(1, mHat));
  return {
    blockLength: computeStationaryBlockLength(autocovariances, n, lagWindow),
    mHat: Math.max(0, mHat < 0 ? mMax : mHat),
    lagWindow,
  };
}
