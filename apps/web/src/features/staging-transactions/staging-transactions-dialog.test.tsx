import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../app/theme';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { AmountCell } from './staging-transaction-columns';
import { findRow, findTable, inspectCalls, openDialog, rowOf } from './staging-transactions.fixtures';

const TITLE = 'Validate/Inspect/Edit: Acme County / First National / Transaction';

describe('staging transactions dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it("says 'Needs Validation' when a row is No and asks the server with pageSize 1", async () => {
    const { api } = openDialog([
      rowOf({ stagingTransactionId: 1, validationStatus: 'Yes' }),
      rowOf({ stagingTransactionId: 2, validationStatus: 'No' }),
    ]);
    expect(await screen.findByRole('dialog', { name: `${TITLE} - Needs Validation` })).toBeTruthy();
    expect(inspectCalls(api).map((c) => c.body)).toContainEqual(
      expect.objectContaining({
        batchAccountIds: [31, 32],
        pageSize: 1,
        filters: [{ id: 'validationStatus', value: 'No' }],
      }),
    );
  });

  it("says 'Validated' when every row is Yes", async () => {
    openDialog([rowOf({ stagingTransactionId: 1, validationStatus: 'Yes' })]);
    expect(await screen.findByRole('dialog', { name: `${TITLE} - Validated` })).toBeTruthy();
  });

  it('lists 50 rows of the batch accounts, offers 50 to 500 and shows the spec columns', async () => {
    const { api, user } = openDialog([
      rowOf({
        stagingTransactionId: 1,
        duplicateReason: 'Same date and amount as row 4 of june.csv',
        duplicateRule: 'match',
      }),
    ]);
    const table = await findTable();
    await within(table).findByText('Item 1');
    expect(inspectCalls(api).map((c) => c.body)).toContainEqual(
      expect.objectContaining({ batchAccountIds: [31, 32], pageSize: 50, pageIndex: 0, filters: [] }),
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    for (const header of ['Account', 'Date', 'Description', 'Keywords', 'Debit/Credit', 'Validated?'])
      expect(headers.some((h) => h?.startsWith(header))).toBe(true);
    expect(headers).toContain('Actions');
    const duplicate = within(table).getByText('Same date and amount as row 4 of june.csv', { exact: false });
    expect(duplicate.textContent).toBe('Possible duplicate: Same date and amount as row 4 of june.csv');
    expect(within(duplicate.closest('td')!).getByText('Undecided')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '50',
      '100',
      '200',
      '300',
      '500',
    ]);
  });

  it('filters possible duplicates with duplicate true', async () => {
    const { api, user } = openDialog([rowOf({ stagingTransactionId: 1 })]);
    await findRow('Item 1');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Possible Duplicate' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() =>
      expect(inspectCalls(api).at(-1)?.body).toMatchObject({
        pageSize: 50,
        filters: [{ id: 'duplicate', value: true }],
      }),
    );
  });

  it('hides the Actions column and the selection without the staging permissions', async () => {
    openDialog([rowOf({ stagingTransactionId: 1 })], ['VIEW_STAGING_TRANSACTIONS']);
    const table = await findTable();
    await within(table).findByText('Item 1');
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
  });

  it('offers Validate on a No row and Invalidate on a Yes row', async () => {
    const { user } = openDialog([
      rowOf({ stagingTransactionId: 1, validationStatus: 'No' }),
      rowOf({ stagingTransactionId: 2, validationStatus: 'Yes' }),
    ]);
    await user.click(within(await findRow('Item 1')).getByRole('button', { name: /^Actions for/ }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Edit', 'Validate']);
    await user.keyboard('{Escape}');
    await user.click(within(await findRow('Item 2')).getByRole('button', { name: /^Actions for/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Edit', 'Invalidate']),
    );
  });
});

describe('Debit/Credit cell', () => {
  const colorOf = (amount: unknown) => {
    const { unmount } = render(
      <ThemeProvider theme={theme}>
        <span data-testid="cell">
          <AmountCell amount={amount} />
        </span>
      </ThemeProvider>,
    );
    const cell = screen.getByTestId('cell');
    const shown = cell.textContent;
    const color = (cell.firstElementChild && getComputedStyle(cell.firstElementChild).color) || '';
    unmount();
    return { shown, color };
  };
  const rgbOf = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return `rgb(${r}, ${g}, ${b})`;
  };

  it("is green when positive, red when negative, '---' when not a number", () => {
    expect(colorOf(1234.5)).toEqual({ shown: '$1,234.50', color: rgbOf(theme.palette.success.main) });
    expect(colorOf(-20)).toEqual({ shown: '-$20.00', color: rgbOf(theme.palette.error.main) });
    expect(colorOf(Number.NaN).shown).toBe('---');
    expect(colorOf('12').shown).toBe('---');
  });
});
