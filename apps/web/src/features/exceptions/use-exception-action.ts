import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ZodError } from 'zod';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { enqueueSnackbar } from '../../lib/toast-host';

type ExceptionMutation<V> = UseMutationResult<unknown, Error, { exceptionId: number; body: V }>;

/** The first message of each field a schema refused, by field name. */
export function messagesByField(error: ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    messages[field] ??= issue.message;
  }
  return messages;
}

/**
 * Sends one action of an exception's dialog. A refusal keeps the dialog open, with what was typed, and
 * shows the server's msg (and its field errors under the fields); success toasts and closes it.
 */
export function useExceptionAction<V>(
  mutation: ExceptionMutation<V>,
  exceptionId: number,
  texts: { success: string; failure: string },
  onDone: () => void,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const run = (body: V) => {
    setServerError(null);
    setServerFieldErrors({});
    mutation.mutate(
      { exceptionId, body },
      {
        onSuccess: () => {
          enqueueSnackbar(texts.success, { variant: 'success' });
          onDone();
        },
        onError: (error) => {
          setServerError(failureMessage(error, texts.failure));
          setServerFieldErrors(fieldErrorsOf(error));
        },
      },
    );
  };
  return { run, serverError, serverFieldErrors, isPending: mutation.isPending };
}
