import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findHeading, openClients, UI_TEST_TIMEOUT } from '../../features/clients/clients.fixtures';
import { listRequests, pageOf } from '../../features/exceptions/exceptions.fixtures';
import { openAppAs } from '../../test/open-app';

// Issue 43 point 3: the exception counts the client screens compose, and the dashboard's widget.
const COUNTS = {
  body: [
    { clientId: 1, open: 3, high: 1, overdue: 0 },
    { clientId: 2, open: 1, high: 0, overdue: 0 },
  ],
};

describe('exception badges and widget', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows each client’s count in the list from one request, and opens the queue on that client', async () => {
    const { api, currentPath, currentSearch } = openClients(['VIEW_CLIENTS', 'VIEW_EXCEPTIONS'], {
      'GET /api/exceptions/counts': COUNTS,
      'POST /api/exceptions/list': pageOf([]),
    });
    const table = await screen.findByRole('table', { name: 'Clients' }, { timeout: 15_000 });
    const acme = await within(table).findByRole('link', { name: '3 open exceptions' });
    expect(acme.getAttribute('title')).toBe('3 open exceptions (1 high)');
    expect(acme.textContent).toBe('3');
    expect(within(table).getByRole('link', { name: '1 open exception' }).getAttribute('href')).toBe(
      '/exceptions?clientId=2',
    );
    expect(api.callsTo('GET', '/api/exceptions/counts')).toBe(1);

    const user = userEvent.setup({ delay: null });
    await user.click(acme);
    await findHeading('Exceptions');
    expect([currentPath(), currentSearch()]).toEqual(['/exceptions', '?clientId=1']);
    await waitFor(() =>
      expect(listRequests(api)[0]).toMatchObject({
        filters: [
          { id: 'status', value: ['Open', 'Snoozed'] },
          { id: 'clientId', value: [1] },
        ],
      }),
    );
  });

  it('shows the count on the client profile header', async () => {
    openClients(
      ['VIEW_CLIENTS', 'VIEW_EXCEPTIONS'],
      { 'GET /api/exceptions/counts': COUNTS },
      '/client-management/1',
    );
    await findHeading('Acme');
    const badge = await screen.findByRole('link', { name: '3 open exceptions' });
    expect(badge.getAttribute('href')).toBe('/exceptions?clientId=1');
  });

  it('shows no badge and asks for no counts without VIEW_EXCEPTIONS', async () => {
    const { api } = openClients(['VIEW_CLIENTS'], { 'GET /api/exceptions/counts': COUNTS });
    const table = await screen.findByRole('table', { name: 'Clients' }, { timeout: 15_000 });
    await within(table).findByRole('link', { name: 'Acme' });
    expect(within(table).queryByRole('link', { name: /open exception/ })).toBeNull();
    expect(api.callsTo('GET', '/api/exceptions/counts')).toBe(0);
  });

  it('puts My Exceptions on the dashboard with VIEW_EXCEPTIONS', async () => {
    const { api } = openAppAs('/dashboard', ['VIEW_EXCEPTIONS'], {
      'GET /api/exceptions/mine': { body: [] },
    });
    expect(await screen.findByRole('region', { name: 'My Exceptions' }, { timeout: 15_000 })).toBeTruthy();
    expect(api.callsTo('GET', '/api/exceptions/mine')).toBe(1);
  });
});
