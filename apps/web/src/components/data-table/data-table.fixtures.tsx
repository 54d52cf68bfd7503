import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import type { DataTableColumn, FilterDefinition } from './data-table.types';

// Shared by the DataTable tests: a small list of accounts, its columns and filters.

export interface Account {
  id: number;
  name: string;
  balance: number;
  openedOn: string;
  status: 'Active' | 'Inactive';
}

export const ACCOUNTS: Account[] = [
  { id: 1, name: 'Acme Operating', balance: 1500, openedOn: '2026-03-01', status: 'Active' },
  { id: 2, name: 'Acme Payroll', balance: 250.5, openedOn: '2026-03-15', status: 'Active' },
  { id: 3, name: 'Bayside Reserve', balance: 98000, openedOn: '2026-03-31', status: 'Inactive' },
  { id: 4, name: 'Cobalt Sweep', balance: -20, openedOn: '2026-04-01', status: 'Active' },
  { id: 5, name: 'Delta Escrow', balance: 0, openedOn: '2026-02-28', status: 'Inactive' },
];

export const ACCOUNT_COLUMNS: DataTableColumn<Account>[] = [
  { id: 'name', header: 'Name' },
  { id: 'balance', header: 'Balance', align: 'right' },
  { id: 'openedOn', header: 'Opened' },
  { id: 'status', header: 'Status' },
];

export const ACCOUNT_FILTERS: FilterDefinition<Account>[] = [
  { id: 'name', label: 'Name', kind: 'text' },
  { id: 'balance', label: 'Balance', kind: 'money' },
  { id: 'openedOn', label: 'Opened', kind: 'dateRange' },
  {
    id: 'status',
    label: 'Status',
    kind: 'select',
    options: [
      { value: 'Active', label: 'Active' },
      { value: 'Inactive', label: 'Inactive' },
    ],
  },
];

export function signInWith(permList: string[]): void {
  useSessionStore
    .getState()
    .setUser({ userId: 1, firstName: 'Ana', lastName: 'Silva', email: 'a@x.io', permList });
}

export function renderWithQueryClient(ui: ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The body rows' first cells (the Name column when nothing is selected). */
export function shownNames(container: HTMLElement): string[] {
  return [...container.querySelectorAll('tbody tr')]
    .map((tr) => tr.querySelector('td')?.textContent ?? '')
    .filter((text) => text !== '');
}
