import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { USER_MSG } from '@tideline/contracts/users/users.schemas';
import { useSessionStore } from '../../lib/session-store';
import { TEST_USER } from '../../test/open-app';
import {
  ADA,
  ALL_USER_PERMISSIONS,
  GRACE,
  findManageUsersHeading,
  openUserManagement,
  UI_TEST_TIMEOUT,
} from './users.fixtures';

async function openAddDialog() {
  await findManageUsersHeading();
  await screen.findByRole('cell', { name: 'Ada Lovelace' });
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Add New User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
  return { user, dialog };
}

async function openEditDialog(name: string) {
  await findManageUsersHeading();
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  await within(dialog).findByLabelText('First Name');
  return { user, dialog };
}

async function pickRole(user: UserEvent, dialog: HTMLElement, roleName: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: roleName }));
}

async function fillNewUser(user: UserEvent, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('First Name'), 'Katherine');
  await user.type(within(dialog).getByLabelText('Last Name'), 'Johnson');
  await user.type(within(dialog).getByLabelText('Email'), 'katherine@example.com');
  await user.type(within(dialog).getByLabelText('Phone Number'), '+1 (555) 010-2030');
  await pickRole(user, dialog, 'Admin');
}

describe('Add/Edit User dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('adds a user: sends {user}, toasts the server msg, closes and refreshes the list', async () => {
    const created = { ...GRACE, userId: 9, firstName: 'Katherine', lastName: 'Johnson' };
    const { api } = openUserManagement(ALL_USER_PERMISSIONS, {
      'POST /api/users/add': { status: 201, body: { msg: USER_MSG.created, user: created } },
    });
    const { user, dialog } = await openAddDialog();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('First Name'));
    await fillNewUser(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MSG.created)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/users/add')?.body).toEqual({
      user: {
        firstName: 'Katherine',
        lastName: 'Johnson',
        email: 'katherine@example.com',
        phoneNumber: '+1 (555) 010-2030',
        roleId: 1,
        status: 1,
        clientAssociation: [],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/users/all')).toBe(2));
  });

  it('refuses a Client Viewer without a client, saying why (issue 20 point 9)', async () => {
    const { api } = openUserManagement(ALL_USER_PERMISSIONS);
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('First Name'), 'Katherine');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Johnson');
    await user.type(within(dialog).getByLabelText('Email'), 'katherine@example.com');
    await pickRole(user, dialog, 'Client Viewer');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(USER_MSG.clientRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/api/users/add')).toBe(0);
  });

  it('keeps what was typed on a 409 and shows the server message and field error', async () => {
    openUserManagement(ALL_USER_PERMISSIONS, {
      'POST /api/users/add': {
        status: 409,
        body: { msg: USER_MSG.createFailed, fieldErrors: { 'user.email': [USER_MSG.emailTaken] } },
      },
    });
    const { user, dialog } = await openAddDialog();
    await fillNewUser(user, dialog);
    await user.type(within(dialog).getByLabelText('Email'), '{Enter}');
    expect(await screen.findByText(USER_MSG.createFailed)).toBeTruthy();
    expect(within(dialog).getByText(USER_MSG.emailTaken)).toBeTruthy();
    expect((within(dialog).getByLabelText('First Name') as HTMLInputElement).value).toBe('Katherine');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('katherine@example.com');
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeTruthy();
  });

  it('falls back to "Failed to create user." when the answer has no msg', async () => {
    openUserManagement(ALL_USER_PERMISSIONS, { 'POST /api/users/add': { status: 500, body: {} } });
    const { user, dialog } = await openAddDialog();
    await fillNewUser(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MSG.createFailed)).toBeTruthy();
  });

  it('shows the spec messages for missing, invalid email and phone, and sends nothing', async () => {
    const { api } = openUserManagement(ALL_USER_PERMISSIONS);
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Phone Number'), 'call me');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.mustBeValidEmail)).toBeTruthy();
    expect(within(dialog).getByText(USER_MSG.invalidPhone)).toBeTruthy();
    // first name, last name and role
    expect(within(dialog).getAllByText(MSG.required)).toHaveLength(3);
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/users/add')).toBe(false);
  });

  it('shows the status selector only with DEACTIVATE_USERS; new users start Active', async () => {
    openUserManagement(['VIEW_USERS', 'ADD_USERS']);
    const first = await openAddDialog();
    expect(within(first.dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    useSessionStore.getState().setUser({
      ...useSessionStore.getState().user!,
      permList: ['VIEW_USERS', 'ADD_USERS', 'DEACTIVATE_USERS'],
    });
    const second = await openAddDialog();
    expect(within(second.dialog).getByRole('combobox', { name: 'Status' }).textContent).toBe('Active');
  });

  it('shows the client association only for a client-scoped role and clears it when the role changes', async () => {
    const { api } = openUserManagement(ALL_USER_PERMISSIONS, {
      'PUT /api/users/7': { body: { msg: USER_MSG.updated, user: ADA } },
    });
    const { user, dialog } = await openEditDialog('Ada Lovelace');
    expect(api.callsTo('GET', '/api/users/client-association/7')).toBe(1);
    const association = within(dialog).getByRole('combobox', { name: 'Client Association' });
    expect(
      within(association.closest('.MuiAutocomplete-root') as HTMLElement).getByText('Acme'),
    ).toBeTruthy();

    await pickRole(user, dialog, 'Admin');
    expect(within(dialog).queryByRole('combobox', { name: 'Client Association' })).toBeNull();
    await pickRole(user, dialog, 'Client Viewer');
    const cleared = within(dialog).getByRole('combobox', { name: 'Client Association' });
    expect(within(cleared.closest('.MuiAutocomplete-root') as HTMLElement).queryByText('Acme')).toBeNull();

    await user.click(cleared);
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MSG.updated)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT' && c.path === '/api/users/7')?.body).toMatchObject({
      user: { roleId: 4, status: 0, clientAssociation: [12] },
    });
  });

  it('shows the role and the clients without letting them change without EDIT_ROLES and the association permission', async () => {
    const { api } = openUserManagement(['VIEW_USERS', 'EDIT_USERS'], {
      'PUT /api/users/7': { body: { msg: USER_MSG.updated, user: ADA } },
    });
    const { user, dialog } = await openEditDialog('Ada Lovelace');
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role.getAttribute('aria-disabled')).toBe('true');
    const association = within(dialog).getByRole('combobox', { name: 'Client Association' });
    expect((association as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MSG.updated)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT' && c.path === '/api/users/7')?.body).toMatchObject({
      user: { roleId: ADA.roleId, clientAssociation: ADA.clientAssociation.map((c) => c.clientId) },
    });
  });

  it('closes with "Failed to get client associations for the user." when they cannot be loaded', async () => {
    openUserManagement(ALL_USER_PERMISSIONS, {
      'GET /api/users/client-association/7': { status: 500, body: { msg: 'boom' } },
    });
    await findManageUsersHeading();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByText(USER_MSG.clientAssociationFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull());
  });

  it('after editing oneself reloads the current user and goes to /dashboard', async () => {
    const renamed = { ...GRACE, firstName: 'Amazing' };
    let loggedUserCalls = 0;
    const { api, currentPath } = openUserManagement(ALL_USER_PERMISSIONS, {
      'PUT /api/users/3': { body: { msg: USER_MSG.updated, user: renamed } },
      'GET /api/users/logged-user': () => {
        loggedUserCalls += 1;
        const permList = [...ALL_USER_PERMISSIONS];
        const firstName = loggedUserCalls === 1 ? 'Grace' : 'Amazing';
        return { body: { ...TEST_USER, firstName, permList } };
      },
    });
    const { user, dialog } = await openEditDialog('Grace Hopper');
    const firstName = within(dialog).getByLabelText('First Name');
    await user.clear(firstName);
    await user.type(firstName, 'Amazing{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(useSessionStore.getState().user?.firstName).toBe('Amazing');
    // The dashboard chunk may still be loading: the navigation keeps the old screen until it is there.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Manage Users' })).toBeNull());
    expect(api.callsTo('PUT', '/api/users/3')).toBe(1);
  });

  it('falls back to "Failed to edit user." when an edit fails without a message', async () => {
    openUserManagement(ALL_USER_PERMISSIONS, { 'PUT /api/users/7': { status: 502, body: {} } });
    const { user, dialog } = await openEditDialog('Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MSG.editFailed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeTruthy();
  });
});
