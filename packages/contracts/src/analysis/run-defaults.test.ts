import { describe, expect, it } from 'vitest';
import { describePeriod, proposeMonteCarloEnd, proposeRunName, proposeShortTermWindow } from './run-defaults';

describe('the run defaults of an open report', () => {
  it('name quarters, months, years and other periods', () => {
    expect(describePeriod('2026-07-01', '2026-09-30')).toBe('Q3 2026');
    expect(describePeriod('2026-10-01', '2026-12-31')).toBe('Q4 2026');
    expect(describePeriod('2026-02-01', '2026-02-28')).toBe('February 2026');
    expect(describePeriod('2025-01-01', '2025-12-31')).toBe('2025');
    expect(describePeriod('2026-08-01', '2026-10-31')).toBe('08/01/2026 - 10/31/2026');
    expect(describePeriod('2026-07-15', '2026-10-14')).toBe('07/15/2026 - 10/14/2026');
    expect(proposeRunName({ startDate: '2026-07-01', endDate: '2026-09-30' }, 'All Accounts')).toBe(
      'Q3 2026 All Accounts',
    );
    expect(proposeRunName({ startDate: null, endDate: null }, 'All Accounts')).toBe('');
  });

  it('propose the period end for the Monte Carlo unless it is after today', () => {
    const period = { startDate: '2026-07-01', endDate: '2026-09-30' };
    expect(proposeMonteCarloEnd(period, '2026-12-03')).toBe('2026-09-30');
    expect(proposeMonteCarloEnd(period, '2026-09-29')).toBe('');
    expect(proposeMonteCarloEnd({ startDate: null, endDate: null }, '2026-12-03')).toBe('');
  });

  it('propose three years before the end for step 1, not before the history, at least 24 months', () => {
    const period = { startDate: '2026-07-01', endDate: '2026-09-30' };
    expect(proposeShortTermWindow(period, '2020-01-02')).toEqual({
      startRange: '2023-09-30',
      endRange: '2026-09-30',
    });
    expect(proposeShortTermWindow(period, '2024-06-03')).toEqual({
      startRange: '2024-06-03',
      endRange: '2026-09-30',
    });
    expect(proposeShortTermWindow(period, '2025-01-02')).toEqual({ startRange: '', endRange: '2026-09-30' });
    expect(proposeShortTermWindow({ startDate: null, endDate: null }, null)).toEqual({
      startRange: '',
      endRange: '',
    });
  });
});
