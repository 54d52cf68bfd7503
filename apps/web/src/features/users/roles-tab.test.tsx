import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE_MSG } from '@tideline/contracts/roles/roles.schemas';
import { labelOfPermission } from './permission-checklist';
import { findManageUsersHeading, openUserManagement, UI_TEST_TIMEOUT } from './users.fixtures';

const EDITOR = ['VIEW_USERS', 'VIEW_ROLES', 'EDIT_ROLES'] as const;

async function openRolesTab(...args: Parameters<typeof openUserManagement>) {
  const result = openUserManagement(...args);
  await findManageUsersHeading();
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('tab', { name: 'Roles' }));
  const table = await screen.findByRole('table', { name: 'Roles' });
  await within(table).findByText('Client Viewer');
  return { ...result, user, table };
}

describe('permission labels', () => {
  it('reads the catalogue names as words, with the spec spellings', () => {
    expect(labelOfPermission('RESET_MFA')).toBe('Reset MFA');
    expect(labelOfPermission('VIEW_CASH_VEST_SCORES')).toBe('View cashVest Scores');
    expect(labelOfPermission('VIEW_USER_CLIENT_ASSOCIATIONS')).toBe('View User Client Associations');
  });
});

describe('Roles tab', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the roles with their scoping, number of users and number of permissions', async () => {
    const { table } = await openRolesTab([...EDITOR]);
    const row = within(table).getByText('Admin').closest('tr')!;
    expect([...row.querySelectorAll('td')].slice(0, 4).map((c) => c.textContent)).toEqual([
      'Admin',
      'No',
      '1',
      '2',
    ]);
    expect(screen.getByRole('button', { name: 'Add Role' })).toBeTruthy();
  });

  it('adds a role with the chosen permissions, by area and one by one', async () => {
    const { api, user } = await openRolesTab([...EDITOR], {
      'POST /api/roles': { status: 201, body: { msg: ROLE_MSG.created } },
    });
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role' });
    await user.type(within(dialog).getByLabelText('Role Name'), 'Auditor');
    await user.click(within(dialog).getByRole('switch', { name: 'Client-scoped' }));
    await user.click(within(dialog).getByLabelText('Select all Users'));
    await user.click(within(dialog).getByLabelText('Reset MFA'));
    expect(within(dialog).getByLabelText('Select all Users').dataset.indeterminate).toBe('true');
    await user.click(within(dialog).getByLabelText('View Audit Log'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(ROLE_MSG.created)).toBeTruthy();
    const body = api.calls.find((c) => c.method === 'POST' && c.path === '/api/roles')?.body as {
      role: { roleName: string; isClientScoped: boolean; permissions: string[] };
    };
    expect(body.role.roleName).toBe('Auditor');
    expect(body.role.isClientScoped).toBe(true);
    expect([...body.role.permissions].sort()).toEqual(
      ['ADD_USERS', 'DEACTIVATE_USERS', 'EDIT_USERS', 'RESEND_INVITE', 'VIEW_AUDIT_LOG', 'VIEW_USERS'].sort(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/roles')).toBe(2));
  });

  it('edits a role and shows the fallback when saving fails', async () => {
    const { api, user } = await openRolesTab([...EDITOR], { 'PUT /api/roles/1': { status: 500, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Actions for Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    expect((within(dialog).getByLabelText('Add Users') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByLabelText('Add Users'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ROLE_MSG.editFailed)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/roles/1')?.body).toEqual({
      role: { roleName: 'Admin', isClientScoped: false, permissions: ['VIEW_USERS'] },
    });
    expect(screen.getByRole('dialog', { name: 'Edit Role' })).toBeTruthy();
  });

  it('shows a role read-only without EDIT_ROLES', async () => {
    const { user } = await openRolesTab(['VIEW_USERS', 'VIEW_ROLES']);
    expect(screen.queryByRole('button', { name: 'Add Role' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admin' });
    expect((within(dialog).getByLabelText('View Users') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
