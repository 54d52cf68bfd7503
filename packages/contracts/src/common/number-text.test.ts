import { describe, expect, it } from 'vitest';
import { plainNumberText, plainRateText } from './number-text';

describe('plainNumberText (issue 20 point 7)', () => {
  it('takes out thousands separators', () => {
    expect(plainNumberText('12,000')).toBe('12000');
    expect(plainNumberText(' 1,000.00 ')).toBe('1000.00');
    expect(plainNumberText('-1,234,567.5')).toBe('-1234567.5');
    expect(plainNumberText('950')).toBe('950');
  });

  it('leaves misplaced separators and other text for the field to refuse', () => {
    expect(plainNumberText('1,00')).toBe('1,00');
    expect(plainNumberText('12,0000')).toBe('12,0000');
    expect(plainNumberText('abc')).toBe('abc');
    expect(plainNumberText('4.25%')).toBe('4.25%');
    expect(plainNumberText(42)).toBe(42);
    expect(plainNumberText(null)).toBeNull();
  });

  it('takes a trailing percent sign off a rate', () => {
    expect(plainRateText('4.25%')).toBe('4.25');
    expect(plainRateText('1,250.5 %')).toBe('1250.5');
    expect(plainRateText('%')).toBe('');
  });
});
