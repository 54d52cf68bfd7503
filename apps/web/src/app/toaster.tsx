import { SnackbarProvider } from 'notistack';

/** The notistack host, top right (architecture.md "Web"). Lazy: toasts are never part of the first paint. */
export default function Toaster() {
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />;
}
