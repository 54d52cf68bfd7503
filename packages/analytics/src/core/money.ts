/**
 * Money is a JavaScript number in dollars (USD). Inputs must be finite; sums are kept unrounded inside
 * a model and every amount leaving a model is rounded to cents here, once. Rates are decimal fractions
 * (0.0525 = 5.25% a year).
 */
export function roundCents(amount: number): number {
  const rounded = Math.round(amount * 100) / 100;
  // Normalise -0 so outputs compare and print cleanly.
  return rounded === 0 ? 0 : rounded;
}

/** Rates and ratios keep more precision than money: 6 decimals (0.0001% for rates). */
export function roundRate(rate: number): number {
  const rounded = Math.round(rate * 1e6) / 1e6;
  return rounded === 0 ? 0 : rounded;
}

export function isFiniteAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The largest amount a model takes, in dollars (issue 18 point 10): ten trillion keeps every amount
 * exact to the cent in a double, and sums of millions of them far from overflowing, so a model never
 * answers Infinity or NaN. No client's balance comes near it.
 */
export const MAX_ABS_AMOUNT = 1e13;

export function isAmountTooLarge(value: number): boolean {
  return Math.abs(value) >= MAX_ABS_AMOUNT;
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as a reader sees them in a message: -1234.5 → "-$1,234.50". */
export function formatDollars(amount: number): string {
  return DOLLARS.format(roundCents(amount));
}
