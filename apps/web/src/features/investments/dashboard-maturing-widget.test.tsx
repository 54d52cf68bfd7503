import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MSG } from '@tideline/contracts/common/messages';
import type { UserMaturingInvestments } from '@tideline/contracts/investments/investment-widgets.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
import { DashboardMaturingWidget } from './dashboard-maturing-widget';
import { UI_TEST_TIMEOUT } from './investments.fixtures';

const WINDOW = { windowStart: '2026-05-01', windowEnd: '2026-07-30', maturityLimitDays: 90 };

function WherePage() {
  const location = useLocation();
  return <p>{`At ${location.pathname} with state ${JSON.stringify(location.state)}`}</p>;
}

function renderWidget(body: UserMaturingInvestments) {
  useSessionStore.getState().setUser({
    userId: 3,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    permList: ['VIEW_DASHBOARD', 'VIEW_INVESTMENTS'],
  });
  fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/dashboard/users/maturing-investments/3': { body },
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardMaturingWidget />} />
          <Route path="*" element={<WherePage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup({ delay: null });
}

const summary = (clientId: number, clientName: string) => ({
  clientId,
  clientName,
  investmentCount: clientId,
  totalAmount: 250_000 * clientId,
  earliestMaturityDate: `2026-05-0${clientId}`,
});

describe('dashboard Maturing Investments widget', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows 4 clients a page, cuts names over 15 to 12, the window in its tooltip', async () => {
    const user = renderWidget({
      ...WINDOW,
      clients: [
        summary(1, 'Springfield Power'), // 17 characters
        summary(2, 'Shelbyville Gas'), // 15 characters: kept
        summary(3, 'Ogdenville'),
        summary(4, 'Brockway'),
        summary(5, 'Capital City'),
      ],
    });
    const widget = await screen.findByRole('region', { name: 'Maturing Investments' });
    const table = await within(widget).findByRole('table', { name: 'Maturing Investments' });
    expect(within(table).getAllByRole('row')).toHaveLength(5); // header + 4
    expect(within(table).getByRole('link', { name: 'Springfield ...' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Shelbyville Gas' })).toBeTruthy();
    const first = within(table).getByRole('link', { name: 'Springfield ...' }).closest('tr')!;
    expect(within(first).getByText('$250,000.00')).toBeTruthy();
    expect(within(first).getByText('05/01/2026')).toBeTruthy();
    expect(
      within(widget).getByRole('button', { name: 'Maturing from 05/01/2026 to 07/30/2026' }),
    ).toBeTruthy();
    await user.click(within(widget).getByRole('button', { name: 'Go to next page' }));
    expect(within(table).getByRole('link', { name: 'Capital City' })).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Ogdenville' })).toBeNull();
  });

  it('links to the investments page with navigation state 3', async () => {
    const user = renderWidget({ ...WINDOW, clients: [summary(1, 'Springfield')] });
    const link = await screen.findByRole('link', { name: 'Springfield' });
    expect(link.getAttribute('href')).toBe('/investment-management');
    await user.click(link);
    expect(await screen.findByText('At /investment-management with state 3')).toBeTruthy();
  });

  it('shows the empty state when nothing matures', async () => {
    renderWidget({ ...WINDOW, clients: [] });
    const widget = await screen.findByRole('region', { name: 'Maturing Investments' });
    expect(await within(widget).findByText(MSG.noResultsTitle)).toBeTruthy();
  });
});
