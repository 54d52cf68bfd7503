import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { onSessionExpired } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';
import { createRememberingCache } from '../lib/style-memory';
import { useToastHostWanted } from '../lib/toast-host';

// Toasts are raised with toast-host.ts's enqueueSnackbar from anywhere; notistack's host is a lazy chunk
// that loads once the signed-in shell has drawn, a signed-out screen asks for it or a toast is raised
// (toast-host.ts), never for the sign-in form.
const Toaster = lazy(() => import('./toaster'));
const emotionCache = createRememberingCache();

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    // An expired session clears the user (the guards then send the user to /) and every cached answer.
    onSessionExpired(() => created.clear());
    return created;
  });
  const toastHostWanted = useToastHostWanted();
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={client}>
          {children}
          {toastHostWanted && (
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          )}
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
