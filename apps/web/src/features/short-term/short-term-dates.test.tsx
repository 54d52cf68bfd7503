import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { buildCashPositionOption, buildDayToDayOption } from './short-term-charts';
import { formatDateRange, formatWeekEnd } from './short-term-dates';
import { cashPositionOf, dayToDayOf, renderAlone } from './short-term.fixtures';
import { ShortTermForecastWidget } from './short-term-widgets';

// Issue 42 point 7: the Short Term table and the charts' axes showed YYYY-MM-DD; clients spec 9 and
// platform.md 5 say MM/DD/YYYY.

describe('short-term dates', { timeout: UI_TEST_TIMEOUT }, () => {
  it('rewrites every day of a week range as MM/DD/YYYY', () => {
    expect(formatDateRange('2026-01-01 - 2026-01-07')).toBe('01/01/2026 - 01/07/2026');
    expect(formatWeekEnd('2025-12-29 - 2026-01-04')).toBe('01/04/2026');
  });

  it('names the charts’ axis days as MM/DD/YYYY', () => {
    const dayToDay = buildDayToDayOption(dayToDayOf(1));
    expect(dayToDay.xAxis.data).toEqual(expect.arrayContaining(['12/31/2025', '01/02/2026']));
    expect(dayToDay.xAxis.data.every((d) => /^\d{2}\/\d{2}\/\d{4}$/.test(d))).toBe(true);
    const cash = buildCashPositionOption(cashPositionOf(1, 3));
    expect(cash.xAxis.data).toEqual(['01/07/2026', '01/14/2026', '01/21/2026']);
  });

  it('shows the Short Term Modeling/Forecast weeks as MM/DD/YYYY - MM/DD/YYYY', async () => {
    renderAlone(<ShortTermForecastWidget clientId={1} />, ['VIEW_CLIENTS'], {
      'GET /api/clients/short-term-forecast/1?weeks=4': { body: cashPositionOf(1, 4) },
    });
    const table = await screen.findByRole('table', { name: 'Short Term Modeling/Forecast' });
    const ranges = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(ranges).toEqual([
      '01/01/2026 - 01/07/2026',
      '01/08/2026 - 01/14/2026',
      '01/15/2026 - 01/21/2026',
      '01/22/2026 - 01/28/2026',
    ]);
  });
});
