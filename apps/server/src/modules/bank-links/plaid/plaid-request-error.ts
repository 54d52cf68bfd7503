import { AppError } from '../../../platform/http/app-error';

// A failed Plaid call as a plain message the user can read. The client library's own error holds the
// whole request (the PLAID-SECRET header among it), so it never reaches a log or an answer.

export type PlaidFailureKind = 'refused' | 'unreachable';

export class PlaidRequestError extends Error {
  constructor(
    /** refused: Plaid answered no (a 4xx with its error); unreachable: no usable answer came. */
    readonly kind: PlaidFailureKind,
    /** Plaid's error_code (INVALID_PUBLIC_TOKEN, ITEM_LOGIN_REQUIRED…), when it sent one. */
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'PlaidRequestError';
  }
}

interface PlaidErrorBody {
  error_code?: unknown;
  error_message?: unknown;
}

interface ClientFailure {
  code?: string;
  response?: { status?: number; data?: PlaidErrorBody };
}

// Plaid's messages name token formats, not tokens; this keeps a token out should one ever be echoed.
const TOKEN_PATTERN = /\b(access|public|link)-(sandbox|production|development)-[\w-]+/g;
const scrub = (text: string) => text.replace(TOKEN_PATTERN, '[token]');

export function describePlaidFailure(error: unknown, timeoutMs: number): PlaidRequestError {
  if (error instanceof PlaidRequestError) return error;
  const failure = (error ?? {}) as ClientFailure;
  const status = failure.response?.status;
  const body = failure.response?.data;
  if (status !== undefined) {
    const kind = status >= 500 ? 'unreachable' : 'refused';
    if (typeof body?.error_code === 'string') {
      const text = typeof body.error_message === 'string' ? `: ${body.error_message}` : '';
      return new PlaidRequestError(kind, body.error_code, scrub(`${body.error_code}${text}`));
    }
    return new PlaidRequestError(kind, null, `HTTP ${status}`);
  }
  if (failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT')
    return new PlaidRequestError('unreachable', null, `no answer within ${timeoutMs} ms`);
  return new PlaidRequestError(
    'unreachable',
    null,
    failure.code ? `not reachable (${failure.code})` : 'not reachable',
  );
}

/**
 * Runs a Plaid step; its failure answers the step's message followed by Plaid's:
 * 'Failed to create Plaid link token. Plaid: INVALID_API_KEYS: invalid client_id or secret provided.'
 * Plaid refusing is the request's fault (422); Plaid failing or silent is the gateway's (502).
 */
export async function withPlaidMessage<T>(failureMsg: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof PlaidRequestError)) throw error;
    const detail = error.message.replace(/\.+$/, '');
    throw new AppError(error.kind === 'refused' ? 422 : 502, `${failureMsg} Plaid: ${detail}.`);
  }
}
