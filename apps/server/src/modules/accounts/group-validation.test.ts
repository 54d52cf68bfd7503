import { runShortTermStep1 } from '@tideline/analytics';
import { describe, expect, it } from 'vitest';
import { weekdays } from '../../../test/account-fixtures';
import { validateGroupHistory } from './group-validation';

// Weekdays of 2023-06-01 to 2025-12-31 without the 11 weekdays from 2025-11-20 to 2025-12-04. One of
// them is Thanksgiving (2025-11-27), so the gap is 10 business days; with 2025-12-05 missing too, 11.
const thanksgivingGap = new Set(weekdays('2025-11-20', '2025-12-04'));
const tenBusinessDays = weekdays('2023-06-01', '2025-12-31', thanksgivingGap);
const elevenBusinessDays = weekdays('2023-06-01', '2025-12-31', new Set([...thanksgivingGap, '2025-12-05']));

describe('short-term validation of a group (analytics.md "Short-term model")', () => {
  it('says YES for 24 months of weekday history and gives the latest first date as minDate', () => {
    const history = validateGroupHistory(
      new Map([
        [1, weekdays('2022-06-01', '2025-01-31')],
        [2, weekdays('2023-01-02', '2025-01-31')],
      ]),
    );
    expect(history).toEqual({ minDate: '2023-01-02', validationStatus: 'YES' });
  });

  it('says NO when the common history is shorter than 24 months', () => {
    const history = validateGroupHistory(
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
      validateGroupHistory(new Map([[1, weekdays('2022-01-03', '2025-01-31', tenDays)]])).validationStatus,
    ).toBe('YES');
    expect(
      validateGroupHistory(new Map([[1, weekdays('2022-01-03', '2025-01-31', elevenDays)]])).validationStatus,
    ).toBe('NO');
  });

  it('does not count a federal holiday in a gap: 11 weekdays over Thanksgiving are 10 business days', () => {
    expect(validateGroupHistory(new Map([[1, tenBusinessDays]]))).toEqual({
      minDate: '2023-06-01',
      validationStatus: 'YES',
    });
    expect(validateGroupHistory(new Map([[1, elevenBusinessDays]]))).toEqual({
      minDate: '2023-06-01',
      validationStatus: 'NO',
    });
  });

  it('agrees with step 1 of the short-term model run on the same transactions', () => {
    const cases = [
      [[1, tenBusinessDays]],
      [[1, elevenBusinessDays]],
      // A second account with one transaction on the Saturday after Thanksgiving, which counts on the
      // Monday after (2025-12-01) and splits the 11-day gap.
      [
        [1, elevenBusinessDays],
        [2, ['2023-06-01', '2025-11-29']],
      ],
    ] as const;
    const statuses = cases.map((entries) => {
      const daysByAccount = new Map<number, readonly string[]>(entries);
      const server = validateGroupHistory(daysByAccount);
      const accounts = [...daysByAccount].map(([accountId, days]) => ({
        accountId: String(accountId),
        anchorBalance: 1_000_000,
        anchorDate: '2025-12-31',
        transactions: days.map((date) => ({ date, amount: -1 })),
      }));
      const step1 = runShortTermStep1({
        accounts,
        startDate: server.minDate!,
        endDate: [...daysByAccount.values()].flat().sort().at(-1)!,
        minDate: server.minDate!,
      });
      if (!step1.ok) throw new Error(step1.error.message);
      expect(server.validationStatus).toBe(step1.value.checks.isReady ? 'YES' : 'NO');
      return server.validationStatus;
    });
    expect(statuses).toEqual(['YES', 'NO', 'YES']);
  });

  it('lets one account fill another one’s gap, ignores accounts without transactions and a gap before minDate', () => {
    const gap = new Set(weekdays('2024-03-01', '2024-04-30'));
    const history = validateGroupHistory(
      new Map([
        [1, weekdays('2021-01-04', '2025-01-31', gap)],
        [2, weekdays('2022-01-03', '2025-01-31')],
        [3, []],
      ]),
    );
    expect(history).toEqual({ minDate: '2022-01-03', validationStatus: 'YES' });
    expect(validateGroupHistory(new Map([[3, []]]))).toEqual({ minDate: null, validationStatus: 'NO' });
  });
});
