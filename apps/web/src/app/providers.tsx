import { lazy, Suspense, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { onSessionExpired } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

// Toasts are raised with notistack's enqueueSnackbar from anywhere; its host loads after the first paint.
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
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
