import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setAccessToken } from '../lib/api-client';
import { useSessionStore } from '../lib/session-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessToken(null);
  useSessionStore.setState({ user: null, marketData: null, hasSignedOut: false });
  localStorage.clear();
});
