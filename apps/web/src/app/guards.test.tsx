import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { useSessionStore } from '../lib/session-store';

const viewer = {
  userId: 3,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  permList: [],
};
const admin = { ...viewer, permList: ['VIEW_USERS'] };

// Whole sign-in flows through lazy chunks: slow when the suite runs in parallel.
describe('route guards', { timeout: 15_000 }, () => {
  it('sends a signed-out visitor to / and back to the origin after sign-in', async () => {
    fakeApi({
      'POST /api/auth/sign-in': { body: { challenge: 'SOFTWARE_TOKEN_MFA', session: 's' } },
      'POST /api/auth/mfa/verify': { body: { accessToken: 'at', expiresIn: 900 } },
      'GET /api/users/logged-user': { body: admin },
    });
    const { currentPath } = renderApp('/user-management');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(currentPath()).toBe('/');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-password-1{Enter}');
    await user.type(await screen.findByLabelText('MFA Code'), '123456{Enter}');
    // Two lazy chunks (the shell and the page) load here for the first time in this file.
    expect(await screen.findByRole('heading', { name: 'Manage Users' }, { timeout: 5_000 })).toBeTruthy();
    expect(currentPath()).toBe('/user-management');
  });

  it('shows the fallback screen in place when the permission is missing', async () => {
    useSessionStore.getState().setUser(viewer);
    fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
      'GET /api/users/logged-user': { body: viewer },
    });
    const { currentPath } = renderApp('/user-management');
    expect(await screen.findByText(MSG.notFoundPage)).toBeTruthy();
    expect(currentPath()).toBe('/user-management');
    // Still inside the shell: the user menu is there.
    expect(screen.getByRole('button', { name: /account menu$/ })).toBeTruthy();
  });

  it('sends a signed-in user on a public route to /dashboard', async () => {
    useSessionStore.getState().setUser(viewer);
    fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
      'GET /api/users/logged-user': { body: viewer },
    });
    const { currentPath } = renderApp('/forgot-password/grace%40example.com/abc');
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Grace$/ }),
    ).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
  });

  it('shows the 404 page with Back to Home for an unknown path', async () => {
    fakeApi({});
    renderApp('/no/such/page');
    expect(await screen.findByText(MSG.notFoundPage)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
  });

  it('signs the user out when the session check finds the session expired after a reload', async () => {
    useSessionStore.getState().setUser(viewer);
    fakeApi({
      'POST /api/auth/refresh': { status: 401, body: { msg: 'Expired' } },
      'GET /api/users/logged-user': { status: 401, body: { msg: 'Unauthorized' } },
    });
    const { currentPath } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(useSessionStore.getState().user).toBeNull();
  });

  it("logs out to /, and shows 'Logout Fail!' when signing out fails", async () => {
    useSessionStore.getState().setUser(viewer);
    let signOutStatus = 500;
    fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
      'GET /api/users/logged-user': { body: viewer },
      'POST /api/auth/sign-out': () => ({ status: signOutStatus, body: { msg: 'x' } }),
    });
    const { currentPath } = renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText(MSG.logoutFail)).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
    signOutStatus = 200;
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(useSessionStore.getState().user).toBeNull();
  });
});
