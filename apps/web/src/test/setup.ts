import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setAccessToken } from '../lib/api-client';
import { useSessionStore } from '../lib/session-store';

// Whole-app tests drive lazy routes and MUI dialogs in jsdom on a shared two-core machine: the waits of
// findBy* get 10 s instead of 1 s (the first lazy route of a file is transformed on demand).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessToken(null);
  useSessionStore.setState({ user: null, marketData: null, hasSignedOut: false });
  localStorage.clear();
});
