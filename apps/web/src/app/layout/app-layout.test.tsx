import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import type { LoggedUser } from '@tideline/contracts/users/users.schemas';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

function signedInAs(permList: string[]): LoggedUser {
  const user = { userId: 7, firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', permList };
  useSessionStore.getState().setUser(user);
  return user;
}

function serve(user: LoggedUser, signOutStatus = () => 200) {
  return fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/users/logged-user': { body: user },
    'POST /api/auth/sign-out': () => ({ status: signOutStatus(), body: {} }),
  });
}

async function sidebarLinks() {
  // The shell is a lazy chunk: give it time to arrive when the whole suite runs at once.
  const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5_000 });
  return within(nav).getAllByRole('link');
}

describe('the signed-in shell', { timeout: 20_000 }, () => {
  it('shows only Home to a user without view permissions', async () => {
    serve(signedInAs([]));
    renderApp('/dashboard');
    expect((await sidebarLinks()).map((a) => a.textContent)).toEqual(['Home']);
  });

  it('shows exactly the links of the view permissions held, in order, with their paths', async () => {
    serve(signedInAs(['VIEW_BANKS', 'VIEW_USERS', 'VIEW_ANALYSIS', 'ADD_USERS']));
    renderApp('/dashboard');
    const links = await sidebarLinks();
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/dashboard'],
      ['Users', '/user-management'],
      ['Banks', '/bank-management'],
      ['Analysis', '/analysis'],
    ]);
  });

  it('shows every link to a user holding every view permission', async () => {
    serve(
      signedInAs([
        'VIEW_USERS',
        'VIEW_CLIENTS',
        'VIEW_BANKS',
        'VIEW_OPEN_REPORTS',
        'VIEW_INVESTMENTS',
        'VIEW_ANALYSIS',
        'VIEW_GLOBAL_SETTINGS',
      ]),
    );
    renderApp('/dashboard');
    expect((await sidebarLinks()).map((a) => a.textContent)).toEqual([
      'Home',
      'Users',
      'Clients',
      'Banks',
      'Data Ingestion',
      'Investments',
      'Analysis',
      'Global Settings',
    ]);
  });

  it('highlights the link of the current page, also below it', async () => {
    serve(signedInAs(['VIEW_CLIENTS']));
    renderApp('/client-management/12');
    const links = await sidebarLinks();
    const current = links.filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Clients']);
  });

  it('collapses the sidebar to icons and opens it again', async () => {
    serve(signedInAs(['VIEW_BANKS']));
    renderApp('/dashboard');
    await sidebarLinks();
    const user = userEvent.setup({ delay: null });
    const toggle = screen.getByRole('button', { name: 'Collapse navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    const collapsed = await sidebarLinks();
    // No text on screen, but each icon link keeps its name.
    expect(collapsed.map((a) => a.textContent)).toEqual(['', '']);
    expect(collapsed.map((a) => a.getAttribute('aria-label'))).toEqual(['Home', 'Banks']);
    await user.click(screen.getByRole('button', { name: 'Expand navigation' }));
    expect((await sidebarLinks()).map((a) => a.textContent)).toEqual(['Home', 'Banks']);
  });

  it('leads home from the logo', async () => {
    serve(signedInAs([]));
    renderApp('/my-account');
    await sidebarLinks();
    expect((await screen.findByRole('link', { name: 'Tideline home' })).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('offers My Account and Logout in the user menu', async () => {
    serve(signedInAs([]));
    const { currentPath } = renderApp('/dashboard');
    await sidebarLinks();
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Ana$/ }),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    const menuButton = screen.getByRole('button', { name: 'Ana Silva, account menu' });
    // The avatar's initials are drawn from an attribute by CSS, so they are not part of the label text.
    expect(menuButton.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('AS');
    expect(menuButton.textContent).toBe('Ana Silva');
    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'My Account' }));
    await waitFor(() => expect(currentPath()).toBe('/my-account'));
  });

  it("signs out to / on Logout, and shows 'Logout Fail!' and stays when it fails", async () => {
    let status = 503;
    const api = serve(signedInAs([]), () => status);
    const { currentPath } = renderApp('/dashboard');
    await sidebarLinks();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText(MSG.logoutFail)).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
    expect(useSessionStore.getState().user).not.toBeNull();

    status = 200;
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(useSessionStore.getState().user).toBeNull();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toBe(2);
  });
});
