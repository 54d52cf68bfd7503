import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AccountSummary,
  BalanceHistory,
} from '@tideline/contracts/account-summary/account-summary.schemas';
import { findHeading, OPERATING, openRoute, UI_TEST_TIMEOUT } from './accounts.fixtures';

// The account profile's Account Balance chart and two-page summary panel read the balance tables
// (issue 18 point 1): the chart's data table, the empty and stale states, and both summary pages.

const HISTORY: BalanceHistory = {
  computedAt: '2026-07-11T08:00:00.000Z',
  isStale: false,
  points: [
    { date: '2026-07-08', balance: 9000 },
    { date: '2026-07-09', balance: 9080.5 },
    { date: '2026-07-10', balance: 9580 },
  ],
};

const SUMMARY: AccountSummary = {
  asOf: '2026-07-10',
  balance: { current: 9580, average12Months: 9412.25, minimum12Months: 9030, maximum12Months: 10030 },
  liquidity: [
    { label: 'Cash', amount: 9580 },
    { label: 'Level 4 (1 year to 30 months)', amount: 3000 },
  ],
  interestRate: [3.3591, 3.5],
  accruedInterest: {
    lastMonth: {
      from: '2026-06-01',
      to: '2026-06-30',
      interest: 25,
      averageDailyBalance: 9055.83,
      annualRate: 3.3591,
    },
    lastQuarter: {
      from: '2026-04-01',
      to: '2026-06-30',
      interest: 80,
      averageDailyBalance: 9170.1,
      annualRate: 3.5,
    },
  },
};

function openProfile(history: BalanceHistory, summary: AccountSummary = SUMMARY) {
  return openRoute('/client-management/1/10', ['VIEW_CLIENTS', 'VIEW_ACCOUNTS'], {
    'GET /api/accounts/single/1/10': { body: OPERATING },
    'GET /api/clients/1': { status: 404, body: { msg: 'Client not found.' } },
    'GET /api/accounts/balance-history/10': { body: history },
    'GET /api/accounts/summary/10': { body: summary },
  });
}

describe('account balance chart and summary panel', { timeout: UI_TEST_TIMEOUT }, () => {
  it('draws the daily table with its data as a table, and shows both summary pages', async () => {
    openProfile(HISTORY);
    await findHeading('Operating');
    const user = userEvent.setup({ delay: null });
    const figure = await screen.findByRole('figure', {
      name: /End-of-day balance of Operating from 07\/08\/2026 to 07\/10\/2026/,
    });
    await user.click(within(figure).getByRole('button', { name: 'Show data as a table' }));
    const table = within(figure).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateBalance', '07/08/2026$9,000.00', '07/09/2026$9,080.50', '07/10/2026$9,580.00']);

    const panel = screen.getByRole('region', { name: 'Balance' });
    expect(within(panel).getByText('$9,412.25')).toBeTruthy();
    expect(within(panel).getByText('1 of 2')).toBeTruthy();
    const pie = within(panel).getByRole('figure', {
      name: "The account's cash and open investments by liquidity level",
    });
    await user.click(within(pie).getByRole('button', { name: 'Show data as a table' }));
    // The chart may have drawn its legend too (once ECharts is loaded), so read the table's cell.
    expect(within(within(pie).getByRole('table')).getByText('Level 4 (1 year to 30 months)')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Next page' }));
    const interest = screen.getByRole('region', { name: 'Interest Rate' });
    expect(within(interest).getByText('Last Month (06/01/2026 - 06/30/2026)')).toBeTruthy();
    expect(within(interest).getByText('$80.00')).toBeTruthy();
    expect(within(interest).getByText('2 of 2')).toBeTruthy();
  });

  it("says what to do before the tables exist, and 'No Results.' for a single point", async () => {
    openProfile({ computedAt: null, isStale: false, points: [] }, { ...SUMMARY, asOf: null });
    await findHeading('Operating');
    expect(await screen.findByText(/shows once the daily and monthly tables are calculated/)).toBeTruthy();
    expect(screen.getAllByText('No Results.').length).toBeGreaterThan(0);
  });

  it('says when the tables are older than the account’s transactions', async () => {
    openProfile({ ...HISTORY, isStale: true });
    await findHeading('Operating');
    expect(await screen.findByText(/changed after its tables were calculated on 07\/11\/2026/)).toBeTruthy();
  });
});
