import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type {
  AssetsWidget as AssetsWidgetData,
  LiquidityLevelsWidget,
} from '@tideline/contracts/monte-carlo/monte-carlo-widgets.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { AssetsWidget } from './assets-widget';
import { InvestedByLevelWidget } from './invested-by-level-widget';
import { CLIENT_ID, renderWithApi } from './monte-carlo.fixtures';

// The client summary widgets (clients-accounts-investments-reports.md 2, 3): Assets and 'Current Amounts
// Invested by Liquidity Level', each with 'No Results. There are no results to be displayed.' when empty.

const ASSETS: AssetsWidgetData = {
  numberOfAccounts: 3,
  numberOfInvestments: 1,
  cashBalance: 1_025_000,
  amountInvested: 50_000,
  totalAssets: 1_075_000,
  strategicLiquidity: 850_000,
  liquiditySource: { monteCarloId: 3, monteCarloName: 'October', endDate: '2026-09-30' },
  series: [{ kind: 'account', label: 'Operating', count: 3, amount: 1_025_000, sharePercent: 100 }],
};
const EMPTY_ASSETS: AssetsWidgetData = {
  ...ASSETS,
  numberOfAccounts: 0,
  numberOfInvestments: 0,
  cashBalance: 0,
  amountInvested: 0,
  totalAssets: 0,
  strategicLiquidity: null,
  liquiditySource: null,
  series: [],
};
const horizons = [
  '0 to 30 days',
  '30 days to 30 weeks',
  '30 weeks to 1 year',
  '1 year to 30 months',
  '30 months and longer',
];
const investedOf = (amounts: number[]): LiquidityLevelsWidget => ({
  clientId: CLIENT_ID,
  groupId: 40,
  groupName: 'All Accounts',
  asOfDate: '2026-11-27',
  investmentCount: amounts.filter((a) => a > 0).length,
  totalInvested: amounts.reduce((s, a) => s + a, 0),
  levels: amounts.map((amount, index) => ({
    field: (['levelOne', 'levelTwo', 'levelThree', 'levelFour', 'levelFive'] as const)[index]!,
    levelNumber: index + 1,
    horizon: horizons[index]!,
    count: amount > 0 ? 1 : 0,
    amount,
    sharePercent: amount > 0 ? 50 : 0,
    levelAmount: null,
  })),
});
const INVESTED = `GET /api/investments/liquidity-levels-widget/${CLIENT_ID}/40`;

describe('the Monte Carlo summary widgets', { timeout: UI_TEST_TIMEOUT }, () => {
  it('Assets: Number Of Accounts, Strategic Liquidity and Amount Invested', async () => {
    renderWithApi(<AssetsWidget clientId={CLIENT_ID} />, ['VIEW_CLIENTS'], {
      [`GET /api/clients/assets-widget/${CLIENT_ID}`]: { body: ASSETS },
    });
    const list = await screen.findByRole('region', { name: 'Assets' });
    await within(list).findByText('Number Of Accounts');
    expect(within(list).getByText('Number Of Accounts').nextSibling?.textContent).toBe('3');
    expect(within(list).getByText('$850,000.00 (as of 09/30/2026)')).toBeTruthy();
    expect(within(list).getByText('$50,000.00')).toBeTruthy();
  });

  it('Assets: the empty state without accounts or investments', async () => {
    renderWithApi(<AssetsWidget clientId={CLIENT_ID} />, ['VIEW_CLIENTS'], {
      [`GET /api/clients/assets-widget/${CLIENT_ID}`]: { body: EMPTY_ASSETS },
    });
    const card = await screen.findByRole('region', { name: 'Assets' });
    expect(await within(card).findByText('No Results.')).toBeTruthy();
    expect(within(card).getByText('There are no results to be displayed.')).toBeTruthy();
  });

  it('Current Amounts Invested by Liquidity Level: each level with its horizon, as a table too', async () => {
    const { user } = renderWithApi(<InvestedByLevelWidget clientId={CLIENT_ID} />, ['VIEW_INVESTMENTS'], {
      [INVESTED]: { body: investedOf([1500, 0, 3000, 0, 0]) },
    });
    const card = await screen.findByRole('region', { name: 'Current Amounts Invested by Liquidity Level' });
    await user.click(await within(card).findByRole('button', { name: 'Show data as a table' }));
    const table = within(card).getByRole('table');
    expect(within(table).getByText('30 weeks to 1 year')).toBeTruthy();
    expect(within(table).getByText('$3,000.00')).toBeTruthy();
  });

  it('Current Amounts Invested by Liquidity Level: the empty state without investments', async () => {
    renderWithApi(<InvestedByLevelWidget clientId={CLIENT_ID} />, ['VIEW_INVESTMENTS'], {
      [INVESTED]: { body: investedOf([0, 0, 0, 0, 0]) },
    });
    const card = await screen.findByRole('region', { name: 'Current Amounts Invested by Liquidity Level' });
    expect(await within(card).findByText('No Results.')).toBeTruthy();
  });
});
