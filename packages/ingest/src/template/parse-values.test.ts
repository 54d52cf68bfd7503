import { describe, expect, it } from 'vitest';
import { subtractDecimals } from './decimal-math.js';
import { parseAmount } from './parse-amount.js';
import { parseDate } from './parse-date.js';

describe('parseAmount', () => {
  it.each([
    ['1,234.56', '1234.56'],
    ['$1,234.50', '1234.5'],
    ['-$5.00', '-5'],
    ['$-5.00', '-5'],
    ['5.00-', '-5'],
    ['(1,000.25)', '-1000.25'],
    ['($12.00)', '-12'],
    ['+7', '7'],
    ['0.00', '0'],
    ['-0', '0'],
    ['.5', '0.5'],
    ['12.50 DR', '-12.5'],
    ['12.50CR', '12.5'],
    [' 00042 ', '42'],
    ['007.50', '7.5'],
    ['-0.00', '0'],
    ['-0', '0'],
    ['0.5', '0.5'],
    ['-12.30', '-12.3'],
    ['-12.34', '-12.34'],
  ])('reads %j as %s', (raw, expected) => {
    expect(parseAmount(raw)).toEqual({ ok: true, value: expected });
  });

  it('reads a decimal comma only when asked', () => {
    expect(parseAmount('1.234,56', { decimalComma: true })).toEqual({ ok: true, value: '1234.56' });
    expect(parseAmount('1.234,56').ok).toBe(false);
    expect(parseAmount('12,5', { decimalComma: true })).toEqual({ ok: true, value: '12.5' });
  });

  it.each(['', 'abc', '1,23.4', '12..3', '--5', '1 2 3x', '$'])('rejects %j', (raw) => {
    expect(parseAmount(raw).ok).toBe(false);
  });

  it('subtracts exactly', () => {
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('10', '10.01')).toBe('-0.01');
  });
});

describe('parseDate', () => {
  it.each([
    ['01/31/2024', '2024-01-31'],
    ['02/29/2024', '2024-02-29'],
    ['12/01/1900', '1900-12-01'],
    ['1/5/24', '2024-01-05'],
    ['2024-02-29', '2024-02-29'],
    ['2024-02-29T10:00:00Z', '2024-02-29'],
    ['2025.12.04', '2025-12-04'],
    ['05-Jan-2024', '2024-01-05'],
    ['5 Sep 2023', '2023-09-05'],
    ['Jan 5, 2024', '2024-01-05'],
    ['45292', '2024-01-01'],
    ['1', '1900-01-01'],
    ['59', '1900-02-28'],
    ['61', '1900-03-01'],
  ])('reads %j as %s', (raw, expected) => {
    expect(parseDate(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    '13/02/2024',
    '02/30/2024',
    '02/29/2023',
    '00/10/2024',
    '01/00/2024',
    '01/01/1899',
    '1a/01/2024',
    '2023-02-29',
    '05.02.2024',
    'yesterday',
    '',
    '31-Foo-2024',
    '20240105',
  ])('refuses %j rather than guess', (raw) => {
    expect(parseDate(raw).ok).toBe(false);
  });
});
