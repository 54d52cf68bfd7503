import { enqueueSnackbar } from './toast-host';
import { failureMessage } from './api-messages';

/**
 * The usual ending of a write: the server's msg (or our text) as a success toast, then `then`; on
 * failure the server's msg or the spec's fallback text as an error toast (platform.md 8).
 * Spread into a mutation's options: `mutate(vars, toastOutcome({ success, failure }, close))`.
 */
export function toastOutcome(texts: { success: string; failure: string }, then?: () => void) {
  return {
    onSuccess: (msg?: string) => {
      enqueueSnackbar(msg ?? texts.success, { variant: 'success' });
      then?.();
    },
    onError: (error: unknown) => enqueueSnackbar(failureMessage(error, texts.failure), { variant: 'error' }),
  };
}
