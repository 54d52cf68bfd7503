/**
 * Quantile with linear interpolation between order statistics (Hyndman-Fan type 7, the default of R
 * and NumPy): position p x (n - 1). Uses quickselect on a scratch copy, so the input is untouched.
 */
function selectInPlace(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (right > left) {
    const middle = (left + right) >>> 1;
    // Median of three as pivot keeps sorted or constant columns from going quadratic.
    const a = values[left] as number;
    const b = values[middle] as number;
    const c = values[right] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k] as number;
}

/** The `count` values at offset, offset + stride, … of `source`, copied into `scratch` (selection reorders them). */
function gatherColumn(
  source: Float64Array,
  count: number,
  offset: number,
  stride: number,
  scratch: Float64Array,
): Float64Array {
  for (let index = 0; index < count; index += 1) scratch[index] = source[offset + index * stride] as number;
  return scratch.length === count ? scratch : scratch.subarray(0, count);
}

/** Quantile p (0..1) of `count` values read from `source` at offset, offset + stride, … */
export function selectQuantile(
  source: Float64Array,
  count: number,
  p: number,
  offset = 0,
  stride = 1,
  scratch: Float64Array = new Float64Array(count),
): number {
  const values = gatherColumn(source, count, offset, stride, scratch);
  const position = p * (count - 1);
  const lower = Math.floor(position);
  const fraction = position - lower;
  const lowerValue = selectInPlace(values, lower);
  if (fraction === 0 || lower + 1 >= count) return lowerValue;
  // After selection everything right of `lower` is >= it; the next order statistic is their minimum.
  let upperValue = Infinity;
  for (let index = lower + 1; index < count; index += 1)
    upperValue = Math.min(upperValue, values[index] as number);
  // (1 - f) a + f b is monotone in a and b under IEEE rounding, so a column that is below another path
  // by path gets a quantile that is below too: R(h) never increases with h, not even by round-off.
  return (1 - fraction) * lowerValue + fraction * upperValue;
}

/**
 * Expected shortfall: the mean of the lowest ceil(share x count) of `count` values read from `source`
 * at offset, offset + stride, … (for share 0.05, the average of the worst 5%).
 */
export function averageLowest(
  source: Float64Array,
  count: number,
  share: number,
  offset = 0,
  stride = 1,
  scratch: Float64Array = new Float64Array(count),
): number {
  const values = gatherColumn(source, count, offset, stride, scratch);
  const lowest = Math.min(count, Math.max(1, Math.ceil(share * count - 1e-9)));
  // After selection, the first `lowest` entries are the smallest ones (in some order).
  selectInPlace(values, lowest - 1);
  let sum = 0;
  for (let index = 0; index < lowest; index += 1) sum += values[index] as number;
  return sum / lowest;
}
