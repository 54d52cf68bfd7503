import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format';

const intl = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('formatCurrency', () => {
  it("writes dollars as the spec shows them, '---' for none and '$0' for zero", () => {
    expect(formatCurrency(1234.56)).toBe('$1,234.56');
    expect(formatCurrency(-1234567.5)).toBe('-$1,234,567.50');
    expect(formatCurrency(0.5)).toBe('$0.50');
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(-0)).toBe('$0');
    expect(formatCurrency(null)).toBe('---');
    expect(formatCurrency(undefined)).toBe('---');
    expect(formatCurrency(Number.NaN)).toBe('---');
  });

  it("gives Intl's en-US currency text for every other amount, rounding as it does", () => {
    // Ties in the shortest decimal (1.005, 2.675) round up as Intl does, where toFixed would not.
    const amounts = [
      1.005,
      2.675,
      0.125,
      -0.125,
      1.045,
      0.285,
      -0.004,
      -0.005,
      0.005,
      0.0049999,
      999.995,
      999.994,
      1e-7,
      -1e-7,
      123456789.115,
      1e15 + 0.1,
      9007199254740991,
      1e20,
      1e21,
      -1e22,
      Infinity,
      -Infinity,
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(random() * 14 - 3);
      const value = Math.round(random() * magnitude * 1000) / 1000;
      amounts.push(i % 2 ? -value : value);
    }
    for (const amount of amounts.filter((a) => a !== 0))
      expect(formatCurrency(amount), String(amount)).toBe(intl.format(amount));
  });
});
