import { useEffect } from 'react';
import { styled } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { attachToastHost } from '../lib/toast-host';

// notistack's own colours put white text on #43a047, #2196f3 and #ff9800 (2.2 to 3.1 to 1): too faint
// for WCAG AA (4.5 to 1; axe's color-contrast). These shades keep the hues at 5 to 1 or more.
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1565c0' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
});

const MAX_TOASTS = 5;

const TOASTS = { default: Toast, success: Toast, info: Toast, warning: Toast, error: Toast };

/** The notistack host, top right (architecture.md "Web"). Lazy: toasts are never part of the first paint. */
export default function Toaster() {
  // notistack's enqueueSnackbar is set once its provider has mounted, which is before this effect runs;
  // it is read at each call, as a remounted provider sets it again.
  useEffect(() => attachToastHost((message, options) => enqueueSnackbar(message, options)), []);
  // Five on screen: Start Ingestion raises its success and a warning per account type it found no
  // accounts of (up to four) at once. With three, notistack dismissed the success as the fourth came.
  return (
    <SnackbarProvider
      maxSnack={MAX_TOASTS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={TOASTS}
    />
  );
}
