import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVESTMENT_ID_TOOLTIP, LIQUIDITY_LEVEL_TOOLTIP } from './investment-columns';
import {
  investmentOf,
  listRequests,
  openInvestments,
  pageOf,
  T_BILL,
  UI_TEST_TIMEOUT,
} from './investments.fixtures';

describe('/investment-management', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists All Investments 50 rows from index 0, with the spec’s columns, tooltips and hidden columns', async () => {
    const { api } = openInvestments('/investment-management', ['VIEW_CLIENTS']);
    expect(
      await screen.findByRole('heading', { name: 'Investments', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All Investments' }).getAttribute('aria-selected')).toBe('true');
    // Without VIEW_INVESTMENT_GROUPS there is no groups tab, and no Add Investment Group.
    expect(screen.queryByRole('tab', { name: 'Investment Groups' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Investment Group' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'All Investments' });
    expect(await within(table).findByText('912797KX4')).toBeTruthy();
    expect(listRequests(api)[0]).toMatchObject({ pageSize: 50, pageIndex: 0, filters: [] });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Client/Account Relationship',
      'Face Value',
      'Maturity Date',
      'Investment Type',
      'Interest Rate',
      'Liquidity Level',
      'Days Until Maturity',
      'ID',
      'Coupon Rate',
      'Interest at Maturity',
      'Bank',
    ]);
    const row = within(table).getByText('912797KX4').closest('tr')!;
    expect(within(row).getByText('$1,000,000.00')).toBeTruthy();
    expect(within(row).getByText('06/30/2026')).toBeTruthy();
    expect(within(row).getByText('4.2500')).toBeTruthy();
    expect(within(row).getByText('3.5000%')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Springfield, General Fund' }).getAttribute('href')).toBe(
      '/client-management/1/10',
    );
    expect(
      within(table).getByRole('button', { name: 'Liquidity Level' }).getAttribute('aria-label'),
    ).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.hover(within(table).getByRole('button', { name: 'Liquidity Level' }));
    expect(await screen.findByRole('tooltip', { name: LIQUIDITY_LEVEL_TOOLTIP })).toBeTruthy();
    await user.hover(within(table).getByRole('button', { name: 'ID' }));
    expect(await screen.findByRole('tooltip', { name: INVESTMENT_ID_TOOLTIP })).toBeTruthy();
    // No permission for any action: no actions column, no selection.
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it("shows a matured holding's negative Days Until Maturity as 'Matured' (issue 20 point 10)", async () => {
    const matured = investmentOf({ id: 9, investmentId: '912797ZZ9', daysUntilMaturity: -40 });
    openInvestments('/investment-management', [], {
      'POST /api/investments/all/': pageOf([T_BILL, matured]),
    });
    const table = await screen.findByRole('table', { name: 'All Investments' }, { timeout: 15_000 });
    const row = (await within(table).findByText('912797ZZ9')).closest('tr')!;
    expect(within(row).getByText('Matured')).toBeTruthy();
    expect(within(row).queryByText('-40')).toBeNull();
    const current = within(table).getByText('912797KX4').closest('tr')!;
    expect(within(current).getByText('45')).toBeTruthy();
  });

  it('state 3 opens the maturing view: the user’s clients and the maturing window, then clears the state', async () => {
    const { api, currentPath } = openInvestments('/investment-management', ['VIEW_INVESTMENT_GROUPS'], {}, 3);
    await screen.findByRole('table', { name: 'All Investments' });
    await waitFor(() => expect(listRequests(api).length).toBeGreaterThan(0));
    expect(listRequests(api)[0]!.filters).toEqual([
      { id: 'myClients', value: true },
      { id: 'maturityDate', value: { from: '2026-05-01', to: '2026-07-30' } },
    ]);
    expect(screen.getByText("Show: Only my clients' investments")).toBeTruthy();
    expect(screen.getByText('Maturity Date: 05/01/2026 to 07/30/2026')).toBeTruthy();
    expect(currentPath()).toBe('/investment-management');
  });

  it('state 1 opens Investment Groups and moves the tab into the address', async () => {
    const { currentPath } = openInvestments('/investment-management', ['VIEW_INVESTMENT_GROUPS'], {}, 1);
    const table = await screen.findByRole('table', { name: 'Investment Groups' });
    expect(screen.getByRole('tab', { name: 'Investment Groups' }).getAttribute('aria-selected')).toBe('true');
    const link = await within(table).findByRole('link', { name: 'Reserves' });
    expect(link.getAttribute('href')).toBe('/investment-management/investment-group/7');
    expect(within(table).getByText('$990,000.00')).toBeTruthy();
    expect(within(table).getByText('01/05/2026')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Group ID', 'Group Name', 'Investments', 'Settlement Total', 'Updated At']);
    await waitFor(() => expect(currentPath()).toBe('/investment-management?tab=1'));
  });

  it('sends the radio and a range from the 4-page filter dialog', async () => {
    const { api } = openInvestments('/investment-management', []);
    await screen.findByRole('table', { name: 'All Investments' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    expect(within(dialog).getByText('Page 1 of 4')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'All investments' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: "Only my clients' investments" }));
    await user.click(within(dialog).getByRole('button', { name: 'NEXT' }));
    const face = within(within(dialog).getByRole('group', { name: 'Face Value' }));
    await user.type(face.getByLabelText('Low'), '500000');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() =>
      expect(listRequests(api).at(-1)!.filters).toEqual([
        { id: 'myClients', value: true },
        { id: 'faceValue', value: { low: '500000', high: '' } },
      ]),
    );
  });
});
