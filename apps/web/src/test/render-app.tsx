import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/app-routes';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname;
  return null;
}

/** Renders the whole app (providers, route table, guards) at a path, in memory. */
export function renderApp(path: string) {
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, currentPath: () => currentPath };
}
