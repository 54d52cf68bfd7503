import { describe, expect, it } from 'vitest';
import { averageOverCalendarDays } from './average-over-calendar-days';

const effr = (date: string, value: number) => ({ seriesId: 'EFFR', date, value });

describe('averageOverCalendarDays', () => {
  it('weights a Friday rate by the weekend it stands for', () => {
    // Thu 3.30, Fri 3.40 (also Sat and Sun), Mon 3.30: (3.30 + 3 x 3.40 + 3.30) / 5 = 3.36.
    const rows = [effr('2026-11-12', 3.3), effr('2026-11-13', 3.4), effr('2026-11-16', 3.3)];
    expect(averageOverCalendarDays(rows, '2026-11-16', 5)).toBe(3.36);
  });

  it('carries the rate published before the window into its first days', () => {
    const rows = [effr('2026-10-01', 3.5), effr('2026-10-20', 3.25)];
    // 30 days ending 10-30 start 10-01: 19 days at 3.50, 11 days at 3.25.
    expect(averageOverCalendarDays(rows, '2026-10-30', 30)).toBe(
      Math.round(((19 * 3.5 + 11 * 3.25) / 30) * 1e6) / 1e6,
    );
  });

  it('is null when the window starts before the first published rate', () => {
    expect(averageOverCalendarDays([effr('2026-11-10', 3.33)], '2026-11-20', 30)).toBeNull();
  });
});
