import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MONTE_CARLO_MSG } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import MonteCarloTab from './monte-carlo-tab';
import { ANALYST, CLIENT_ID, renderWithApi, resultRoutes, runOf, type Routes } from './monte-carlo.fixtures';

// Spec 2 "Monte Carlo tab": the history table's columns and actions, at most 2 viewed rows (a third
// drops the oldest; the first two by default), '{name} - Results' with Hide Analysis, Delete Monté Carlo.

const RUNS = [
  runOf({ monteCarloId: 1, monteCarloName: 'October', dataHasChanged: 'YES' }),
  runOf({ monteCarloId: 2, monteCarloName: 'September' }),
  runOf({ monteCarloId: 3, monteCarloName: 'August' }),
  runOf({
    monteCarloId: 4,
    monteCarloName: 'Too short',
    state: 'failed',
    message: 'The group has no transactions in the history window.',
  }),
];

function openTab(runs = RUNS, routes: Routes = {}, permList = ANALYST) {
  return renderWithApi(<MonteCarloTab clientId={CLIENT_ID} />, permList, {
    [`GET /api/analytics/monte-carlo/${CLIENT_ID}`]: { body: runs },
    ...resultRoutes(runs),
    ...routes,
  });
}

const panelTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('the Monte Carlo tab', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the history with its columns and shows the first two runs’ results by default', async () => {
    openTab();
    const table = await screen.findByRole('table', { name: 'Monté Carlo' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/, sorted (a|de)scending$/, ''));
    expect(headers).toEqual(
      expect.arrayContaining([
        'Date',
        'Date Range',
        'Analysis Group',
        'Name',
        'Data Has Changed?',
        'Viewing',
      ]),
    );
    const first = (await within(table).findByText('October')).closest('tr')!;
    expect(within(first).getByText('09/30/2023 - 09/30/2026')).toBeTruthy();
    expect(within(first).getByText('YES')).toBeTruthy();
    expect(await screen.findByText('October - Results')).toBeTruthy();
    expect(await screen.findByText('September - Results')).toBeTruthy();
    expect(screen.queryByText('August - Results')).toBeNull();
    // The Monté Result table and the rate table of a panel.
    expect((await screen.findAllByRole('table', { name: 'October: Monté Result' })).length).toBe(1);
    const rates = await screen.findByRole('table', { name: 'October: liquidity levels and benchmark rates' });
    expect(within(rates).getByText('30 days to 30 weeks')).toBeTruthy();
    // Issue 41: beside each level its leave-one-year-out range, and the share of coherent paths.
    const steady = await screen.findByRole('table', { name: 'October: how steady the levels are' });
    const levelOne = within(steady).getByText('Level One').closest('tr')!;
    expect(within(levelOne).getByText(/–/).textContent).toMatch(/\$.+ – \$.+/);
    expect(
      screen.getAllByText(
        /The levels hold together on 91\.2% of the paths\. Ranges: the levels with each of the last 2 history years left out in turn\./,
      ).length,
    ).toBeGreaterThan(0);
  });

  it('shows why a run failed, and a failed run cannot be viewed', async () => {
    openTab();
    const row = (await screen.findByText('Too short')).closest('tr')!;
    expect(
      within(row).getByText('Failed: The group has no transactions in the history window.'),
    ).toBeTruthy();
    expect((within(row).getByRole('checkbox', { name: 'View Too short' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('views at most two rows: a third drops the oldest, Hide Analysis removes one', async () => {
    const { user } = openTab();
    await screen.findByText('October - Results');
    await user.click(await screen.findByRole('checkbox', { name: 'View August' }));
    await waitFor(() => expect(panelTitles()).toEqual(['October - Results', 'August - Results']));
    expect((screen.getByRole('checkbox', { name: 'View September' }) as HTMLInputElement).checked).toBe(
      false,
    );
    await user.click(screen.getByRole('checkbox', { name: 'View September' }));
    await waitFor(() => expect(panelTitles()).toEqual(['September - Results', 'August - Results']));
    const panel = screen.getByRole('region', { name: 'August - Results' });
    await user.click(within(panel).getByRole('button', { name: 'Hide Analysis' }));
    await waitFor(() => expect(panelTitles()).toEqual(['September - Results']));
    expect((screen.getByRole('checkbox', { name: 'View August' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows the empty state without runs', async () => {
    openTab([]);
    const table = await screen.findByRole('table', { name: 'Monté Carlo' });
    expect(await within(table).findByText('No Results.')).toBeTruthy();
    expect(within(table).getByText('There are no results to be displayed.')).toBeTruthy();
  });

  it('deletes a run after the warning', async () => {
    const { api, user } = openTab(RUNS, {
      'DELETE /api/analytics/monte-carlo/remove/3': { body: { msg: MONTE_CARLO_MSG.deleted } },
    });
    const row = (await screen.findByText('August')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for August' }));
    expect(screen.getByRole('menuitem', { name: 'Edit and Rerun' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Edit Account Group' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Monté Carlo' });
    expect(within(dialog).getByText('This action cannot be undone')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MONTE_CARLO_MSG.deleted)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/analytics/monte-carlo/remove/3')).toBe(1);
  });

  it('says the default when a delete fails', async () => {
    const { user } = openTab(RUNS, {
      'DELETE /api/analytics/monte-carlo/remove/3': { status: 500, body: {} },
    });
    const row = (await screen.findByText('August')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Actions for August' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete Monté Carlo.')).toBeTruthy();
  });

  it('offers only the actions the user holds', async () => {
    const { user } = openTab(RUNS, {}, ['VIEW_MONTE_CARLO_ANALYSIS', 'DELETE_MONTE_CARLO_MODEL']);
    const row = (await screen.findByText('August')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Run Analysis' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Actions for August' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit and Rerun' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit Account Group' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });
});
