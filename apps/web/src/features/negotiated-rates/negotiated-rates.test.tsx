import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { NegotiatedRate } from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { clientOf } from '../../test/fixture-records';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

const LONG_COMMENT = `${'Quote confirmed by email. '.repeat(5)}The end.`;
const RATES: NegotiatedRate[] = [
  {
    negotiatedRateId: 7,
    clientId: 1,
    clientName: 'Acme County',
    bankId: 3,
    bankName: 'First National',
    state: 'IA',
    amount: 5000000,
    term: 182,
    rate: 4.35,
    quoteTypeId: 1,
    quoteType: 'Bank Quote',
    userId: 9,
    userName: 'Priya Raman',
    realized: 1,
    comments: LONG_COMMENT,
    createdAt: '2026-03-02T15:00:00.000Z',
  },
  {
    negotiatedRateId: 8,
    clientId: 2,
    clientName: 'Globex Schools',
    bankId: 4,
    bankName: 'Second State',
    state: 'DC',
    amount: null,
    term: null,
    rate: -0.05,
    quoteTypeId: 5,
    quoteType: 'Verbal Quote',
    userId: 9,
    userName: 'Priya Raman',
    realized: 0,
    comments: null,
    createdAt: '2026-03-09T15:00:00.000Z',
  },
];
const ALL: Permission[] = [
  'VIEW_DASHBOARD',
  'VIEW_CLIENTS',
  'VIEW_NEGOTIATED_RATES',
  'ADD_NEGOTIATED_RATES',
  'EDIT_NEGOTIATED_RATES',
  'DELETE_NEGOTIATED_RATES',
];
const ACME = clientOf({ clientId: 1, clientName: 'Acme County', clientType: 'County', state: 'IA' });

function open(path: string, permList: Permission[], routes: Record<string, FakeHandler | FakeResponse> = {}) {
  const { api } = openAppAs(path, permList, {
    'GET /api/dashboard/negotiated-rates': { body: RATES },
    'GET /api/clients/negotiated-rates/1': { body: [RATES[0]] },
    'GET /api/clients/1': { body: ACME },
    'GET /api/clients/list': {
      body: [
        { clientId: 1, clientName: 'Acme County' },
        { clientId: 2, clientName: 'Globex Schools' },
      ],
    },
    'GET /api/banks/list': {
      body: [
        { bankId: 3, bankName: 'First National' },
        { bankId: 4, bankName: 'Second State' },
      ],
    },
    'GET /api/administration/quote-types/list': { body: [{ value: 1, label: 'Bank Quote' }] },
    ...routes,
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

const ratesTable = () => screen.findByRole('region', { name: 'Negotiated Rates' }, { timeout: 20_000 });

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  field: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('negotiated rates', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists every rate on the dashboard, comments cut at 100 characters or ---', async () => {
    open('/dashboard', ALL);
    const table = await ratesTable();
    const acme = (await within(table).findByRole('cell', { name: 'Acme County' })).closest('tr')!;
    expect(within(acme).getByText(`${LONG_COMMENT.slice(0, 100)}...`)).toBeTruthy();
    expect(within(acme).getByText('$5,000,000.00')).toBeTruthy();
    expect(within(acme).getByText('Yes')).toBeTruthy();
    const globex = within(table).getByRole('cell', { name: 'Globex Schools' }).closest('tr')!;
    expect(within(globex).getAllByText('---').length).toBeGreaterThanOrEqual(3);
    expect(within(globex).getByText('-0.0500%')).toBeTruthy();
    expect(within(globex).getByText('No')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });

  it('shows no actions column without edit or delete, no Add Rate without add, no table without view', async () => {
    open('/dashboard', ['VIEW_DASHBOARD', 'VIEW_NEGOTIATED_RATES']);
    const table = await ratesTable();
    await within(table).findByRole('cell', { name: 'Acme County' });
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Add Rate' })).toBeNull();
  });

  it('shows nothing of negotiated rates on the dashboard without VIEW_NEGOTIATED_RATES', async () => {
    const { api } = open('/dashboard', ['VIEW_DASHBOARD']);
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Negotiated Rates' })).toBeNull();
    expect(api.callsTo('GET', '/api/dashboard/negotiated-rates')).toBe(0);
  });

  it('adds a rate: realized Yes by default, captured by the signed-in user, the spec messages', async () => {
    const { api, user } = open('/dashboard', ALL, {
      'POST /api/dashboard/negotiated-rates/': {
        status: 201,
        body: { msg: 'Negotiated Rate added successfully.', negotiatedRate: RATES[0] },
      },
    });
    const table = await ratesTable();
    await user.click(await within(table).findByRole('button', { name: 'Add Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rate' });
    expect(within(dialog).getByRole('combobox', { name: 'Realized' }).textContent).toBe('Yes');
    const who = within(dialog).getByLabelText('Who Captured') as HTMLInputElement;
    expect(who.value).toBe('Grace Hopper');
    expect(who.readOnly).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findAllByText('Required!');

    expect(within(dialog).getAllByText('Required!')).toHaveLength(4);
    await user.type(within(dialog).getByLabelText('Amount'), '12a');
    await user.type(within(dialog).getByLabelText('Rate (%)'), '-1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field must be a number.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/dashboard/negotiated-rates/')).toBe(0);

    await choose(user, dialog, 'Client', 'Acme County');
    await choose(user, dialog, 'Bank', 'Second State');
    await choose(user, dialog, 'State', 'DC');
    await choose(user, dialog, 'Quote Type', 'Bank Quote');
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '+250000.5');
    await user.type(within(dialog).getByLabelText('Term (days)'), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/dashboard/negotiated-rates/')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/dashboard/negotiated-rates/')!.body).toEqual({
      negotiatedRates: {
        clientId: 1,
        bankId: 4,
        state: 'DC',
        amount: 250000.5,
        term: 90,
        rate: -1.5,
        quoteTypeId: 1,
        realized: 1,
      },
    });
    expect(await screen.findByText('Negotiated Rate added successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/dashboard/negotiated-rates')).toBe(2));
  });

  it('edits a rate keeping its inactive quote type and who captured it; a failure shows the fallback', async () => {
    const { api, user } = open('/dashboard', ALL, {
      'PUT /api/dashboard/negotiated-rates/8': { status: 500, body: {} },
    });
    const table = await ratesTable();
    await within(table).findByRole('cell', { name: 'Globex Schools' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Second State -0.0500%' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rate' });
    expect(within(dialog).getByRole('combobox', { name: 'Quote Type' }).textContent).toBe('Verbal Quote');
    expect(within(dialog).getByRole('combobox', { name: 'Realized' }).textContent).toBe('No');
    expect((within(dialog).getByLabelText('Who Captured') as HTMLInputElement).value).toBe('Priya Raman');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/dashboard/negotiated-rates/8')).toBe(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      negotiatedRates: { clientId: 2, bankId: 4, state: 'DC', rate: -0.05, quoteTypeId: 5, realized: 0 },
    });
    expect(await screen.findByText('Failed to edit Negotiated Rate.')).toBeTruthy();
  });

  it('deletes a rate after the spec warning', async () => {
    const { api, user } = open('/dashboard', ALL, {
      'DELETE /api/dashboard/negotiated-rates/7': { body: { msg: 'Negotiated Rate deleted successfully.' } },
    });
    const table = await ratesTable();
    await within(table).findByRole('cell', { name: 'Acme County' });
    await user.click(within(table).getByRole('button', { name: 'Actions for First National 4.3500%' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Negotiated Rate' });
    expect(
      within(confirm).getByText(
        'WARNING: This action cannot be undone. Are you sure you want to delete this negotiated rate?',
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/dashboard/negotiated-rates/7')).toBe(1));
    expect(await screen.findByText('Negotiated Rate deleted successfully.')).toBeTruthy();
  });

  it("shows the client's rates on its Summary sub-tab, the client fixed in Add Rate", async () => {
    const { api, user } = open('/client-management/1', ALL);
    await user.click(await screen.findByRole('tab', { name: 'Negotiated Rates' }, { timeout: 20_000 }));
    const table = await ratesTable();
    await within(table).findByRole('cell', { name: 'First National' });
    expect(within(table).queryByRole('columnheader', { name: 'Client' })).toBeNull();
    expect(api.callsTo('GET', '/api/dashboard/negotiated-rates')).toBe(0);
    await user.click(within(table).getByRole('button', { name: 'Add Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rate' });
    const client = within(dialog).getByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(client.textContent).toBe('Acme County'));
    expect(client.getAttribute('aria-disabled')).toBe('true');
  });
});
