import { describe, expect, it } from 'vitest';
import { weekdays } from '../../../test/account-fixtures';
import { assessGroupHistory, businessDaysBetween } from './group-validation';

describe('short-term validation of a group (analytics.md "Short-term model")', () => {
  it('counts only weekdays strictly between two days', () => {
    expect(businessDaysBetween('2025-01-03', '2025-01-06')).toBe(0); // Friday to Monday
    expect(businessDaysBetween('2025-01-01', '2025-01-16')).toBe(10);
    expect(businessDaysBetween('2025-01-01', '2025-01-17')).toBe(11);
  });

  it('says YES for 24 months of weekday history and gives the latest first date as minDate', () => {
    const history = assessGroupHistory(
      new Map([
        [1, weekdays('2022-06-01', '2025-01-31')],
        [2, weekdays('2023-01-02', '2025-01-31')],
      ]),
    );
    expect(history).toEqual({ minDate: '2023-01-02', validationStatus: 'YES' });
  });

  it('says NO when the common history is shorter than 24 months', () => {
    const history = assessGroupHistory(
      new Map([
        [1, weekdays('2022-01-03', '2025-01-31')],
        [2, weekdays('2023-03-01', '2025-01-31')],
      ]),
    );
    expect(history).toEqual({ minDate: '2023-03-01', validationStatus: 'NO' });
  });

  it('says NO for a gap over 10 business days, YES for a gap of exactly 10', () => {
    const tenDays = new Set(weekdays('2024-03-04', '2024-03-15'));
    const elevenDays = new Set(weekdays('2024-03-04', '2024-03-18'));
    expect(
      assessGroupHistory(new Map([[1, weekdays('2022-01-03', '2025-01-31', tenDays)]])).validationStatus,
    ).toBe('YES');
    expect(
      assessGroupHistory(new Map([[1, weekdays('2022-01-03', '2025-01-31', elevenDays)]])).validationStatus,
    ).toBe('NO');
  });

  it('lets one account fill another one’s gap, ignores accounts without transactions and a gap before minDate', () => {
    const gap = new Set(weekdays('2024-03-01', '2024-04-30'));
    const history = assessGroupHistory(
      new Map([
        [1, weekdays('2021-01-04', '2025-01-31', gap)],
        [2, weekdays('2022-01-03', '2025-01-31')],
        [3, []],
      ]),
    );
    expect(history).toEqual({ minDate: '2022-01-03', validationStatus: 'YES' });
    expect(assessGroupHistory(new Map([[3, []]]))).toEqual({ minDate: null, validationStatus: 'NO' });
  });
});
