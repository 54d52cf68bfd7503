import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import type { InterestRateComparisonWidget as Comparison } from '@tideline/contracts/cash-vest/cash-vest-widgets.schemas';
import { fakeApi } from '../../test/fake-api';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { CashVestScoreWidget } from './cash-vest-score-widget';
import { renderSignedIn } from './cash-vest.fixtures';
import { InterestRateComparisonWidget } from './interest-rate-comparison-widget';

// The client summary widgets of this area (clients spec 2, 3): the cashVest Score chart with its data
// table, the Interest Rate Comparison one bank per page, and the empty state of both.

const REFRESH = { 'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } } };
const point = (monthYear: string, v: number) => ({
  monthYear,
  'Cash Flow': v,
  Investment: 5,
  'Liquidity Proficiency': v + 10,
  'Value Score': v + 1,
  'Warnick Rate': v + 2,
});
const rates = (lastMonth: number | null) => ({
  lastMonth,
  lastQuarter: 2.5,
  bestRate: 4.35,
  bestInState: null,
  average: 4.1,
});
const COMPARISON: Comparison = {
  asOfDate: '2037-04-01',
  lastMonth: { startDate: '2037-03-01', endDate: '2037-03-31' },
  lastQuarter: { startDate: '2037-01-01', endDate: '2037-03-31' },
  banks: [
    {
      bankId: 1,
      bankName: 'Cedar Bank',
      state: 'IA',
      fixedIncome: rates(4.2),
      lowYield: rates(0),
      highYield: rates(3.9),
    },
    {
      bankId: 2,
      bankName: 'Prairie Trust',
      state: null,
      fixedIncome: rates(null),
      lowYield: rates(0.1),
      highYield: rates(null),
    },
  ],
};

describe('the cashVest summary widgets', { timeout: UI_TEST_TIMEOUT }, () => {
  it('draws the cashVest Score by month with its data as a table', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/clients/cash-vest/widget/7': { body: [point('2037-03', 8), point('2037-06', 12)] },
    });
    renderSignedIn(<CashVestScoreWidget clientId={7} />, ['VIEW_CASH_VEST_SCORES']);
    const widget = await screen.findByRole('region', { name: 'cashVest Score' });
    const figure = await within(widget).findByRole('figure', { name: /^cashVest Score by month/ });
    await userEvent
      .setup({ delay: null })
      .click(within(figure).getByRole('button', { name: 'Show data as a table' }));
    expect(
      within(within(figure).getByRole('table'))
        .getAllByRole('row')
        .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      [
        'Month',
        'Cash Flow',
        'Investment',
        'Liquidity Proficiency',
        'Value Score',
        'Warnick Rate',
        'Overall Score',
      ],
      ['03/2037', '8', '5', '18', '9', '10', '50'],
      ['06/2037', '12', '5', '22', '13', '14', '66'],
    ]);
  });

  it('shows the empty state without scores', async () => {
    const api = fakeApi({ ...REFRESH, 'GET /api/clients/cash-vest/widget/7': { body: [] } });
    renderSignedIn(<CashVestScoreWidget clientId={7} />, ['VIEW_CASH_VEST_SCORES']);
    const widget = await screen.findByRole('region', { name: 'cashVest Score' });
    expect(await within(widget).findByText(MSG.noResultsText)).toBeTruthy();
    expect(api.callsTo('GET', '/api/clients/cash-vest/widget/7')).toBe(1);
  });

  it('shows the empty state, asking nothing, to a user who may not view cashVest scores', async () => {
    const api = fakeApi({
      ...REFRESH,
      'GET /api/clients/cash-vest/widget/7': { body: [point('2037-03', 8)] },
    });
    renderSignedIn(<CashVestScoreWidget clientId={7} />, ['VIEW_CLIENTS']);
    const widget = await screen.findByRole('region', { name: 'cashVest Score' });
    expect(within(widget).getByText(MSG.noResultsText)).toBeTruthy();
    expect(api.callsTo('GET', '/api/clients/cash-vest/widget/7')).toBe(0);
  });

  it('compares interest rates one bank per page', async () => {
    fakeApi({ ...REFRESH, 'GET /api/clients/interest-rate-comparison-widget/7': { body: COMPARISON } });
    renderSignedIn(<InterestRateComparisonWidget clientId={7} />, ['VIEW_CLIENTS']);
    const widget = await screen.findByRole('region', { name: 'Interest Rate Comparison' });
    const table = await within(widget).findByRole('table', { name: 'Interest rates of Cedar Bank' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['Rates', 'Last Month', 'Last Quarter', 'Best Rate', 'Best In State', 'Average'],
      ['Fixed Income', '4.2000%', '2.5000%', '4.3500%', '---', '4.1000%'],
      ['Low Yield', '0.0000%', '2.5000%', '4.3500%', '---', '4.1000%'],
      ['High Yield', '3.9000%', '2.5000%', '4.3500%', '---', '4.1000%'],
    ]);
    expect(within(widget).getByText('Bank 1 of 2')).toBeTruthy();
    await userEvent
      .setup({ delay: null })
      .click(within(widget).getByRole('button', { name: 'Go to next page' }));
    expect(within(widget).getByRole('table', { name: 'Interest rates of Prairie Trust' })).toBeTruthy();
    expect(within(widget).getByText(/^State: ---/)).toBeTruthy();
  });

  it('shows the empty state when no bank has rates', async () => {
    fakeApi({
      ...REFRESH,
      'GET /api/clients/interest-rate-comparison-widget/7': {
        body: { asOfDate: null, lastMonth: null, lastQuarter: null, banks: [] },
      },
    });
    renderSignedIn(<InterestRateComparisonWidget clientId={7} />, ['VIEW_CLIENTS']);
    const widget = await screen.findByRole('region', { name: 'Interest Rate Comparison' });
    expect(await within(widget).findByText(MSG.noResultsTitle)).toBeTruthy();
  });
});
