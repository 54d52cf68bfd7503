import { vi } from 'vitest';

// Component tests only: the API is faked at the fetch boundary, nothing inside the app is mocked.
export interface FakeResponse {
  status?: number;
  body?: unknown;
}
export type FakeHandler = (request: { body: unknown; headers: Record<string, string> }) => FakeResponse;

export interface FakeApi {
  calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[];
  callsTo: (method: string, path: string) => number;
}

/** Installs a fetch that answers `'METHOD /api/path'` from the given handlers; anything else is a 404. */
export function fakeApi(routes: Record<string, FakeHandler | FakeResponse>): FakeApi {
  const calls: FakeApi['calls'] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers });
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? route({ body, headers }) : route;
    const { status = 200, body: responseBody = {} } = answer ?? { status: 404, body: { msg: 'Not found' } };
    return new Response(JSON.stringify(responseBody), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path === path).length,
  };
}
