import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy } from '@tideline/contracts';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('finds listed passwords, dressed up to pass the composition rules or not', () => {
    for (const password of [
      'password',
      'QWERTY',
      'Password123!',
      '2024!Sunshine#',
      'P@ssw0rd2024!',
      'M0nkey!12345',
      'L3tm3in!!2024',
      '!!Iloveyou99',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(meetsPasswordPolicy('P@ssw0rd2024!')).toBe(true);
  });

  it('lets through passwords whose words are not alone on the list', () => {
    for (const password of [
      'Correct-Horse-42-battery',
      'Brand-New-Pass-77',
      'Tideline-Admin-2024!',
      'Xk9#vLq2!mRt',
      'dragon-Fruit-Salad-7',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
