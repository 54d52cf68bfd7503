import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_MSG } from '@tideline/contracts/users/users.schemas';
import {
  ALL_USER_PERMISSIONS,
  findManageUsersHeading,
  openUserManagement,
  UI_TEST_TIMEOUT,
} from './users.fixtures';

async function openRowMenu(name: string) {
  await findManageUsersHeading();
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return user;
}

describe('Users tab', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the users with the spec columns and every row action for a full administrator', async () => {
    openUserManagement(ALL_USER_PERMISSIONS);
    expect(await findManageUsersHeading()).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ada Lovelace');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Role', 'Active Status', 'Actions']);
    const adaRow = within(table).getByText('Ada Lovelace').closest('tr')!;
    expect(within(adaRow).getByText('Client Viewer')).toBeTruthy();
    expect(within(adaRow).getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New User' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Users', 'Roles', 'Audit Log']);

    await openRowMenu('Ada Lovelace');
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Edit', 'Resend Invite', 'Reset MFA']);
  });

  it('hides the actions column, Add New User and the other tabs without their permissions', async () => {
    openUserManagement(['VIEW_USERS']);
    await findManageUsersHeading();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Grace Hopper');
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New User' })).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Users']);
  });

  it('offers only the row actions the user holds', async () => {
    openUserManagement(['VIEW_USERS', 'RESET_MFA']);
    await openRowMenu('Grace Hopper');
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Reset MFA']);
  });

  it('resets a user’s MFA after confirmation and says so', async () => {
    const { api } = openUserManagement(['VIEW_USERS', 'RESET_MFA'], {
      'PUT /api/users/reset-mfa/ada%40example.com': { body: { msg: USER_MSG.mfaResetSuccessful } },
    });
    const user = await openRowMenu('Ada Lovelace');
    await user.click(await screen.findByRole('menuitem', { name: 'Reset MFA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset MFA' });
    expect(api.calls.some((c) => c.path.startsWith('/api/users/reset-mfa'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText(USER_MSG.mfaResetSuccessful)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/users/reset-mfa/ada%40example.com')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "MFA reset request failed." when the reset is refused', async () => {
    openUserManagement(['VIEW_USERS', 'RESET_MFA'], {
      'PUT /api/users/reset-mfa/ada%40example.com': { status: 500, body: {} },
    });
    const user = await openRowMenu('Ada Lovelace');
    await user.click(await screen.findByRole('menuitem', { name: 'Reset MFA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset MFA' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText(USER_MSG.mfaResetFailed)).toBeTruthy();
  });

  it('resends an invitation after confirmation, with the fallback text on failure', async () => {
    const { api } = openUserManagement(['VIEW_USERS', 'RESEND_INVITE'], {
      'POST /api/users/resend-invite/ada%40example.com': { status: 503, body: {} },
    });
    const user = await openRowMenu('Ada Lovelace');
    await user.click(await screen.findByRole('menuitem', { name: 'Resend Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend Invite' });
    expect(within(dialog).getByText(/ada@example.com/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resend Invite' }));
    expect(await screen.findByText(USER_MSG.sendCodeFailed)).toBeTruthy();
    expect(api.callsTo('POST', '/api/users/resend-invite/ada%40example.com')).toBe(1);
  });
});
