import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import { MSG } from '@tideline/contracts/common/messages';
import type { ClientListRow, ReportInProgress } from '@tideline/contracts/dashboard/dashboard.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { MyClientsWidget } from './my-clients-widget';
import { ReportsInProgressWidget, reportStatusColor } from './reports-in-progress-widget';

const LONG_22 = 'Springfield Waterworks'; // 22 characters: cut to 18
const EXACT_21 = 'Shelbyville Transit A'; // 21 characters: kept

function WherePage() {
  const location = useLocation();
  return <p>At {location.pathname}</p>;
}

const STAFF: Permission[] = ['VIEW_DASHBOARD', 'VIEW_CLIENTS', 'VIEW_OPEN_REPORTS'];

function renderWidget(
  widget: React.ReactNode,
  routes: Record<string, { body: unknown }>,
  permList: Permission[] = STAFF,
) {
  useSessionStore.getState().setUser({
    userId: 3,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    permList,
  });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={widget} />
          <Route path="*" element={<WherePage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}

const clientRow = (clientId: number, clientName: string): ClientListRow => ({
  clientId,
  clientName,
  cashVest: null,
});

describe('My Clients widget', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists 5 a page, cuts names over 21 characters to 18 and links to the client', async () => {
    const rows = [
      clientRow(11, LONG_22),
      clientRow(12, EXACT_21),
      ...[13, 14, 15, 16].map((id) => clientRow(id, `Client ${id}`)),
    ];
    const { api, user } = renderWidget(<MyClientsWidget />, {
      'GET /api/dashboard/users/clients/3': { body: rows },
    });
    const widget = await screen.findByRole('region', { name: 'My Clients' });
    const table = await within(widget).findByRole('table', { name: 'My Clients' });
    expect(within(table).getAllByRole('row')).toHaveLength(6); // header + 5
    const cut = within(table).getByRole('link', { name: 'Springfield Waterw...' });
    expect(cut.getAttribute('href')).toBe('/client-management/11');
    expect(within(table).getByRole('link', { name: EXACT_21 })).toBeTruthy();
    expect(api.callsTo('GET', '/api/dashboard/users/clients/3')).toBe(1);
    await user.click(within(widget).getByRole('button', { name: 'Go to next page' }));
    expect(within(table).getByRole('link', { name: 'Client 16' })).toBeTruthy();
    expect(within(table).queryByRole('link', { name: EXACT_21 })).toBeNull();
    await user.click(within(table).getByRole('link', { name: 'Client 16' }));
    expect(await screen.findByText('At /client-management/16')).toBeTruthy();
  });

  it('shows the empty state when no client is assigned', async () => {
    renderWidget(<MyClientsWidget />, { 'GET /api/dashboard/users/clients/3': { body: [] } });
    const widget = await screen.findByRole('region', { name: 'My Clients' });
    expect(await within(widget).findByText(MSG.noResultsTitle)).toBeTruthy();
  });
});

const report = (clientId: number, clientName: string, status: string): ReportInProgress => ({
  clientId,
  clientName,
  startDate: '2026-05-01',
  dueDate: '2026-05-15',
  numberOfOpenBatches: 2,
  status,
});

describe('Reports In Progress widget', { timeout: UI_TEST_TIMEOUT }, () => {
  it('cuts names over 16 to 13, colours the status and links to the data ingestion', async () => {
    const rows = [
      report(21, 'Ogdenville Schools', 'READY'), // 18 characters
      report(22, 'North Haverbrook', 'IN PROGRESS'), // 16 characters: kept
      report(23, 'Capital City', 'LATE'),
    ];
    renderWidget(<ReportsInProgressWidget />, {
      'GET /api/dashboard/users/client-reports/3': { body: rows },
    });
    const table = await screen.findByRole('table', { name: 'Reports In Progress' });
    const cut = within(table).getByRole('link', { name: 'Ogdenville Sc...' });
    expect(cut.getAttribute('href')).toBe('/data-ingestion/21');
    expect(within(table).getByRole('link', { name: 'North Haverbrook' })).toBeTruthy();
    const colourOf = (status: string) => getComputedStyle(within(table).getByText(status).parentElement!);
    expect(colourOf('READY').backgroundColor).toBe('rgb(123, 31, 162)');
    expect(colourOf('IN PROGRESS').backgroundColor).toBe('rgb(46, 125, 50)');
    expect(colourOf('LATE').backgroundColor).toBe('rgb(117, 117, 117)');
    expect(reportStatusColor('READY')).not.toBe(reportStatusColor('IN PROGRESS'));
  });

  it('offers no link to a user who may not open the data ingestion (issue 20 point 2)', async () => {
    // A Client Viewer: the dashboard and their client, no open reports.
    renderWidget(
      <ReportsInProgressWidget />,
      { 'GET /api/dashboard/users/client-reports/3': { body: [report(21, 'Ogdenville', 'READY')] } },
      ['VIEW_DASHBOARD', 'VIEW_CLIENTS'],
    );
    const table = await screen.findByRole('table', { name: 'Reports In Progress' });
    expect(within(table).getByText('Ogdenville')).toBeTruthy();
    expect(within(table).queryByRole('link')).toBeNull();
  });

  it('marks a report past its due date Overdue (issue 20 point 10)', async () => {
    renderWidget(<ReportsInProgressWidget />, {
      'GET /api/dashboard/users/client-reports/3': {
        body: [
          { ...report(21, 'Ogdenville', 'IN PROGRESS'), dueDate: '2020-01-15' },
          { ...report(22, 'Capital City', 'READY'), dueDate: '2999-01-15' },
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Reports In Progress' });
    const late = within(table).getByText('Ogdenville').closest('tr')!;
    expect(within(late).getByText('Overdue')).toBeTruthy();
    const onTime = within(table).getByText('Capital City').closest('tr')!;
    expect(within(onTime).queryByText('Overdue')).toBeNull();
  });

  it('shows the empty state while no reporting cycle exists', async () => {
    renderWidget(<ReportsInProgressWidget />, {
      'GET /api/dashboard/users/client-reports/3': { body: [] },
    });
    const widget = await screen.findByRole('region', { name: 'Reports In Progress' });
    expect(await within(widget).findByText(MSG.noResultsTitle)).toBeTruthy();
    expect(within(widget).queryByRole('table')).toBeNull();
  });
});
