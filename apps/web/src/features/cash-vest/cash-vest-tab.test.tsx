import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CASH_VEST_MSG } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { fakeApi } from '../../test/fake-api';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import CashVestTab from './cash-vest-tab';
import { historyRowOf, renderSignedIn, subScoresOf } from './cash-vest.fixtures';

// The cashVest tab (spec 2): the history with its columns, the panels of at most 2 viewed rows (the
// first two by default, a third drops the oldest), the Edit action and New cashVest Score gated by
// EDIT_CASH_VEST_SCORES.

const ROWS = [
  historyRowOf({
    cashVestId: 3,
    createdAt: '2025-07-01T12:00:00.000Z',
    startDate: '2025-04-01',
    endDate: '2025-06-30',
    totalScore: 71,
    totalStar: 3.5,
  }),
  historyRowOf({ cashVestId: 2, createdAt: '2025-04-02T12:00:00.000Z', totalScore: 64, totalStar: 3 }),
  historyRowOf({ cashVestId: 1, createdAt: '2025-01-05T12:00:00.000Z', startDate: null, endDate: null }),
];

function renderTab(permList: Parameters<typeof renderSignedIn>[1]) {
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/analytics/cash-vest/7': { body: ROWS },
    ...Object.fromEntries(
      ROWS.map((r) => [
        `GET /api/analytics/cash-vest/sub-scores/${r.cashVestId}`,
        {
          body: subScoresOf({
            ...r,
            valueScore: r.totalScore === null ? null : 14,
            valueScoreStar: r.totalScore === null ? null : 70,
            valueScoreComments: r.totalScore === null ? null : `Row ${r.cashVestId}: most money earns.`,
          }),
        },
      ]),
    ),
  });
  renderSignedIn(<CashVestTab clientId={7} />, permList);
  return api;
}

const panelTitles = () =>
  screen
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent)
    .filter((t) => t?.startsWith('cashVest Score:'));

describe('cashVest tab', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the history and the panels of the first two rows', async () => {
    renderTab(['VIEW_CASH_VEST_SCORES', 'EDIT_CASH_VEST_SCORES']);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(CASH_VEST_MSG.noDateRange)).toBeTruthy();
    expect(within(table).getByText('71 / 100')).toBeTruthy();
    expect(within(table).getByRole('img', { name: '3.5 of 5 stars' })).toBeTruthy();
    await waitFor(() =>
      expect(panelTitles()).toEqual([
        'cashVest Score: 04/01/2025 - 06/30/2025',
        'cashVest Score: 01/01/2025 - 03/31/2025',
      ]),
    );
    const panel = screen.getByRole('region', { name: 'cashVest Score: 04/01/2025 - 06/30/2025' });
    expect(within(panel).getByText('$6,000.00')).toBeTruthy();
    expect(within(panel).getByText('Row 3: most money earns.')).toBeTruthy();
    expect(within(panel).getByRole('region', { name: 'Warnick Potential Rate Indicator' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New cashVest Score' })).toBeTruthy();
  });

  it('keeps at most 2 viewed rows: a third drops the one viewed first', async () => {
    renderTab(['VIEW_CASH_VEST_SCORES']);
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(panelTitles()).toHaveLength(2));
    const third = await screen.findByRole('checkbox', { name: 'View the cashVest score of 01/05/2025' });
    expect((third as HTMLInputElement).checked).toBe(false);
    await user.click(third);
    // Of the two viewed by default, the older counts as viewed first: it gives way.
    await waitFor(() =>
      expect(panelTitles()).toEqual([
        'cashVest Score: 04/01/2025 - 06/30/2025',
        `cashVest Score: ${CASH_VEST_MSG.noDateRange}`,
      ]),
    );
    expect(
      (screen.getByRole('checkbox', { name: 'View the cashVest score of 04/02/2025' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    // Clearing a box hides its panel.
    await user.click(screen.getByRole('checkbox', { name: 'View the cashVest score of 07/01/2025' }));
    await waitFor(() => expect(panelTitles()).toEqual([`cashVest Score: ${CASH_VEST_MSG.noDateRange}`]));
  });

  it('offers Edit and New cashVest Score only with EDIT_CASH_VEST_SCORES', async () => {
    renderTab(['VIEW_CASH_VEST_SCORES']);
    await screen.findByRole('table');
    await waitFor(() => expect(panelTitles()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'New cashVest Score' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});
