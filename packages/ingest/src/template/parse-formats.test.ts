import type { DateFormat } from '@tideline/contracts/templates/template-fields';
import { describe, expect, it } from 'vitest';
import { formatFigure, fromCents, isZeroToTheCent, toCents } from './decimal-math.js';
import { parseAmount } from './parse-amount.js';
import { parseDate } from './parse-date.js';

describe('parseDate with a stated format (issue 15 point 4)', () => {
  it.each<[string, DateFormat, string]>([
    ['02/01/2024', 'MM/DD/YYYY', '2024-02-01'],
    ['2-1-24', 'MM/DD/YYYY', '2024-02-01'],
    ['02/01/2024 10:30 AM', 'MM/DD/YYYY', '2024-02-01'],
    ['02/01/2024', 'DD/MM/YYYY', '2024-01-02'],
    ['13/02/2024', 'DD/MM/YYYY', '2024-02-13'],
    ['05.02.2024', 'DD/MM/YYYY', '2024-02-05'],
    ['2024-02-05', 'DD/MM/YYYY', '2024-02-05'],
    ['2024/02/05', 'YYYY-MM-DD', '2024-02-05'],
    ['2024-02-05T23:59:59Z', 'YYYY-MM-DD', '2024-02-05'],
    ['05-Feb-2024', 'DD-Mon-YYYY', '2024-02-05'],
    ['5 Sept 24', 'DD-Mon-YYYY', '2024-09-05'],
    ['Feb 5, 2024', 'DD-Mon-YYYY', '2024-02-05'],
    ['45327', 'Excel serial', '2024-02-05'],
    ['45327.75', 'Excel serial', '2024-02-05'],
    ['13/02/2024', 'Auto', '2024-02-13'],
    ['02/13/2024', 'Auto', '2024-02-13'],
    ['05/05/2024', 'Auto', '2024-05-05'],
    ['45327', 'Auto', '2024-02-05'],
  ])('reads %j as %s with %s', (raw, format, expected) => {
    expect(parseDate(raw, format)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, DateFormat, string]>([
    ['13/02/2024', 'MM/DD/YYYY', '"13/02/2024" is not a valid MM/DD/YYYY date (it reads only as DD/MM/YYYY)'],
    ['02/13/2024', 'DD/MM/YYYY', '"02/13/2024" is not a valid DD/MM/YYYY date (it reads only as MM/DD/YYYY)'],
    ['31/02/2024', 'DD/MM/YYYY', '"31/02/2024" is not a valid date'],
    ['01/02/2024', 'YYYY-MM-DD', '"01/02/2024" is not written as YYYY-MM-DD'],
    ['01/02/2024', 'DD-Mon-YYYY', '"01/02/2024" is not written as DD-Mon-YYYY (such as 05-Feb-2024)'],
    ['45327', 'DD/MM/YYYY', '"45327" is not written as DD/MM/YYYY'],
    ['05-Feb-2024', 'Excel serial', '"05-Feb-2024" is not written as an Excel serial number (such as 45327)'],
    [
      '01/02/2024',
      'Auto',
      '"01/02/2024" could be day/month or month/day; choose the date format MM/DD/YYYY or DD/MM/YYYY in the template',
    ],
    ['60', 'Excel serial', '"60" is not a valid date'],
    ['1/2/3', 'Auto', '"1/2/3" is not a date'],
    ['02/01/2024 tea', 'MM/DD/YYYY', '"02/01/2024 tea" is not a date'],
    [' ', 'Auto', 'empty date'],
  ])('refuses %j with %s, saying why', (raw, format, reason) => {
    expect(parseDate(raw, format)).toEqual({ ok: false, reason });
  });
});

describe('parseAmount with a decimal comma', () => {
  it.each([
    ['-1.250,00', '-1250'],
    ['1 250,00', '1250'],
    ['1\u00a0250,50', '1250.5'],
    ['(1.250,00)', '-1250'],
    ['1.250,00-', '-1250'],
    ['€ 1.250,75', '1250.75'],
    ['1.234.567,89', '1234567.89'],
    ['0,05', '0.05'],
    ['1.250', '1250'],
    ['12,50 DR', '-12.5'],
  ])('reads %j as %s', (raw, expected) => {
    expect(parseAmount(raw, { decimalComma: true })).toEqual({ ok: true, value: expected });
  });

  it('says when the other decimal separator would read the amount', () => {
    expect(parseAmount('1,250.00', { decimalComma: true })).toEqual({
      ok: false,
      reason: `"1,250.00" is not a number with a decimal comma; is the template's decimal separator dot (1,234.56)?`,
    });
    expect(parseAmount('-1.250,00')).toEqual({
      ok: false,
      reason: `"-1.250,00" is not a number with a decimal dot; is the template's decimal separator comma (1.234,56)?`,
    });
    expect(parseAmount('1.25.0', { decimalComma: true })).toEqual({
      ok: false,
      reason: '"1.25.0" is not a number',
    });
  });

  it.each(['1.25,0.0', '12.34', ',', '1.2345,00', '--1,0'])('refuses %j', (raw) => {
    expect(parseAmount(raw, { decimalComma: true }).ok).toBe(false);
  });
});

describe('the cents arithmetic of the balance check', () => {
  it('reads whole cents exactly and refuses what a double would not hold', () => {
    expect(toCents('1204.5')).toBe(120450);
    expect(toCents('-0.07')).toBe(-7);
    expect(toCents('12')).toBe(1200);
    expect(toCents('0.125')).toBeNaN();
    expect(toCents('123456789012345678')).toBeNaN();
    expect(fromCents(-120450)).toBe('-1204.5');
    expect(fromCents(7)).toBe('0.07');
    expect(fromCents(0)).toBe('0');
  });

  it('compares to the cent and formats figures for messages', () => {
    expect(isZeroToTheCent('0.004')).toBe(true);
    expect(isZeroToTheCent('-0.0049')).toBe(true);
    expect(isZeroToTheCent('0.005')).toBe(false);
    expect(isZeroToTheCent('1')).toBe(false);
    expect(formatFigure('1204.5')).toBe('1,204.50');
    expect(formatFigure('-204.5')).toBe('-204.50');
    expect(formatFigure('1234567.125', true)).toBe('1.234.567,125');
    expect(formatFigure('0')).toBe('0.00');
  });
});
