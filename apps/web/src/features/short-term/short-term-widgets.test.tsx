import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@tideline/contracts/common/messages';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { cashPositionOf, dayToDayOf, renderAlone } from './short-term.fixtures';
import {
  CashPositionForecastWidget,
  DayToDayVarianceWidget,
  ShortTermForecastWidget,
} from './short-term-widgets';

// The client summary's short-term widgets (clients-accounts-investments-reports.md 2, 9): the forecast
// table 4 rows a page with 21 week choices from 4 to 24 (default 4), the charts with their data
// tables, and 'No Results.' when the client has no finished step 2.

const EMPTY = { shortTermModelId: null, shortTermModelName: null, groupName: null, rows: [] };

describe('Short Term Modeling/Forecast', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows 4 weeks a page, asks for 4 weeks first and offers 4 to 24', async () => {
    const { api, user } = renderAlone(<ShortTermForecastWidget clientId={1} />, ['VIEW_CLIENTS'], {
      'GET /api/clients/short-term-forecast/1?weeks=4': { body: cashPositionOf(1, 4) },
      'GET /api/clients/short-term-forecast/1?weeks=6': { body: cashPositionOf(1, 6) },
    });
    const widget = await screen.findByRole('region', { name: 'Short Term Modeling/Forecast' });
    const table = await within(widget).findByRole('table', { name: 'Short Term Modeling/Forecast' });
    expect(within(table).getAllByRole('row')).toHaveLength(5); // header + 4
    expect(within(table).getByText('01/01/2026 - 01/07/2026')).toBeTruthy();
    expect(within(table).getAllByText('$180,000.00')).toHaveLength(4);
    await user.click(within(widget).getByRole('combobox', { name: 'Weeks' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(Array.from({ length: 21 }, (_, i) => String(i + 4)));
    await user.click(screen.getByRole('option', { name: '6' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/clients/short-term-forecast/1?weeks=6')).toBe(1));
    expect(await within(widget).findByText('1–4 of 6')).toBeTruthy();
    // The select's menu is still fading out over the page: a click, not a pointer walk through it.
    fireEvent.click(within(widget).getByRole('button', { name: 'Go to next page' }));
    expect(within(widget).getAllByRole('row')).toHaveLength(3); // header + weeks 5 and 6
  });

  it("says 'No Results.' without a finished step 2", async () => {
    renderAlone(<ShortTermForecastWidget clientId={1} />, ['VIEW_CLIENTS'], {
      'GET /api/clients/short-term-forecast/1?weeks=4': { body: { ...EMPTY, strategicLiquidityNote: null } },
    });
    const widget = await screen.findByRole('region', { name: 'Short Term Modeling/Forecast' });
    expect(await within(widget).findByText(MSG.noResultsTitle)).toBeTruthy();
    expect(within(widget).getByText(MSG.noResultsText)).toBeTruthy();
  });
});

describe('the short-term charts', { timeout: UI_TEST_TIMEOUT }, () => {
  it('draws the Day-to-Day Variance with its data as a table', async () => {
    const { user } = renderAlone(<DayToDayVarianceWidget clientId={1} />, ['VIEW_CLIENTS'], {
      'GET /api/clients/day-to-day-variance/1': { body: dayToDayOf(1) },
    });
    const widget = await screen.findByRole('region', { name: 'Day-to-Day Variance' });
    expect(await within(widget).findByText('Year-end forecast (All Accounts)')).toBeTruthy();
    await user.click(await within(widget).findByRole('button', { name: 'Show data as a table' }));
    const table = within(widget).getByRole('table', {
      name: 'Year-end forecast: day-to-day variance, actual and forecast, by business day',
    });
    expect(within(table).getByText('-$300.00')).toBeTruthy();
    expect(within(table).getByText('$1,000.00')).toBeTruthy();
  });

  it('draws the Short-Term Cash Position Forecast of the whole forecast', async () => {
    renderAlone(<CashPositionForecastWidget clientId={1} />, ['VIEW_CLIENTS'], {
      'GET /api/clients/short-term/1/24': { body: cashPositionOf(1, 3) },
    });
    const widget = await screen.findByRole('region', { name: 'Short-Term Cash Position Forecast' });
    expect(
      await within(widget).findByRole('figure', {
        name: 'Year-end forecast: short-term cash position forecast by week',
      }),
    ).toBeTruthy();
  });

  it("shows 'No Results.' when the variance cannot be read", async () => {
    renderAlone(<DayToDayVarianceWidget clientId={1} />, ['VIEW_CLIENTS'], {
      'GET /api/clients/day-to-day-variance/1': { status: 500, body: {} },
    });
    const widget = await screen.findByRole('region', { name: 'Day-to-Day Variance' });
    expect(await within(widget).findByText(MSG.noResultsTitle, {}, { timeout: 15_000 })).toBeTruthy();
  });
});
