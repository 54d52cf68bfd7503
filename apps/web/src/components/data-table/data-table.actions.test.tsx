import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNTS,
  renderWithQueryClient,
  shownNames,
  signInWith,
  type Account,
} from './data-table.fixtures';
import type { BulkAction, RowAction } from './data-table.types';

function renderWithActions(rowActions: RowAction<Account>[], bulkActions: BulkAction<Account>[]) {
  return renderWithQueryClient(
    <DataTable
      columns={ACCOUNT_COLUMNS}
      getRowId={(row) => row.id}
      getRowLabel={(row) => row.name}
      mode={{ kind: 'client', rows: ACCOUNTS }}
      rowActions={rowActions}
      bulkActions={bulkActions}
    />,
  );
}

describe('DataTable actions and permissions', { timeout: 20_000 }, () => {
  it('disables a bulk action while no row is selected and hands it the selected rows', async () => {
    signInWith(['DELETE_NOTES']);
    const onDelete = vi.fn();
    renderWithActions([], [{ label: 'Delete Notes', permissions: ['DELETE_NOTES'], onClick: onDelete }]);
    const button = screen.getByRole('button', { name: 'Delete Notes' });
    expect(button.hasAttribute('disabled')).toBe(true);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Select Acme Payroll' }));
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(onDelete.mock.calls[0]![0]).toEqual([ACCOUNTS[1]]);

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(button);
    expect(onDelete.mock.lastCall![0]).toHaveLength(ACCOUNTS.length);
    // The action may clear the selection once it is done.
    act(() => onDelete.mock.lastCall![1].clearSelection());
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select Acme Payroll' })).toHaveProperty('checked', false);
  });

  it('hides a bulk action, and the selection, without its permission', () => {
    signInWith(['RESOLVE_NOTES']);
    renderWithActions(
      [],
      [
        { label: 'Delete Notes', permissions: ['DELETE_NOTES'], onClick: vi.fn() },
        { label: 'Resolve Notes', permissions: ['RESOLVE_NOTES'], onClick: vi.fn() },
      ],
    );
    expect(screen.queryByRole('button', { name: 'Delete Notes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Resolve Notes' })).toBeTruthy();
  });

  it('shows no selection column when every bulk action is out of reach', () => {
    signInWith(['VIEW_NOTES']);
    renderWithActions([], [{ label: 'Delete Notes', permissions: ['DELETE_NOTES'], onClick: vi.fn() }]);
    expect(screen.queryByRole('button', { name: 'Delete Notes' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('hides the actions column when the user holds none of its permissions', () => {
    signInWith(['VIEW_NEGOTIATED_RATES']);
    renderWithActions(
      [
        { label: 'Edit', permissions: ['EDIT_NEGOTIATED_RATES'], onClick: vi.fn() },
        { label: 'Delete', permissions: ['DELETE_NEGOTIATED_RATES'], onClick: vi.fn() },
      ],
      [],
    );
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('offers only the row actions the user may take, each with the row', async () => {
    signInWith(['EDIT_NEGOTIATED_RATES']);
    const onEdit = vi.fn();
    renderWithActions(
      [
        { label: 'Edit', permissions: ['EDIT_NEGOTIATED_RATES'], onClick: onEdit },
        { label: 'Delete', permissions: ['DELETE_NEGOTIATED_RATES'], onClick: vi.fn() },
        {
          label: 'Archive',
          permissions: ['EDIT_NEGOTIATED_RATES'],
          onClick: vi.fn(),
          disabled: (row) => row.status === 'Inactive',
        },
      ],
      [],
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Actions for Bayside Reserve' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Archive']);
    expect(within(menu).getByRole('menuitem', { name: 'Archive' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(ACCOUNTS[2]);
  });

  it('offers a checkbox only on the rows that may be selected, and select-all takes only those', async () => {
    signInWith(['DELETE_NOTES']);
    const onDelete = vi.fn();
    renderWithQueryClient(
      <DataTable
        columns={ACCOUNT_COLUMNS}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        mode={{ kind: 'client', rows: ACCOUNTS }}
        bulkActions={[{ label: 'Delete', permissions: ['DELETE_NOTES'], onClick: onDelete }]}
        isRowSelectable={(row) => row.status === 'Inactive'}
      />,
    );
    expect(screen.queryByRole('checkbox', { name: 'Select Acme Payroll' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Bayside Reserve' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete.mock.calls[0]![0].map((a: Account) => a.name)).toEqual([
      'Bayside Reserve',
      'Delta Escrow',
    ]);
  });

  it('opens with the sort it is given, shown on its column', () => {
    signInWith([]);
    const { container } = renderWithQueryClient(
      <DataTable
        columns={ACCOUNT_COLUMNS}
        getRowId={(row) => row.id}
        mode={{ kind: 'client', rows: ACCOUNTS }}
        initialSort={{ id: 'openedOn', desc: true }}
      />,
    );
    expect(shownNames(container)).toEqual([
      'Cobalt Sweep',
      'Bayside Reserve',
      'Acme Payroll',
      'Acme Operating',
      'Delta Escrow',
    ]);
    expect(screen.getByRole('columnheader', { name: /Opened, sorted descending/ })).toBeTruthy();
  });
});
