import { describe, expect, it } from 'vitest';
import { describeBai2TypeCode } from './describe-bai2-type-code.js';
import type { Bai2Record } from './split-bai2-records.js';
import { readBai2Transaction } from './read-bai2-transaction.js';

const record = (fields: string[]): Bai2Record => ({ code: '16', fields, line: 4, physicalCount: 1 });

describe('BAI2 descriptions without text (issue 39 point 5)', () => {
  it('names a check by its serial number: the customer reference, else the bank reference', () => {
    expect(describeBai2TypeCode('475', '1234', 'B77')).toBe('Check 1234');
    expect(describeBai2TypeCode('475', undefined, 'B77')).toBe('Check B77');
    expect(describeBai2TypeCode('474', '88', undefined)).toBe('Certified Check 88');
    expect(describeBai2TypeCode('395', undefined, undefined)).toBe('Check Reversal');
  });

  it("gives any other item its type code's meaning, or the code itself, never nothing", () => {
    expect(describeBai2TypeCode('195', undefined, 'B1')).toBe('Incoming Money Transfer');
    expect(describeBai2TypeCode('699', undefined, undefined)).toBe('Miscellaneous Debit');
    expect(describeBai2TypeCode('987', undefined, undefined)).toBe('BAI2 type code 987');
  });

  it('is what a 16 record without text is described by; text the bank sent wins', () => {
    const check = readBai2Transaction(
      record(['475', '125000', '', '90001', '0000001234', '']),
      '2024-01-31',
      2,
    );
    expect(typeof check !== 'string' && [check.transaction.amount, check.transaction.description]).toEqual([
      '-1250',
      'Check 0000001234',
    ]);
    const placeholder = readBai2Transaction(record(['475', '100', '', '90002', '0', '']), '2024-01-31', 2);
    expect(typeof placeholder !== 'string' && placeholder.transaction.description).toBe('Check 90002');
    const texted = readBai2Transaction(
      record(['475', '100', '', '90003', '55', 'CHECK 55 TO ACME']),
      '2024-01-31',
      2,
    );
    expect(typeof texted !== 'string' && texted.transaction.description).toBe('CHECK 55 TO ACME');
  });
});
