import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TokenResult } from '@tideline/contracts/auth/auth.schemas';
import { setAccessToken } from '../../lib/api-client';
import { fetchLoggedUser, loggedUserQueryKey } from '../../lib/logged-user';
import { useSessionStore } from '../../lib/session-store';

/**
 * After MFA: keep the access token in memory, load the app user and store it. The public-route guard
 * then sends the user to /dashboard or to the page they first asked for. A failure to load the user is
 * only logged (platform.md 8).
 */
export function useCompleteSignIn(): (tokens: TokenResult) => Promise<void> {
  const queryClient = useQueryClient();
  const setUser = useSessionStore((s) => s.setUser);
  return useCallback(
    async ({ accessToken }: TokenResult) => {
      setAccessToken(accessToken);
      try {
        const user = await fetchLoggedUser();
        queryClient.setQueryData(loggedUserQueryKey, user);
        setUser(user);
      } catch (error) {
        console.error('Could not load the signed-in user', error);
      }
    },
    [queryClient, setUser],
  );
}
