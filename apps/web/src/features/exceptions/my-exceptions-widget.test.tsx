import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { signInAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { exceptionOf } from './exceptions.fixtures';
import { MyExceptionsWidget } from './my-exceptions-widget';

const LONG_SUMMARY = 'Opening balance of 04/02/2026 differs from the previous closing by $1,250.00.';
const LONG_CLIENT = 'Springfield Waterworks'; // 22 characters: over 16, cut to 13

function renderWidget(rows: ReturnType<typeof exceptionOf>[], permList: Permission[]) {
  const api = signInAs(permList, { 'GET /api/exceptions/mine': { body: rows } });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <MyExceptionsWidget />
      </MemoryRouter>
    </AppProviders>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('My Exceptions widget', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows 5 a page, cuts long texts with the whole on hover, and links each to its fix', async () => {
    const rows = [
      exceptionOf({ exceptionId: 1, clientName: LONG_CLIENT, summary: LONG_SUMMARY, dueDate: '2020-02-01' }),
      ...[2, 3, 4, 5, 6].map((id) =>
        exceptionOf({
          exceptionId: id,
          clientName: `Client ${id}`,
          summary: `Short ${id}.`,
          link: { place: 'clientReport', clientId: id },
        }),
      ),
    ];
    const { api, user } = renderWidget(rows, ['VIEW_EXCEPTIONS', 'VIEW_CLIENTS', 'VIEW_OPEN_REPORTS']);
    const widget = await screen.findByRole('region', { name: 'My Exceptions' });
    const table = await within(widget).findByRole('table', { name: 'My Exceptions' });
    expect(within(table).getAllByRole('row')).toHaveLength(6); // header + 5
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Severity', 'Client', 'What was found', 'Due', 'Fix']);
    const first = within(table).getByText('Springfield W...');
    expect(first.getAttribute('title')).toBe(LONG_CLIENT);
    const summary = within(table).getByText(`${LONG_SUMMARY.slice(0, 37)}...`);
    expect(summary.getAttribute('title')).toBe(LONG_SUMMARY);
    const row = first.closest('tr')!;
    expect(within(row).getByText('High')).toBeTruthy();
    expect(within(row).getByText('02/01/2020').getAttribute('title')).toMatch(/Overdue/);
    expect(within(row).getByRole('link', { name: 'Fix' }).getAttribute('href')).toBe(
      '/client-management/12/40',
    );
    expect(api.callsTo('GET', '/api/exceptions/mine')).toBe(1);

    await user.click(within(widget).getByRole('button', { name: 'Go to next page' }));
    const sixth = within(table).getByText('Short 6.').closest('tr')!;
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(sixth).getByRole('link', { name: 'Fix' }).getAttribute('href')).toBe(
      '/client-management/6',
    );
  });

  it('shows the empty state when nothing is the user’s', async () => {
    renderWidget([], ['VIEW_EXCEPTIONS']);
    const widget = await screen.findByRole('region', { name: 'My Exceptions' });
    expect(await within(widget).findByRole('status')).toBeTruthy();
  });
});
