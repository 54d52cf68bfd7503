import type { InitialEntry } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { LoggedUser } from '@tideline/contracts/users/logged-user.schemas';
import { useSessionStore } from '../lib/session-store';
import { fakeApi, type FakeHandler, type FakeResponse } from './fake-api';
import { renderApp } from './render-app';

/** The signed-in user of the whole-app tests. */
export const TEST_USER = { userId: 3, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };

/**
 * Signs `user` (TEST_USER unless told) in with `permList`, against a fake API that answers the session
 * calls (refresh, logged-user) and `routes`; a route given for one of the session calls replaces the
 * default answer.
 */
export function signInAs(
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
  user: Omit<LoggedUser, 'permList'> = TEST_USER,
) {
  const me = { ...user, permList: [...permList] };
  useSessionStore.getState().setUser(me);
  return fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/users/logged-user': { body: me },
    ...routes,
  });
}

/** Renders the whole app at `path`, signed in as signInAs signs in. */
export function openAppAs(
  path: InitialEntry,
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
  user: Omit<LoggedUser, 'permList'> = TEST_USER,
) {
  const api = signInAs(permList, routes, user);
  return { api, ...renderApp(path) };
}
