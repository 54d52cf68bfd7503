import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadSignedInScreen } from './app/app-routes';
import { AppProviders } from './app/providers';
import { refreshAccessToken } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { useSessionStore } from './lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const queryClient = createQueryClient();
const root = createRoot(container);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );

// A signed-in user reloading a screen: its chunks, a fresh access token and the screen's first answer are
// asked for at once rather than one after the other (shell, screen, the first query's token refresh, then
// the query). The refresh is the one the first query would make (refreshAccessToken shares it); a failure
// is dealt with there again. The first render waits for the chunks: started before them, it showed the
// routes' loading fallback, and React reveals what replaces a shown fallback no sooner than 300 ms after
// it (its Suspense throttle), which held the page's header back that long (issue 21 "Speed").
if (useSessionStore.getState().user) {
  refreshAccessToken().catch(() => undefined);
  void preloadSignedInScreen(window.location.pathname, queryClient).then(render);
} else {
  render();
}
