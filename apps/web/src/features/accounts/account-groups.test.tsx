import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_GROUP_MSG } from '@tideline/contracts/accounts/account-groups.schemas';
import { AccountGroupsTab } from './account-groups-tab';
import {
  ALL_ACCOUNTS_GROUP,
  findHeading,
  OPERATING,
  openRoute,
  renderTab,
  SWEEP_GROUP,
  UI_TEST_TIMEOUT,
} from './accounts.fixtures';

const GROUP_PERMS = [
  'VIEW_CLIENTS',
  'VIEW_ACCOUNT_GROUPS',
  'ADD_ACCOUNT_GROUPS',
  'EDIT_ACCOUNT_GROUPS',
  'DELETE_ACCOUNT_GROUPS',
] as const;

describe("Account Groups and the 'All Accounts' guards", { timeout: UI_TEST_TIMEOUT }, () => {
  it("locks 'All Accounts' with the spec's tooltip and deletes another group after the warning", async () => {
    const { api } = renderTab(<AccountGroupsTab clientId={1} />, GROUP_PERMS, {
      'DELETE /api/accounts/groups': { body: { msg: 'Group(s) deleted successfully.', count: 1 } },
    });
    const table = await screen.findByRole('table', { name: 'Account Groups' });
    const link = await within(table).findByRole('link', { name: 'Sweep' });
    expect(link.getAttribute('href')).toBe('/client-management/1/account-group/2');
    const user = userEvent.setup({ delay: null });

    const locked = within(table).getByRole('button', {
      name: 'Actions for All Accounts',
    }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    await user.hover(locked.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(ACCOUNT_GROUP_MSG.allAccountsLocked);

    await user.click(within(table).getByRole('button', { name: 'Actions for Sweep' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Edit', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
    expect(confirm.textContent).toContain(
      'may remove its treasury data, liquidity levels, short term model and Monte Carlo results',
    );
    expect(api.callsTo('DELETE', '/api/accounts/groups')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group(s) deleted successfully.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ account: { groupIds: [2] } });
  });

  it("requires a name in 'Add Group' ('Required!') and shows the fallback when creating fails", async () => {
    const { api } = renderTab(<AccountGroupsTab clientId={1} />, GROUP_PERMS, {
      'POST /api/accounts/groups/': { status: 500, body: {} },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    expect(api.callsTo('POST', '/api/accounts/groups/')).toBe(0);
    await user.type(within(dialog).getByLabelText('Group Name'), 'Reserves');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCOUNT_GROUP_MSG.createFailed)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/accounts/groups/')?.body).toEqual({
      account: { clientId: 1, addAccountGroupName: 'Reserves' },
    });
  });

  it('shows no actions column and no Add Group with view permission only', async () => {
    renderTab(<AccountGroupsTab clientId={1} />, ['VIEW_ACCOUNT_GROUPS']);
    const table = await screen.findByRole('table', { name: 'Account Groups' });
    await within(table).findByText('Sweep');
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Group' })).toBeNull();
  });

  it("titles the group page '{name} Group' and disables Edit Group for 'All Accounts'", async () => {
    openRoute('/client-management/1/account-group/1', GROUP_PERMS, {
      'GET /api/accounts/groups/1': {
        body: {
          ...ALL_ACCOUNTS_GROUP,
          clientId: 1,
          accounts: [
            {
              accountXrefId: 70,
              accountId: OPERATING.accountId,
              accountName: OPERATING.accountName,
              accountNumber: OPERATING.accountNumber,
              accountType: 'Transaction',
              accountCategory: 'Operating',
              bankName: 'First Bank',
              lastTransactionDate: null,
            },
          ],
        },
      },
    });
    await findHeading('All Accounts Group');
    const edit = screen.getByRole('button', { name: 'Edit Group' }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    const user = userEvent.setup({ delay: null });
    await user.hover(edit.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(ACCOUNT_GROUP_MSG.allAccountsEditTooltip);
    // Nobody leaves 'All Accounts': no selection, no remove.
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Clients Table' }).getAttribute('href')).toBe(
      '/client-management',
    );
  });

  it("adds the client's other accounts to a group and removes members after confirmation", async () => {
    const { api } = openRoute(
      '/client-management/1/account-group/2',
      [...GROUP_PERMS, 'REMOVE_ACCOUNT_GROUP_ASSOCIATIONS'],
      {
        'GET /api/accounts/groups/2': {
          body: {
            ...SWEEP_GROUP,
            clientId: 1,
            accounts: [
              {
                accountXrefId: 71,
                accountId: 10,
                accountName: 'Operating',
                accountNumber: '00010',
                accountType: 'Transaction',
                accountCategory: 'Operating',
                bankName: 'First Bank',
                lastTransactionDate: '2025-03-02',
              },
            ],
          },
        },
        'POST /api/accounts/groups/2': { body: { msg: 'Accounts added successfully.', count: 1 } },
        'DELETE /api/accounts/groups/association': {
          body: { msg: 'Accounts removed successfully.', count: 1 },
        },
      },
    );
    await findHeading('Sweep Group');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add Accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Accounts' });
    // Operating is already a member: only Payroll is offered.
    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Payroll (00011)']);
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(boxes[0]!);
    await user.click(add);
    expect(await screen.findByText('Accounts added successfully.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/accounts/groups/2' && c.method === 'POST')?.body).toEqual({
      account: { accountIdList: [11] },
    });

    await user.click(screen.getByRole('checkbox', { name: 'Select Operating' }));
    await user.click(screen.getByRole('button', { name: /^Remove/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Accounts' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/accounts/groups/association')).toBe(1));
    expect(api.calls.find((c) => c.method === 'DELETE')?.body).toEqual({
      account: { accountGroupXrefs: [71] },
    });
  });

  it("sends the user back to the client's groups with 'Account group does not exist.'", async () => {
    const { currentPath } = openRoute('/client-management/1/account-group/99', GROUP_PERMS, {
      'GET /api/accounts/groups/99': { status: 404, body: { msg: 'Account group does not exist.' } },
    });
    expect(await screen.findByText(ACCOUNT_GROUP_MSG.notFound)).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/client-management/1'));
  });
});
