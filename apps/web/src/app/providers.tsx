import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { onSessionExpired } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { useSessionStore } from '../lib/session-store';
import { theme } from './theme';
import { requestToastHost, useToastHostWanted } from '../lib/toast-host';

// Toasts are raised with notistack's enqueueSnackbar from anywhere; its host is a lazy chunk that loads
// once a user is signed in or a signed-out screen asks for it (toast-host.ts), never for the sign-in form.
const Toaster = lazy(() => import('./toaster'));

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
  const signedIn = useSessionStore((s) => s.user !== null);
  useEffect(() => {
    if (signedIn) requestToastHost();
  }, [signedIn]);
  const toastHostWanted = useToastHostWanted() || signedIn;
  return (
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
  );
}
