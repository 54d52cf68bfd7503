import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadSignedInScreen } from './app/app-routes';
import { AppProviders } from './app/providers';
import { refreshAccessToken } from './lib/api-client';
import { useSessionStore } from './lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// A signed-in user reloading a screen: its chunks and a fresh access token are asked for at once rather
// than one after the other (shell, screen, then the first query's token refresh). The refresh is the one
// the first query would make (refreshAccessToken shares it); a failure is dealt with there again.
if (useSessionStore.getState().user) {
  preloadSignedInScreen(window.location.pathname);
  refreshAccessToken().catch(() => undefined);
}

const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
