import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Permission } from '@tideline/contracts/access/permissions';
import { ACME } from '../features/clients/clients.fixtures';
import { createQueryClient } from '../lib/query-client';
import { signInAs } from '../test/open-app';
import { renderApp } from '../test/render-app';
import { stubObserver } from '../test/stub-intersection-observer';
import { UI_TEST_TIMEOUT } from '../test/ui-test-timeout';
import { preloadSignedInScreen } from './app-routes';

const signedInWith = (permList: Permission[]) => signInAs(permList, { 'GET /api/clients/1': { body: ACME } });

describe('preloadSignedInScreen', { timeout: UI_TEST_TIMEOUT }, () => {
  it("asks for a client profile's client as its chunk arrives, into the cache the profile reads", async () => {
    const api = signedInWith(['VIEW_CLIENTS']);
    const queryClient = createQueryClient();
    await preloadSignedInScreen('/client-management/1', queryClient);
    await waitFor(() =>
      expect(queryClient.getQueryData(['clients', 'detail', 1])).toMatchObject({
        clientId: 1,
        clientName: ACME.clientName,
      }),
    );
    expect(api.callsTo('GET', '/api/clients/1')).toBe(1);
  });

  it('asks for nothing the route would not let the user see, nor for a screen without data of its own', async () => {
    const api = signedInWith(['VIEW_ACCOUNTS']);
    const queryClient = createQueryClient();
    await preloadSignedInScreen('/client-management/1', queryClient);
    await preloadSignedInScreen('/dashboard', queryClient);
    await preloadSignedInScreen('/client-management/not-a-number', queryClient);
    expect(api.calls.filter((c) => c.path !== '/api/auth/refresh')).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('draws a preloaded client profile, its header included, in its first render: no loading fallback', async () => {
    signedInWith(['VIEW_CLIENTS']);
    stubObserver();
    const queryClient = createQueryClient();
    await preloadSignedInScreen('/client-management/1', queryClient);
    await waitFor(() => expect(queryClient.getQueryData(['clients', 'detail', 1])).toBeDefined());
    renderApp('/client-management/1', queryClient);
    // getBy, not findBy: drawn by the render itself, not after a chunk or an answer arrives.
    expect(screen.getByRole('heading', { level: 1, name: ACME.clientName })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Client profile' })).toBeTruthy();
    // The summary follows in a background render; its widgets stay titled cards (never near here), so
    // no chart chunk is still loading when the test ends.
    expect(await screen.findByRole('region', { name: 'Assets' })).toBeTruthy();
  });
});
