import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BANK_LINK_MSG } from '@tideline/contracts/bank-links/bank-links.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  BANK_PERMISSIONS,
  LINK_TOKEN,
  openBanksTab,
  openRowMenu,
  stubPlaidLink,
} from './bank-links.fixtures';

// Spec 4 "Bank-link connection" on the client's Banks tab, with Plaid's Link stubbed at window.Plaid.

const LINKED = { body: { msg: BANK_LINK_MSG.linked, collectionType: 'Plaid' } };

describe('Plaid links on the Banks tab', { timeout: UI_TEST_TIMEOUT }, () => {
  it('offers only Create Plaid Link on a bank that is not Plaid', async () => {
    openBanksTab('File Upload');
    const { items } = await openRowMenu();
    expect(items).toContain('Create Plaid Link');
    expect(items).not.toContain('Update Plaid Link');
    expect(items).not.toContain('Remove Plaid Link');
  });

  it('hides every Plaid action from a user without ADD_USERS', async () => {
    openBanksTab('Plaid', {}, [
      ...BANK_PERMISSIONS.filter((p) => p !== 'ADD_USERS'),
      'EDIT_BANK_CLIENT_RELATIONSHIPS',
    ]);
    const { items } = await openRowMenu();
    expect(items).toEqual(['Edit']);
  });

  it('creates a link: a link token, Link opened with it, the public token sent back', async () => {
    const link = stubPlaidLink({ publicToken: 'public-sandbox-77' });
    const { api } = openBanksTab('File Upload', {
      'POST /api/data-ingestion/create-link-token': { body: LINK_TOKEN },
      'POST /api/data-ingestion/set-access-token': LINKED,
    });
    const { user } = await openRowMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Create Plaid Link' }));
    expect(await screen.findByText(BANK_LINK_MSG.linked)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/create-link-token')?.body).toEqual({
      bcrId: 5,
    });
    expect(link.tokens).toEqual([LINK_TOKEN.linkToken]);
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/set-access-token')?.body).toEqual({
      bcrId: 5,
      publicToken: 'public-sandbox-77',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/clients/banks/all/1')).toBe(2));
    await waitFor(() => expect(link.destroy).toHaveBeenCalled());
  });

  it("says the server's message or the spec's text when no link token comes, and opens no Link", async () => {
    const link = stubPlaidLink({ publicToken: 'never' });
    const { api } = openBanksTab('File Upload', {
      'POST /api/data-ingestion/create-link-token': {
        status: 422,
        body: { msg: BANK_LINK_MSG.plaidNotConfigured },
      },
    });
    const { user } = await openRowMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Create Plaid Link' }));
    expect(await screen.findByText(BANK_LINK_MSG.plaidNotConfigured)).toBeTruthy();
    expect(link.tokens).toEqual([]);
    expect(api.callsTo('POST', '/api/data-ingestion/set-access-token')).toBe(0);
  });

  it('offers Update and Remove on a Plaid bank; Update opens Link on an update token', async () => {
    const link = stubPlaidLink({ publicToken: 'public-sandbox-88' });
    const { api } = openBanksTab('Plaid', {
      'POST /api/data-ingestion/create-update-link-token/5': { body: LINK_TOKEN },
      'POST /api/data-ingestion/set-access-token': LINKED,
    });
    const { user, items } = await openRowMenu();
    expect(items).toEqual(expect.arrayContaining(['Update Plaid Link', 'Remove Plaid Link']));
    expect(items).not.toContain('Create Plaid Link');
    await user.click(screen.getByRole('menuitem', { name: 'Update Plaid Link' }));
    expect(await screen.findByText(BANK_LINK_MSG.linkUpdated)).toBeTruthy();
    expect(link.tokens).toEqual([LINK_TOKEN.linkToken]);
    expect(api.calls.find((c) => c.path === '/api/data-ingestion/set-access-token')?.body).toEqual({
      bcrId: 5,
      publicToken: 'public-sandbox-88',
    });
  });

  it("falls back to 'Failed to create Plaid update link token.' when the server sends no message", async () => {
    stubPlaidLink({ publicToken: 'never' });
    openBanksTab('Plaid', {
      'POST /api/data-ingestion/create-update-link-token/5': { status: 500, body: {} },
    });
    const { user } = await openRowMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Update Plaid Link' }));
    expect(await screen.findByText(BANK_LINK_MSG.updateLinkTokenFailed)).toBeTruthy();
  });

  it("sends nothing back when the user leaves Link, and shows Link's error when it closed on one", async () => {
    stubPlaidLink({
      exitError: {
        error_code: 'INSTITUTION_DOWN',
        error_message: 'this institution is not currently responding to this request',
        display_message: 'This financial institution is not currently available. Please try again later.',
      },
    });
    const { api } = openBanksTab('File Upload', {
      'POST /api/data-ingestion/create-link-token': { body: LINK_TOKEN },
    });
    const { user } = await openRowMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Create Plaid Link' }));
    expect(
      await screen.findByText(
        'This financial institution is not currently available. Please try again later.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/data-ingestion/set-access-token')).toBe(0);
  });

  it("loads Plaid's Link script from Plaid only once a user starts a link, and says when it cannot", async () => {
    const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);
    openBanksTab('File Upload', { 'POST /api/data-ingestion/create-link-token': { body: LINK_TOKEN } });
    const { user } = await openRowMenu();
    expect(scripts()).not.toContain('https://cdn.plaid.com/link/v2/stable/link-initialize.js');
    await user.click(screen.getByRole('menuitem', { name: 'Create Plaid Link' }));
    await waitFor(() =>
      expect(scripts()).toContain('https://cdn.plaid.com/link/v2/stable/link-initialize.js'),
    );
    // jsdom fetches no script: the load fails as it would with Plaid unreachable or refused by the CSP.
    document.querySelector('script[src^="https://cdn.plaid.com"]')!.dispatchEvent(new Event('error'));
    expect(await screen.findByText(BANK_LINK_MSG.linkLoadFailed)).toBeTruthy();
    expect(scripts()).not.toContain('https://cdn.plaid.com/link/v2/stable/link-initialize.js');
  });

  it("removes a link after the 'Remove Plaid Link' confirmation, and not when cancelled", async () => {
    const { api } = openBanksTab('Plaid', {
      'DELETE /api/data-ingestion/remove-plaid-link/5': {
        body: { msg: BANK_LINK_MSG.removed, collectionType: 'File Upload' },
      },
    });
    const { user } = await openRowMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Remove Plaid Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Plaid Link' });
    expect(within(dialog).getByText(/Remove the Plaid link of First National\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', '/api/data-ingestion/remove-plaid-link/5')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Actions for First National' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove Plaid Link' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Plaid Link' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText(BANK_LINK_MSG.removed)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/data-ingestion/remove-plaid-link/5')).toBe(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/clients/banks/all/1')).toBe(2));
  });

  it("says 'Failed to remove Plaid link.' when the removal fails without a message", async () => {
    openBanksTab('Plaid', { 'DELETE /api/data-ingestion/remove-plaid-link/5': { status: 500, body: {} } });
    const { user } = await openRowMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Remove Plaid Link' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Plaid Link' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText(BANK_LINK_MSG.removeFailed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Remove Plaid Link' })).toBeTruthy();
  });
});
