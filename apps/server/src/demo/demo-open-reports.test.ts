import { describe, expect, it } from 'vitest';
import { lastFullQuarter } from './demo-open-reports';

describe('lastFullQuarter', () => {
  it('takes the quarter before the running one', () => {
    expect(lastFullQuarter('2026-11-21')).toEqual({ startDate: '2026-07-01', endDate: '2026-09-30' });
    expect(lastFullQuarter('2026-01-01')).toEqual({ startDate: '2025-10-01', endDate: '2025-12-31' });
  });

  it('takes the running quarter on its last day', () => {
    expect(lastFullQuarter('2026-03-31')).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(lastFullQuarter('2024-06-30')).toEqual({ startDate: '2024-04-01', endDate: '2024-06-30' });
  });
});
