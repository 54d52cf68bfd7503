import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { apiRequest, ApiError, onSessionExpired, setAccessToken } from './api-client';
import { useSessionStore } from './session-store';

const user = { userId: 1, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', permList: [] };

describe('apiRequest', () => {
  it('gets a token from the refresh cookie before the first authenticated call', async () => {
    const api = fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'fresh', expiresIn: 900 } },
      'GET /api/things': ({ headers }) =>
        headers.Authorization === 'Bearer fresh' ? { body: { ok: true } } : { status: 401 },
    });
    await expect(apiRequest('/things')).resolves.toEqual({ ok: true });
    expect(api.callsTo('POST', '/api/auth/refresh')).toBe(1);
  });

  it('refreshes once for concurrent 401s and retries each request once', async () => {
    setAccessToken('stale');
    let refreshes = 0;
    const api = fakeApi({
      'POST /api/auth/refresh': () => {
        refreshes += 1;
        return { body: { accessToken: `new-${refreshes}`, expiresIn: 900 } };
      },
      'GET /api/a': ({ headers }) =>
        headers.Authorization === 'Bearer new-1' ? { body: 'a' } : { status: 401 },
      'GET /api/b': ({ headers }) =>
        headers.Authorization === 'Bearer new-1' ? { body: 'b' } : { status: 401 },
    });
    await expect(Promise.all([apiRequest('/a'), apiRequest('/b')])).resolves.toEqual(['a', 'b']);
    expect(refreshes).toBe(1);
    expect(api.callsTo('GET', '/api/a')).toBe(2);
    expect(api.callsTo('GET', '/api/b')).toBe(2);
  });

  it('takes its turn with other tabs through a Web Lock before spending the refresh cookie', async () => {
    setAccessToken('stale');
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (name: string, run: () => Promise<unknown>) => {
          held.push(name);
          return run();
        },
      },
    });
    fakeApi({
      'POST /api/auth/refresh': { body: { accessToken: 'turned', expiresIn: 900 } },
      'GET /api/c': ({ headers }) =>
        headers.Authorization === 'Bearer turned' ? { body: 'c' } : { status: 401 },
    });
    await expect(apiRequest('/c')).resolves.toBe('c');
    expect(held).toEqual(['tideline-token-refresh']);
    vi.unstubAllGlobals();
  });

  it('signs the held user out when the refresh answers 401 (platform.md 4.2)', async () => {
    useSessionStore.getState().setUser(user);
    useSessionStore.getState().setMarketData([{ usTreasury: [1] }]);
    const expired = vi.fn();
    onSessionExpired(expired);
    fakeApi({
      'POST /api/auth/refresh': { status: 401, body: { msg: 'Session expired' } },
      'GET /api/things': { status: 401, body: { msg: 'Unauthorized' } },
    });
    await expect(apiRequest('/things')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().marketData).toBeNull();
    expect(expired).toHaveBeenCalled();
  });

  it('logs a failed session check that is not a 401 and carries on with the call', async () => {
    useSessionStore.getState().setUser(user);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi({
      'POST /api/auth/refresh': { status: 503, body: { msg: 'Unavailable' } },
      'GET /api/health': { body: { status: 'ok' } },
    });
    await expect(apiRequest('/health')).resolves.toEqual({ status: 'ok' });
    expect(logged).toHaveBeenCalled();
    expect(api.callsTo('GET', '/api/health')).toBe(1);
    expect(useSessionStore.getState().user).toEqual(user);
  });

  it('throws the server msg with its status', async () => {
    fakeApi({ 'POST /api/auth/sign-in': { status: 429, body: { msg: 'Too many attempts.' } } });
    const failure = apiRequest('/auth/sign-in', { method: 'POST', body: {}, isAuthenticated: false });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 429, message: 'Too many attempts.' });
  });

  it('never keeps the access token in browser storage', async () => {
    useSessionStore.getState().setUser(user);
    fakeApi({ 'POST /api/auth/refresh': { body: { accessToken: 'secret-token', expiresIn: 900 } } });
    await apiRequest('/auth/refresh', { method: 'POST', isAuthenticated: false });
    setAccessToken('secret-token');
    const stored = JSON.stringify({ ...localStorage });
    expect(stored).toContain('Ada');
    expect(stored).not.toContain('secret-token');
  });
});
