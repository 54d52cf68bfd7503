import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_MSG } from '@tideline/contracts/clients/clients.schemas';
import {
  ALL_CLIENT_PERMISSIONS,
  findHeading,
  openClients,
  RELATIONSHIP,
  UI_TEST_TIMEOUT,
} from './clients.fixtures';

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('client profile', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows each tab only with its view permission and opens the tab of ?tab=', async () => {
    openClients(['VIEW_CLIENTS', 'VIEW_ACCOUNT_GROUPS', 'VIEW_REPORTS'], {}, '/client-management/1?tab=2');
    await findHeading('Acme');
    const profileTabs = within(screen.getByRole('tablist', { name: 'Client profile' }));
    expect(profileTabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Summary',
      'Account Groups',
      'Reports',
    ]);
    expect(profileTabs.getByRole('tab', { name: 'Account Groups' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(tabNames()).not.toContain('Accounts');
  });

  it('opens the tab of a navigation state once, then clears the state into ?tab=', async () => {
    const { currentSearch, currentState } = openClients(
      ALL_CLIENT_PERMISSIONS,
      {},
      {
        pathname: '/client-management/1',
        state: { tab: 1 },
      },
    );
    await findHeading('Acme');
    const profileTabs = within(screen.getByRole('tablist', { name: 'Client profile' }));
    await waitFor(() =>
      expect(profileTabs.getByRole('tab', { name: 'Accounts' }).getAttribute('aria-selected')).toBe('true'),
    );
    await waitFor(() => expect(currentSearch()).toBe('?tab=1'));
    expect(currentState()).toBeNull();
  });

  it('shows the summary: client card, Report Status, empty widgets, and Banks only with its permission', async () => {
    // VIEW_INVESTMENTS: the Maturing Investments widget is shown only to those who may see investments.
    openClients(['VIEW_CLIENTS', 'EDIT_CLIENTS', 'VIEW_INVESTMENTS'], {}, '/client-management/1');
    await findHeading('Acme');
    const card = (await screen.findByRole('heading', { name: 'Acme', level: 2 })).closest('section')!;
    expect(within(card).getByText('$1,234.50')).toBeTruthy();
    expect(within(card).getByText('03/31/2025')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit Client' })).toBeTruthy();
    const status = await screen.findByRole('region', { name: 'Report Status' });
    expect(await within(status).findByText('Reported')).toBeTruthy();
    expect(within(status).getByText('Not Started')).toBeTruthy();
    // The investments feature's widget: nothing maturing (its call answers 404 here). Until its chunk
    // has loaded, its placeholder card holds the same name, so the region is looked up afresh each try.
    const maturing = () => screen.getByRole('region', { name: 'Maturing Investments' });
    await waitFor(() => expect(within(maturing()).getByText('No Results.')).toBeTruthy());
    expect(within(maturing()).getByText('There are no results to be displayed.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Banks' })).toBeNull();
  });

  it("sends an unknown client back to the list with 'Client not found.'", async () => {
    const { currentPath } = openClients(
      ALL_CLIENT_PERMISSIONS,
      {
        'GET /api/clients/99': { status: 404, body: { msg: CLIENT_MSG.notFound } },
      },
      '/client-management/99',
    );
    expect(await screen.findByText(CLIENT_MSG.notFound)).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/client-management'));
    expect(await findHeading('Clients')).toBeTruthy();
  });

  it('lists the bank relationships and edits one; a failure says the server msg or the fallback', async () => {
    const { api } = openClients(
      ALL_CLIENT_PERMISSIONS,
      {
        'PUT /api/clients/banks/5': { status: 500, body: {} },
      },
      '/client-management/1',
    );
    await findHeading('Acme');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Banks' }));
    const row = (await screen.findByRole('cell', { name: 'First National' })).closest('tr')!;
    expect(within(row).getByText('$0')).toBeTruthy();
    expect(within(row).getByText('01/03/2025')).toBeTruthy();
    expect(within(row).getByText('File Upload')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for First National' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client Bank Relationship' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Collection Type' }));
    await user.click(await screen.findByRole('option', { name: 'SFTP' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to edit status.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT' && c.path === '/api/clients/banks/5')?.body).toEqual({
      bankClientRel: { status: 0, collectionType: 'SFTP' },
    });
  });

  it('relates a bank to the client from the Banks sub-tab', async () => {
    const { api } = openClients(
      ALL_CLIENT_PERMISSIONS,
      {
        'POST /api/clients/banks': {
          status: 201,
          body: {
            msg: CLIENT_MSG.relationshipCreated,
            bankClientRel: { ...RELATIONSHIP, bankClientRelId: 6, bankId: 4, bankName: 'Second State' },
          },
        },
      },
      '/client-management/1',
    );
    await findHeading('Acme');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Banks' }));
    await user.click(await screen.findByRole('button', { name: 'Add Bank Relationship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank Relationship' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Bank' }));
    // First National is related already.
    expect(screen.queryByRole('option', { name: 'First National' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Second State' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CLIENT_MSG.relationshipCreated)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/clients/banks')?.body).toEqual({
      bankClientRel: { clientId: 1, bankId: 4, collectionType: 'File Upload' },
    });
  });
});
