import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword } from '@tideline/contracts/auth/auth.schemas';
import type { ExceptionDigest } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { ProfileBody } from '@tideline/contracts/users/users.schemas';
import { setAccessToken } from '../../lib/api-client';
import { loggedUserQueryKey } from '../../lib/logged-user';
import { useSessionStore } from '../../lib/session-store';
import { changePassword, resetOwnMfa, saveExceptionDigest, updateProfile } from './my-account.api';
import { myAccountKeys } from './my-account.queries';

/** Saves the Details section; the answer is the reloaded app user, held in the cache and the session. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileBody['user']) => updateProfile(profile),
    onSuccess: ({ msg: _msg, ...user }) => {
      queryClient.setQueryData(loggedUserQueryKey, user);
      useSessionStore.getState().setUser(user);
    },
  });
}

/** Changes the password; the server ends the other sessions and hands this one fresh tokens. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePassword) => changePassword(body),
    onSuccess: ({ accessToken }) => setAccessToken(accessToken),
  });
}

/**
 * Resets one's own MFA, then signs out here as Logout does (platform.md 2.7): no token, no cached
 * answers, no user. The next sign-in enrols a new authenticator.
 */
export function useResetOwnMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetOwnMfa,
    onSuccess: () => {
      setAccessToken(null);
      queryClient.clear();
      useSessionStore.getState().signOut();
    },
  });
}

/** Turns the daily exceptions digest on or off; the saved answer replaces the cached setting. */
export function useSaveExceptionDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExceptionDigest) => saveExceptionDigest(body),
    onSuccess: (saved) => queryClient.setQueryData(myAccountKeys.exceptionDigest(), saved),
  });
}
