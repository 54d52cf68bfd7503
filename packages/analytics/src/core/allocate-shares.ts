/**
 * Splits 100% over amounts in proportion to them, in hundredths of a percent (basis points), so that
 * the shares add up to exactly 10,000 (100.00%). Rounding each share on its own can give 99.99% or
 * 100.01%, so the largest-remainder method is used: every amount first gets the whole basis points of
 * its exact quota, then the points still missing go one each to the largest remainders (ties: the
 * larger amount, then the earlier one). The arithmetic is exact (BigInt over integer cents).
 *
 * Amounts are integer cents; those of 0 or below take no share. When no amount is positive every share
 * is 0 (there is nothing to divide).
 */
export function allocateBasisPoints(amountsInCents: readonly number[]): number[] {
  const positive = amountsInCents.map((cents) => (cents > 0 ? BigInt(cents) : 0n));
  const total = positive.reduce((sum, cents) => sum + cents, 0n);
  if (total === 0n) return amountsInCents.map(() => 0);
  const whole = positive.map((cents) => (cents * 10_000n) / total);
  const remainders = positive.map((cents) => (cents * 10_000n) % total);
  let missing = 10_000 - Number(whole.reduce((sum, points) => sum + points, 0n));
  const order = positive
    .map((_, index) => index)
    .filter((index) => (positive[index] as bigint) > 0n)
    .sort((a, b) => {
      const byRemainder = compareBigInt(remainders[b] as bigint, remainders[a] as bigint);
      if (byRemainder !== 0) return byRemainder;
      const byAmount = compareBigInt(positive[b] as bigint, positive[a] as bigint);
      return byAmount !== 0 ? byAmount : a - b;
    });
  const points = whole.map(Number);
  // At most one point per positive amount is missing (each quota lost less than one point).
  for (const index of order) {
    if (missing === 0) break;
    points[index] = (points[index] as number) + 1;
    missing -= 1;
  }
  return points;
}

function compareBigInt(a: bigint, b: bigint): number {
  return a === b ? 0 : a > b ? 1 : -1;
}
