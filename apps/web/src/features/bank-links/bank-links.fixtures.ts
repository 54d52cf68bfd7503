import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { clientOf } from '../../test/fixture-records';
import { openAppAs } from '../../test/open-app';
import type { PlaidLinkError, PlaidLinkFactory } from './open-plaid-link';

// The Banks tab of client 1 over the fake API, and a stand-in for Plaid's Link global: the browser
// tests cannot reach Plaid, so Link is replaced at its boundary (window.Plaid), nothing inside the app.

export const LINK_TOKEN = { linkToken: 'link-sandbox-0a1b', expiration: '2030-01-01T00:00:00Z' };

export const relationshipOf = (collectionType: BankClientRelationship['collectionType']) => ({
  bankClientRelId: 5,
  clientId: 1,
  bankId: 3,
  bankName: 'First National',
  numOfAccounts: 2,
  avgBalance12Months: 0,
  createdAt: '2025-01-03T12:00:00.000Z',
  updatedAt: '2025-02-04T12:00:00.000Z',
  status: 1 as const,
  collectionType,
});

export const BANK_PERMISSIONS: Permission[] = ['VIEW_CLIENTS', 'VIEW_BANK_CLIENT_RELATIONSHIPS', 'ADD_USERS'];

/** What Link does when opened: the user links (a public token) or leaves (with Link's error or none). */
export type LinkBehaviour = { publicToken: string } | { exitError: PlaidLinkError | null };

export function stubPlaidLink(behaviour: LinkBehaviour) {
  const tokens: string[] = [];
  const destroy = vi.fn();
  const plaid: PlaidLinkFactory = {
    create: (config) => {
      tokens.push(config.token);
      return {
        open: () =>
          'publicToken' in behaviour
            ? config.onSuccess(behaviour.publicToken, { institution: null, accounts: [] })
            : config.onExit(behaviour.exitError, { status: 'institution_not_found' }),
        destroy,
      };
    },
  };
  vi.stubGlobal('Plaid', plaid);
  return { tokens, destroy };
}

export function openBanksTab(
  collectionType: BankClientRelationship['collectionType'],
  routes: Record<string, FakeHandler | FakeResponse> = {},
  permList: readonly Permission[] = BANK_PERMISSIONS,
) {
  return openAppAs('/client-management/1', permList, {
    'GET /api/clients/1': { body: clientOf({ clientId: 1, clientName: 'Acme' }) },
    'GET /api/clients/report-status/1': { body: [] },
    'GET /api/clients/banks/all/1': { body: [relationshipOf(collectionType)] },
    ...routes,
  });
}

/** Opens the Banks sub-tab and the row menu of First National; answers the menu's item names. */
export async function openRowMenu() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name: 'Banks' }));
  await user.click(await screen.findByRole('button', { name: 'Actions for First National' }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  return { user, items };
}
