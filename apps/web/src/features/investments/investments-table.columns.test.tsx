import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { investmentOf, openInvestments, pageOf, T_BILL, UI_TEST_TIMEOUT } from './investments.fixtures';

// Issue 42 point 7: All Investments showed 5 of its 12 columns at 1280 px. The table now uses the
// compact layout (headers wrap, tighter cells, long texts cut with a tooltip) so that the spec's 12
// fit a laptop; jsdom has no layout, so the styles are checked here and the widths in
// e2e/specs/17-laptop-tables.e2e.ts. Column visibility is spec 2's.

const AT_PAR = investmentOf({
  id: 3,
  investmentId: '3130ATPAR',
  faceValue: 500_000,
  settlementAmount: 500_000,
  premiumDiscount: null,
  clientAccountRelationship: 'Springfield Consolidated School District, Capital Projects Reserve',
});

async function openTable() {
  openInvestments('/investment-management', ['VIEW_CLIENTS', 'EDIT_INVESTMENTS', 'DELETE_INVESTMENTS'], {
    'POST /api/investments/all/': pageOf([T_BILL, AT_PAR]),
  });
  const table = await screen.findByRole('table', { name: 'All Investments' }, { timeout: 15_000 });
  await within(table).findByText('3130ATPAR');
  return table;
}

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('All Investments columns', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the spec’s 12 columns, the 5 others behind Show hidden columns', async () => {
    const table = await openTable();
    const shown = [
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
    ];
    // The selection checkbox's header first, Actions last.
    expect(headersOf(table)).toEqual(['', ...shown, 'Actions']);
    expect(within(table).getByRole('checkbox', { name: 'Select all rows on this page' })).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Show or hide columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Show hidden columns' }));
    await user.keyboard('{Escape}');
    expect(headersOf(table)).toEqual([
      '',
      'Client/Account Relationship',
      'Face Value',
      'Maturity Date',
      'Investment Type',
      'Fund',
      'Interest Rate',
      'Liquidity Level',
      'Days Until Maturity',
      'ID',
      'Coupon Rate',
      'Call Date',
      'Settlement Date',
      'Settlement Amount',
      'Interest at Maturity',
      'Premium or Discount',
      'Bank',
      'Actions',
    ]);
    // Issue 42 point 7: bought at par is neither Premium nor Discount.
    const atPar = within(table).getByText('3130ATPAR').closest('tr')!;
    const cells = [...atPar.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[headersOf(table).indexOf('Premium or Discount')]).toBe('---');
    const bill = within(table).getByText('912797KX4').closest('tr')!;
    expect([...bill.querySelectorAll('td')].map((td) => td.textContent)).toContain('Discount');
  });

  it('lays the table out compact: headers wrap, cells tight, long texts cut whole in a tooltip', async () => {
    const table = await openTable();
    const header = within(table).getByRole('columnheader', { name: 'Days Until Maturity' });
    expect(getComputedStyle(header).whiteSpace).toBe('normal');
    // Still a table that scrolls inside its card when even this does not fit.
    expect(getComputedStyle(table.parentElement!).overflowX).toBe('auto');

    const link = within(table).getByRole('link', {
      name: 'Springfield Consolidated School District, Capital Projects Reserve',
    });
    expect(link.getAttribute('title')).toBe(
      'Springfield Consolidated School District, Capital Projects Reserve',
    );
    const [client, account] = [...link.children] as HTMLElement[];
    expect(client!.textContent).toBe('Springfield Consolidated School District,');
    expect(account!.textContent).toBe('Capital Projects Reserve');
    for (const line of [client!, account!]) {
      expect(getComputedStyle(line).textOverflow).toBe('ellipsis');
      expect(getComputedStyle(line).whiteSpace).toBe('nowrap');
    }
    const bank = within(table).getAllByText('First Bank')[0]!;
    expect(getComputedStyle(bank).maxWidth).toBe('96px');
    expect(getComputedStyle(bank).textOverflow).toBe('ellipsis');
  });
});
