import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '../app/app-routes';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

let currentPath = '';
let currentSearch = '';
let currentState: unknown = null;
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname;
  currentSearch = location.search;
  currentState = location.state;
  return null;
}

/**
 * Renders the whole app (providers, route table, guards) at a path (with a navigation state), in memory;
 * with `queryClient` when the test has filled one.
 */
export function renderApp(path: InitialEntry, queryClient: QueryClient = createQueryClient()) {
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...result,
    currentPath: () => currentPath,
    currentSearch: () => currentSearch,
    currentState: () => currentState,
  };
}
