import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, PASSWORD_HINT } from '@tideline/contracts/common/messages';
import { USER_MSG } from '@tideline/contracts/users/users.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';
import { useSessionStore } from '../../lib/session-store';
import { hasAccessToken } from '../../lib/api-client';

const ada = { userId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', permList: [] };
const NEW_PASSWORD = 'Tideline-pass-2025';

function openMyAccount(routes: Record<string, FakeHandler | FakeResponse> = {}) {
  return openAppAs('/my-account', ada.permList, routes, ada);
}

function form(name: string) {
  return within(screen.getByRole('form', { name }));
}

describe('My Account', { timeout: 30_000 }, () => {
  it('shows the header, the page title and the three sections with the saved details', async () => {
    openMyAccount();
    expect(await screen.findByRole('heading', { name: 'My Account', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Account Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Multi-Factor Authentication' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Password' })).toBeTruthy();
    expect((form('Details').getByLabelText('First Name') as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
  });

  it('saves the details with oldEmail and id, then holds the reloaded user', async () => {
    const saved = { ...ada, firstName: 'Augusta', email: 'augusta@example.com' };
    const { api } = openMyAccount({
      'PUT /api/users/profile/7': { body: { ...saved, msg: USER_MSG.profileUpdated } },
    });
    const user = userEvent.setup({ delay: null });
    const firstName = await screen.findByLabelText('First Name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    const email = form('Details').getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'augusta@example.com');
    await user.type(form('Details').getByLabelText('Current Password'), 'My-password-2024{Enter}');
    expect(await screen.findByText(USER_MSG.profileUpdated)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/users/profile/7')?.body).toEqual({
      user: {
        firstName: 'Augusta',
        lastName: 'Lovelace',
        email: 'augusta@example.com',
        oldEmail: 'ada@example.com',
        id: 7,
        currentPassword: 'My-password-2024',
      },
    });
    expect(useSessionStore.getState().user).toEqual(saved);
    // The saved email is the new one: the password field goes, emptied.
    await waitFor(() => expect(form('Details').queryByLabelText('Current Password')).toBeNull());
  });

  it('asks for the current password only when the email changes (security issue 14)', async () => {
    const { api } = openMyAccount({
      'PUT /api/users/profile/7': { body: { ...ada, lastName: 'King', msg: USER_MSG.profileUpdated } },
    });
    const user = userEvent.setup({ delay: null });
    const email = await screen.findByLabelText('Email');
    expect(form('Details').queryByLabelText('Current Password')).toBeNull();
    await user.clear(email);
    await user.type(email, 'grace@example.com{Enter}');
    expect(await screen.findByText(USER_MSG.currentPasswordRequired)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/users/profile/7')).toBe(0);
    // Back to the saved address (in another case): no password asked, none sent.
    await user.clear(email);
    await user.type(email, 'ADA@example.com');
    expect(form('Details').queryByLabelText('Current Password')).toBeNull();
    const lastName = form('Details').getByLabelText('Last Name');
    await user.clear(lastName);
    await user.type(lastName, 'King{Enter}');
    expect(await screen.findByText(USER_MSG.profileUpdated)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/users/profile/7')?.body).toEqual({
      user: {
        firstName: 'Ada',
        lastName: 'King',
        email: 'ADA@example.com',
        oldEmail: 'ada@example.com',
        id: 7,
      },
    });
  });

  it('puts a wrong current password under its field and keeps what was typed', async () => {
    openMyAccount({
      'PUT /api/users/profile/7': {
        status: 400,
        body: { msg: MSG.invalidPassword, fieldErrors: { currentPassword: [MSG.invalidPassword] } },
      },
    });
    const user = userEvent.setup({ delay: null });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@example.com');
    const password = form('Details').getByLabelText('Current Password');
    await user.type(password, 'Wrong-password-1{Enter}');
    expect(await screen.findAllByText(MSG.invalidPassword)).toHaveLength(2);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect((email as HTMLInputElement).value).toBe('grace@example.com');
    expect((password as HTMLInputElement).value).toBe('Wrong-password-1');
    expect(useSessionStore.getState().user).toEqual(ada);
  });

  it('keeps the typed details when the save is refused and shows why', async () => {
    openMyAccount({
      'PUT /api/users/profile/7': {
        status: 409,
        body: { msg: USER_MSG.editFailed, fieldErrors: { 'user.email': [USER_MSG.emailTaken] } },
      },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('First Name');
    const email = form('Details').getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@example.com');
    await user.type(form('Details').getByLabelText('Current Password'), 'My-password-2024{Enter}');
    expect(await screen.findByText(USER_MSG.editFailed)).toBeTruthy();
    expect(screen.getByText(USER_MSG.emailTaken)).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('grace@example.com');
    expect(useSessionStore.getState().user).toEqual(ada);
  });

  it('validates the details with the spec texts and Cancel brings back the saved values', async () => {
    const { api } = openMyAccount();
    const user = userEvent.setup({ delay: null });
    const firstName = await screen.findByLabelText('First Name');
    await user.clear(firstName);
    const email = form('Details').getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email{Enter}');
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    expect(screen.getByText(MSG.mustBeValidEmail)).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/users/profile'))).toBe(false);
    await user.click(form('Details').getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect((firstName as HTMLInputElement).value).toBe('Ada'));
    expect((email as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('changes the password, toasts the success and clears the fields', async () => {
    const { api } = openMyAccount({
      'POST /api/auth/change-password': {
        body: { accessToken: 'after-change', expiresIn: 900, msg: MSG.passwordUpdated },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current Password'), 'Old-password-2024');
    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Verify New Password'), `${NEW_PASSWORD}{Enter}`);
    expect(await screen.findByText(MSG.passwordUpdated)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'Old-password-2024',
      newPassword: NEW_PASSWORD,
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe(''),
    );
    expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe('');
  });

  it('checks the password form with the spec texts before sending', async () => {
    const { api } = openMyAccount();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save Password' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(3);
    await user.type(screen.getByLabelText('Current Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Verify New Password'), 'Something-else-1{Enter}');
    expect(await screen.findByText(MSG.passwordsMustMatch)).toBeTruthy();
    expect(screen.getByText(MSG.newPasswordSameAsCurrent)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/change-password')).toBe(0);
  });

  it('holds the new password to the policy before sending', async () => {
    const { api } = openMyAccount();
    const user = userEvent.setup({ delay: null });
    const newPassword = await screen.findByLabelText('New Password');
    await user.type(screen.getByLabelText('Current Password'), 'Old-password-2024');
    await user.type(newPassword, 'Short-1!');
    await user.type(screen.getByLabelText('Verify New Password'), 'Short-1!{Enter}');
    expect(await screen.findByText(MSG.passwordTooShort)).toBeTruthy();
    await user.clear(newPassword);
    await user.type(newPassword, 'alllowercase-no-digits');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText(MSG.passwordRequirements)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/change-password')).toBe(0);
  });

  it('puts a wrong current password under its field and toasts the failure', async () => {
    openMyAccount({
      'POST /api/auth/change-password': {
        status: 400,
        body: { msg: MSG.invalidPassword, fieldErrors: { currentPassword: [MSG.invalidPassword] } },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current Password'), 'Wrong-password-1');
    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Verify New Password'), `${NEW_PASSWORD}{Enter}`);
    expect(await screen.findByText(MSG.passwordUpdateFailed)).toBeTruthy();
    const current = screen.getByLabelText('Current Password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MSG.invalidPassword)).toBeTruthy();
    expect((current as HTMLInputElement).value).toBe('Wrong-password-1');
  });

  it('puts a refused new password under its field as "Password must meet requirements."', async () => {
    openMyAccount({
      'POST /api/auth/change-password': {
        status: 400,
        body: { msg: 'newPassword: too weak', fieldErrors: { newPassword: ['too weak'] } },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current Password'), 'Old-password-2024');
    await user.type(screen.getByLabelText('New Password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Verify New Password'), `${NEW_PASSWORD}{Enter}`);
    expect(await screen.findByText(MSG.passwordUpdateFailed)).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequirements)).toBeTruthy();
    expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(MSG.invalidPassword)).toBeNull();
  });

  it('resets MFA after confirmation, signs out and returns to the sign-in screen', async () => {
    const { api, currentPath } = openMyAccount({ 'POST /api/auth/mfa/reset': { body: { msg: 'ok' } } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reset MFA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset MFA' });
    expect(within(dialog).getByRole('button', { name: 'CANCEL' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM AND LOG OUT' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(api.callsTo('POST', '/api/auth/mfa/reset')).toBe(1);
    expect(useSessionStore.getState().user).toBeNull();
    expect(hasAccessToken()).toBe(false);
  });

  it('keeps the user signed in when CANCEL is chosen', async () => {
    const { api } = openMyAccount();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reset MFA' }));
    await user.click(await screen.findByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/auth/mfa/reset')).toBe(0);
    expect(useSessionStore.getState().user).toEqual(ada);
  });
});
