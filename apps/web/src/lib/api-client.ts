import { useSessionStore } from './session-store';

// The answer schemas (and Zod with them) load with the first answer that needs them, not with the
// sign-in form (bench/web-bundle.bench.ts); the idle prefetch of the signed-in shell usually has them
// in the module cache by then.
const loadErrorSchemas = () => import('@tideline/contracts/common/errors');
const loadAuthSchemas = () => import('@tideline/contracts/auth/auth.schemas');

/**
 * A failed call: the server's `{ msg }` (or a fallback) with the real HTTP status, and the fields that
 * failed when the server names them (`fieldErrors`, architecture.md "Contracts").
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** False when the answer carried no `msg` and the message is only the status text. */
    readonly hasServerMessage = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** false for the identity calls that carry no bearer token (sign-in, MFA, password links). */
  isAuthenticated?: boolean;
  signal?: AbortSignal;
}

// The access token lives in memory only; a reload gets a new one from the refresh cookie.
let accessToken: string | null = null;
let refreshInFlight: Promise<string | null> | null = null;
let sessionExpiredHandler: () => void = () => undefined;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function hasAccessToken(): boolean {
  return accessToken !== null;
}

/** Called when the session is found expired while a user is held (platform.md 4.2). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

function expireSession(): void {
  accessToken = null;
  if (useSessionStore.getState().user) {
    useSessionStore.getState().clearSession();
    sessionExpiredHandler();
  }
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined; // not JSON: keep the status text
  }
}

async function readError(response: Response): Promise<ApiError> {
  const [{ ErrorBodySchema, MessageSchema }, body] = await Promise.all([
    loadErrorSchemas(),
    readBody(response),
  ]);
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.msg, parsed.data.fieldErrors);
  const msg = MessageSchema.safeParse(body);
  if (msg.success) return new ApiError(response.status, msg.data.msg);
  return new ApiError(response.status, response.statusText, {}, false);
}

async function requestNewAccessToken(): Promise<string | null> {
  // The answer's schema is fetched beside the refresh, not after it: on a reload every first query
  // waits for this token, and a chunk fetched only once the answer is in added a round trip to each.
  const schemas = loadAuthSchemas();
  schemas.catch(() => undefined); // awaited below; not a stray rejection when the session has ended
  const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
  if (response.status === 401) {
    expireSession();
    return null;
  }
  if (!response.ok) throw await readError(response);
  const [{ TokenResultSchema }, body] = await Promise.all([schemas, response.json()]);
  const { accessToken: token } = TokenResultSchema.parse(body);
  accessToken = token;
  return token;
}

/**
 * Refresh tokens rotate on every use and a reused one ends the session (reuse detection). Tabs of one
 * browser share the refresh cookie, so they take turns through a Web Lock: the second tab sends the
 * cookie the first one's refresh has just replaced, never the spent one.
 */
async function requestInTurn(): Promise<string | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return requestNewAccessToken();
  return await locks.request('tideline-token-refresh', requestNewAccessToken);
}

/** Concurrent callers share one in-flight refresh. Resolves null when the session is gone. */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= requestInTurn().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// The session check of platform.md 4.2: an expired session signs the user out; any other failure of
// the check is logged and the action goes on.
async function checkSession(): Promise<void> {
  try {
    await refreshAccessToken();
  } catch (error) {
    console.error('Session check failed', error);
  }
}

function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.isAuthenticated !== false && accessToken) headers.Authorization = `Bearer ${accessToken}`;
  return fetch(`/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/**
 * Calls the API and returns the parsed JSON answer. Authenticated calls get a token first when none is
 * held, and are retried once after a 401 with a refreshed token.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const isAuthenticated = options.isAuthenticated !== false;
  if (isAuthenticated && !accessToken) await checkSession();
  let response = await send(path, options);
  if (isAuthenticated && response.status === 401) {
    const token = await refreshAccessToken().catch((error: unknown) => {
      console.error('Token refresh failed', error);
      return null;
    });
    if (token) response = await send(path, options);
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** An authenticated GET whose answer is a file (e.g. a csv template), with the same token handling. */
export async function apiDownload(path: string): Promise<Blob> {
  if (!accessToken) await checkSession();
  let response = await send(path, {});
  if (response.status === 401 && (await refreshAccessToken().catch(() => null)))
    response = await send(path, {});
  if (!response.ok) throw await readError(response);
  return response.blob();
}
