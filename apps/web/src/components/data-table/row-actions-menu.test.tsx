import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table';
import {
  ACCOUNT_COLUMNS,
  ACCOUNTS,
  renderWithQueryClient,
  signInWith,
  type Account,
} from './data-table.fixtures';
import type { RowAction } from './data-table.types';

// Issue 42 point 7: no ⋮ button that opens an empty menu.

describe('the row actions menu', { timeout: 20_000 }, () => {
  it('shows no button on a row whose every allowed action is hidden for it', async () => {
    signInWith(['EDIT_NEGOTIATED_RATES']);
    const payroll = ACCOUNTS[1]!;
    const actions: RowAction<Account>[] = [
      {
        label: 'Edit',
        permissions: ['EDIT_NEGOTIATED_RATES'],
        hidden: (r) => r.id !== payroll.id,
        onClick: vi.fn(),
      },
    ];
    renderWithQueryClient(
      <DataTable
        columns={ACCOUNT_COLUMNS}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        mode={{ kind: 'client', rows: ACCOUNTS }}
        rowActions={actions}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: /^Actions for/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([`Actions for ${payroll.name}`]);
    await userEvent.setup({ delay: null }).click(buttons[0]!);
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeTruthy();
  });
});
